/**
 * Imports never silently undo sales: the shop's master file is imported, a unit is sold, and the
 * same (old) master file imported again must not put the sold unit back. A file that says when it
 * was counted (`exported_at`) applies its quantities where the stock has not changed since; a
 * `qty_delta` adds to what the shop has; every row not applied is reported. The back office's form
 * refuses a quantity typed over a sale made while it was open.
 */
import { importCatalog } from '@vitrina/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from './helpers.ts';
import { bearer, placeOrder, uniqueAddress } from './user-helpers.ts';
import { runStaffCli, type StaffCliIo } from '../src/staff/cli.ts';

let api: TestApi;
const master = (exported_at?: string) => ({
  ...(exported_at ? { exported_at } : {}),
  products: [
    {
      id: 9401,
      sku: 'MASTER-A',
      name: 'Master file product A',
      url_key: 'master-a',
      price: 10,
      category_ids: [10],
      stock: { qty: 5, is_in_stock: true },
    },
    {
      id: 9402,
      sku: 'MASTER-B',
      name: 'Master file product B',
      url_key: 'master-b',
      price: 10,
      category_ids: [10],
      stock: { qty: 3, is_in_stock: true },
    },
  ],
});
const importFile = (file: unknown) =>
  api.call({
    method: 'POST',
    url: '/vsbridge/admin/catalog/import',
    headers: bearer(api.adminToken),
    payload: file as Record<string, unknown>,
  });
const qty = async (sku: string) =>
  (await api.database.query<{ qty: number }>('SELECT qty FROM stock WHERE sku = $1', [sku]))[0]?.qty;
const sell = async (sku: string) => {
  const r = await placeOrder(api, { sku });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
};

beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => api?.close());

describe('re-importing the master file after a sale', () => {
  it('does not put the sold unit back, and reports the row (stock 4 stays 4, not 5)', async () => {
    expect((await importFile(master())).status).toBe(200);
    expect(await qty('MASTER-A')).toBe(5);
    await sell('MASTER-A');
    expect(await qty('MASTER-A')).toBe(4);
    const again = await importFile(master());
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(await qty('MASTER-A')).toBe(4);
    expect(await qty('MASTER-B')).toBe(3);
    expect(again.body.result.stock_conflicts).toEqual([
      {
        sku: 'MASTER-A',
        path: 'products[0].stock.qty',
        file_qty: 5,
        shop_qty: 4,
        changed_at: expect.any(String),
      },
    ]);
  });

  it('a file counted after the sale (exported_at later) applies its quantities', async () => {
    await sell('MASTER-B');
    const counted = new Date(Date.now() + 1000).toISOString();
    const file = master(counted);
    file.products[0]!.stock.qty = 9; // a delivery arrived, counted after the sale
    file.products[1]!.stock.qty = 2;
    const r = await importFile(file);
    expect(r.body.result.stock_conflicts).toEqual([]);
    expect([await qty('MASTER-A'), await qty('MASTER-B')]).toEqual([9, 2]);
  });

  it('a file counted before a sale (exported_at earlier) keeps the sale and reports it', async () => {
    const counted = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 20));
    await sell('MASTER-A');
    const file = master(counted);
    file.products[0]!.stock.qty = 9;
    file.products[1]!.stock.qty = 7;
    const r = await importFile(file);
    expect(r.body.result.stock_conflicts.map((c: { sku: string }) => c.sku)).toEqual(['MASTER-A']);
    expect([await qty('MASTER-A'), await qty('MASTER-B')]).toEqual([8, 7]);
  });

  it('qty_delta adds to what the shop has, in full records and in stock feeds', async () => {
    const before = await qty('MASTER-A');
    const file = master();
    file.products = [{ ...file.products[0]!, stock: { qty_delta: 3, is_in_stock: true } as never }];
    expect((await importFile(file)).status).toBe(200);
    expect(await qty('MASTER-A')).toBe(before! + 3);
    const feed = await importFile({ products: [{ sku: 'MASTER-A', qty_delta: -2 }] });
    expect(feed.status, JSON.stringify(feed.body)).toBe(200);
    expect(await qty('MASTER-A')).toBe(before! + 1);
    const both = await importFile({ products: [{ sku: 'MASTER-A', qty: 1, qty_delta: 1 }] });
    expect(both.status).toBe(400);
    expect(both.body.result).toMatch(/qty or qty_delta/);
  });

  it('a stock feed of absolute quantities is guarded alike', async () => {
    await importFile({
      exported_at: new Date(Date.now() + 1000).toISOString(),
      products: [{ sku: 'MASTER-B', qty: 6 }],
    });
    expect(await qty('MASTER-B')).toBe(6);
    await sell('MASTER-B');
    const stale = await importFile({ products: [{ sku: 'MASTER-B', qty: 6 }] });
    expect(stale.body.result.stock_conflicts).toEqual([
      expect.objectContaining({ sku: 'MASTER-B', file_qty: 6, shop_qty: 5 }),
    ]);
    expect(await qty('MASTER-B')).toBe(5);
  });

  it('the first import of a product applies its stock (nothing to protect)', async () => {
    const r = await importCatalog(api.database, {
      products: [
        {
          id: 9403,
          sku: 'MASTER-C',
          name: 'C',
          url_key: 'master-c',
          price: 1,
          category_ids: [10],
          stock: { qty: 4 },
        },
      ],
    });
    expect(r.stock_conflicts).toEqual([]);
    expect(await qty('MASTER-C')).toBe(4);
  });
});

