/**
 * Partial updates through the import: records of only
 * {sku, qty} or {sku, price, special_price, special_from_date, special_to_date} update those fields of
 * existing products and nothing else; an unknown sku is an error naming it, and nothing is written.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { toDate } from '@vitrina/domain';
import { ImportError, importCatalog } from '../src/index.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing.ts';
import { NOW, smallCatalog } from './fixture.ts';

let database: TestDatabase | undefined;
afterAll(() => database?.dispose());

beforeEach(async () => {
  await database?.dispose();
  database = await createTestDatabase();
  await importCatalog(database, smallCatalog(), { now: NOW });
});

const db = () => database!;

/** everything a product row and its stock and index say, to compare before and after */
async function snapshot(sku: string) {
  const [p] = await db().query<Record<string, unknown>>(
    `select p.*, s.qty, s.is_in_stock, s.manage_stock,
            (select array_agg(category_id order by category_id) from product_categories where product_id = p.id) as categories
       from products p left join stock s on s.product_id = p.id where p.sku = $1`,
    [sku],
  );
  const index = await db().query<{ final_price_incl_tax: number; total_qty: number; is_in_stock: boolean }>(
    "select final_price_incl_tax, total_qty, is_in_stock from product_index where sku = $1 and store_code = 'lt'",
    [sku],
  );
  const snap: Record<string, unknown> & { index: (typeof index)[number] | undefined } = { ...p!, index: index[0] };
  return snap;
}

const without = (o: Record<string, unknown>, keys: string[]) =>
  Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)));

describe('partial product records', () => {
  it('{sku, qty} sets the stock and nothing else', async () => {
    const before = await snapshot('MOU-1');
    const result = await importCatalog(db(), { products: [{ sku: 'MOU-1', qty: 0 }, { sku: 'HDMI-2M', qty: '25' }] }, { now: NOW });
    expect(result.product_updates).toBe(2);
    const after = await snapshot('MOU-1');
    expect(after).toMatchObject({ qty: 0, is_in_stock: false });
    expect(after.index).toMatchObject({ total_qty: 0, is_in_stock: false });
    // every other field as it was: name, prices, special window, categories, attributes ...
    expect(without(after, ['qty', 'is_in_stock', 'index', 'updated_at'])).toEqual(
      without(before, ['qty', 'is_in_stock', 'index', 'updated_at']),
    );
    expect(await snapshot('HDMI-2M')).toMatchObject({ qty: 25, is_in_stock: true });
  });

  it('{sku, price, special_price, special_from_date, special_to_date} sets the prices and nothing else', async () => {
    const before = await snapshot('HDMI-2M');
    await importCatalog(
      db(),
      { products: [{ sku: 'HDMI-2M', price: 10, special_price: 8.5, special_from_date: '2026-06-01', special_to_date: null }] },
      { now: NOW },
    );
    const after = await snapshot('HDMI-2M');
    expect(after).toMatchObject({ price_cents: 1000, special_price_cents: 850, special_to_date: null, qty: before.qty });
    // read as a full record's date is (the domain's toDate)
    expect(new Date(after.special_from_date as string).toISOString()).toBe(toDate('2026-06-01').toISOString());
    // the listing shows the special price incl. 21 % VAT: 8.50 × 1.21
    expect(after.index?.final_price_incl_tax).toBe(1029);
    // `version` counts the writes (a back-office form opened before this one is refused): one more
    expect(after.version).toBe(Number(before.version) + 1);
    expect(without(after, ['price_cents', 'special_price_cents', 'special_from_date', 'special_to_date', 'index', 'updated_at', 'version'])).toEqual(
      without(before, ['price_cents', 'special_price_cents', 'special_from_date', 'special_to_date', 'index', 'updated_at', 'version']),
    );
  });

  it('a field left out is kept: {sku, price} keeps the special price', async () => {
    await importCatalog(db(), { products: [{ sku: 'HDMI-2M', price: 6 }] }, { now: NOW });
    expect(await snapshot('HDMI-2M')).toMatchObject({ price_cents: 600, special_price_cents: 400 });
  });

  it('an unknown sku is refused by name, and nothing of the file is written', async () => {
    const before = await snapshot('MOU-1');
    const err = await importCatalog(db(), { products: [{ sku: 'MOU-1', qty: 99 }, { sku: 'NO-SUCH-SKU', qty: 1 }] }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ImportError);
    expect((err as ImportError).issues).toEqual([
      expect.objectContaining({ path: 'products[1].sku', message: expect.stringContaining('Unknown sku "NO-SUCH-SKU"') }),
    ]);
    expect((await snapshot('MOU-1')).qty).toBe(before.qty);
  });

  it('bad values name the record and field; a full record beside them keeps its own index in messages', async () => {
    const err = await importCatalog(db(), {
      products: [
        { sku: 'MOU-1', qty: -1 },
        { sku: 'HDMI-2M', price: 'cheap' },
        { id: 9001, sku: 'NEW-1', price: 'x', name: 'New' },
      ],
    }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ImportError);
    // the full record is checked first: its message points at products[2], where it is in the file
    expect((err as ImportError).issues.map((i) => i.path)).toEqual(['products[2].price']);
    const err2 = await importCatalog(db(), { products: [{ sku: 'MOU-1', qty: -1 }, { sku: 'HDMI-2M', price: 'cheap' }] }).then(
      () => null,
      (e: unknown) => e,
    );
    expect((err2 as ImportError).issues.map((i) => i.path)).toEqual(['products[0].qty', 'products[1].price']);
  });

  it('a record with any other field is a full record, validated as before (name required)', async () => {
    const err = await importCatalog(db(), { products: [{ sku: 'MOU-1', qty: 3, brand: 'Other' }] }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ImportError);
    expect((err as ImportError).issues.map((i) => i.path)).toContain('products[0].name');
  });

  it('full and partial records in one file: the new product is written and the other updated', async () => {
    const result = await importCatalog(
      db(),
      { products: [{ sku: 'MOU-1', qty: 4 }, { id: 9001, sku: 'NEW-1', name: 'New thing', price: 12, stock: { qty: 1 } }] },
      { now: NOW },
    );
    expect(result).toMatchObject({ products: 1, product_updates: 1 });
    expect((await snapshot('MOU-1')).qty).toBe(4);
    expect((await snapshot('NEW-1')).price_cents).toBe(1200);
  });
});