describe('the back office form', () => {
  it('refuses a quantity typed over a sale made while the form was open; an untouched quantity is no conflict', async () => {
    const io: StaffCliIo = {
      env: {},
      cwd: process.cwd(),
      out: () => {},
      err: () => {},
      readPassword: async () => 'staff password 123',
    };
    expect(await runStaffCli(['add', 'cat@shop.lt', '--role', 'catalog'], io, async () => api.database)).toBe(
      0,
    );
    const login = await api.call({
      method: 'POST',
      url: '/vsbridge/staff/login?storeCode=en',
      payload: { email: 'cat@shop.lt', password: 'staff password 123' },
      remoteAddress: uniqueAddress(),
    });
    const raw = login.res.headers['set-cookie'];
    const cookie = String(Array.isArray(raw) ? raw[0] : raw).split(';')[0] as string;
    const form = (
      await api.call({ url: '/vsbridge/staff/products/MASTER-A?storeCode=en', headers: { cookie } })
    ).body.result.product;
    await new Promise((r) => setTimeout(r, 20));
    await sell('MASTER-A');
    const shopQty = await qty('MASTER-A');
    const typed = await api.call({
      method: 'POST',
      url: '/vsbridge/staff/products/MASTER-A?storeCode=en',
      headers: { cookie },
      payload: {
        version: form.version,
        opened_at: form.opened_at,
        product: { stock: { qty: form.stock.qty + 10 } },
      },
    });
    expect(typed.status).toBe(409);
    expect(typed.body.result).toMatch(/The stock of MASTER-A changed after you opened the form/);
    expect(await qty('MASTER-A')).toBe(shopQty);
    const untouched = await api.call({
      method: 'POST',
      url: '/vsbridge/staff/products/MASTER-A?storeCode=en',
      headers: { cookie },
      payload: { version: form.version, opened_at: form.opened_at, product: { brand: 'Kept' } },
    });
    expect(untouched.status, JSON.stringify(untouched.body)).toBe(200);
    // a quantity without the time its form was opened cannot be judged: refused, naming the field
    const undated = await api.call({
      method: 'POST',
      url: '/vsbridge/staff/products/MASTER-A?storeCode=en',
      headers: { cookie },
      payload: { version: untouched.body.result.version, product: { stock: { qty: 50 } } },
    });
    expect(undated.status).toBe(400);
    expect(undated.body.result).toMatch(/opened_at/);
    expect(await qty('MASTER-A')).toBe(shopQty);
  });
});
