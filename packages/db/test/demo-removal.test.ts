/**
 * Leaving the demo behind: the demo seeded as the shop server seeds it (the
 * generator, the real importer, markDemoSeeded), then removed alone or together with a shop's own
 * import. Run on PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DEMO_CATALOG_KEY,
  getMeta,
  importCatalog,
  isDemoShop,
  migrate,
  openDatabase,
  runDemoRemoveCli,
  runImportCli,
} from '../src/index.ts';
import { ROOT_CATEGORY_ID, generateDemoCatalog } from '@vitrina/demo';
import type { ImportFileInput } from '@vitrina/domain';
import { demoKeysOf, markDemoSeeded, removeDemoData } from '../src/demo/index.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing.ts';

const REF = new Date('2026-03-15T10:30:00Z');
/** a small demo catalogue (the generator's every product type) keeps the test quick */
const demo = generateDemoCatalog({ seed: 42, productCount: 40, referenceDate: REF });
const keys = demoKeysOf(demo);

async function seedDemo(database: TestDatabase) {
  await importCatalog(database, demo, { now: REF });
  await markDemoSeeded(database, demo);
}

async function count(database: TestDatabase, sql: string, params: unknown[] = []) {
  const [row] = await database.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params);
  return row?.n ?? 0;
}

/** what is left of the demo: every kind of record it brought */
async function demoLeft(database: TestDatabase, except: { skus?: string[] } = {}) {
  const skus = keys.skus.filter((s) => !(except.skus ?? []).includes(s));
  return {
    products: await count(database, 'products where sku = any($1::text[])', [skus]),
    indexRows: await count(database, 'product_index where product_id not in (select id from products)'),
    coupons: await count(database, 'coupons where code = any($1::text[])', [keys.coupons]),
    pickupPoints: await count(database, 'pickup_points where id = any($1::text[])', [keys.pickupPoints]),
    cmsPages: await count(database, 'cms_pages where id = any($1::int[])', [keys.cmsPages]),
    cmsBlocks: await count(database, 'cms_blocks where id = any($1::int[])', [keys.cmsBlocks]),
    banners: await count(database, 'banners where image = any($1::text[])', [keys.bannerImages]),
    demoOffers: await count(database, "special_offers where label = 'demo'"),
  };
}
const NOTHING_LEFT = {
  products: 0,
  indexRows: 0,
  coupons: 0,
  pickupPoints: 0,
  cmsPages: 0,
  cmsBlocks: 0,
  banners: 0,
  demoOffers: 0,
};

/** a demo customer's welcome offer, as the API gives it (user/special-offers.ts) */
async function addDemoOffer(database: TestDatabase) {
  const [customer] = await database.query<{ id: number }>(
    `insert into customers (email, password_hash, firstname, lastname) values ('demo@example.com', 'x', 'D', 'E') returning id`,
  );
  const [product] = await database.query<{ id: number; sku: string }>(
    "select id, sku from products where type_id = 'simple' order by id limit 1",
  );
  await database.query(
    `insert into special_offers (customer_id, product_id, sku, final_price_cents, price_incl_tax_cents, option_comments, quantity, label)
     values ($1, $2, $3, 100, 121, 'Demo offer', 1, 'demo')`,
    [customer?.id, product?.id, product?.sku],
  );
}

describe('the demo data, removed', () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase();
    await seedDemo(database);
    await addDemoOffer(database);
  });
  afterEach(() => database?.dispose());

  it('removeDemoData leaves no demo product, coupon, pickup point, CMS, banner or offer, and ends the demo', async () => {
    // the seeded shop is the demo, with the demo coupon NEWS10, pickup points and a demo offer
    expect(await isDemoShop(database)).toBe(true);
    expect(keys.coupons).toContain('NEWS10');
    expect(keys.pickupPoints.length).toBeGreaterThan(0);
    const before = await demoLeft(database);
    expect(before.products).toBe(keys.skus.length);
    expect(before.coupons).toBe(keys.coupons.length);
    expect(before.demoOffers).toBe(1);

    // a newsletter subscriber's personal coupon is the shop's, not the demo's
    await database.query(
      "insert into coupons (code, type, value, uses_per_coupon) values ('NEWS10-PERSONAL1', 'percent', 10, 1)",
    );
    const removed = await removeDemoData(database);
    expect(removed?.products).toBe(keys.skus.length);
    expect(removed?.special_offers).toBe(1);
    expect(await demoLeft(database)).toEqual(NOTHING_LEFT);
    expect(await count(database, 'product_index')).toBe(0);
    expect(await count(database, 'stock')).toBe(0);
    expect(await count(database, 'product_categories')).toBe(0);
    expect(await count(database, "coupons where code = 'NEWS10-PERSONAL1'")).toBe(1);
    // the root category stays; configuration the shop sells with stays
    expect(await count(database, 'categories')).toBe(1);
    expect(await count(database, 'categories where id = $1', [ROOT_CATEGORY_ID])).toBe(1);
    expect(await count(database, 'payment_methods')).toBe(demo.payment_methods?.length);
    expect(await count(database, 'shipping_methods')).toBe(demo.shipping_methods?.length);
    expect(await count(database, 'tax_rules')).toBe(demo.taxrules?.length);
    expect(await isDemoShop(database)).toBe(false);
    expect(await getMeta(database, DEMO_CATALOG_KEY)).toBe(false);
    // a second run finds no demo
    expect(await removeDemoData(database)).toBeUndefined();
  });

  it('an import with removeDemo swaps the demo for the shop catalogue in one step, keeping the file records', async () => {
    const kept = demo.products.find((p) => p.type_id === 'simple')!;
    const own: ImportFileInput = {
      categories: [{ id: 500, parent_id: ROOT_CATEGORY_ID, name: 'Own', position: 1, is_active: true }],
      products: [
        { ...kept, name: 'Our own product on a demo sku', category_ids: [500] },
        {
          id: 90001,
          sku: 'OWN-1',
          name: 'Our own',
          type_id: 'simple',
          price: 10,
          status: 1,
          visibility: 4,
          category_ids: [500],
          stock: { qty: 5, is_in_stock: true },
        },
      ],
      coupons: [{ code: 'WELCOME5', type: 'fixed', value: 5 }],
    };
    const result = await importCatalog(database, own, { now: REF, removeDemo: true });
    expect(result.demo_removed?.products).toBe(keys.skus.length - 1);
    expect(await demoLeft(database, { skus: [kept.sku] })).toEqual({ ...NOTHING_LEFT, coupons: 1 });
    expect(await count(database, "coupons where code = 'NEWS10'")).toBe(0);
    expect(await count(database, "coupons where code = 'WELCOME5'")).toBe(1);
    expect(
      (await database.query<{ sku: string }>('select sku from products order by sku')).map((p) => p.sku),
    ).toEqual([kept.sku, 'OWN-1'].sort());
    expect(await count(database, "product_index where store_code = 'lt'")).toBe(2);
    expect(await count(database, 'categories where id = 500')).toBe(1);
    expect(await isDemoShop(database)).toBe(false);
  });

  it('a failing import removes nothing', async () => {
    await expect(
      importCatalog(database, { products: [{ sku: 'BAD' }] }, { removeDemo: true }),
    ).rejects.toThrow();
    expect((await demoLeft(database)).products).toBe(keys.skus.length);
    expect(await isDemoShop(database)).toBe(true);
  });
});

describe('a shop that is not the demo', () => {
  it('has nothing removed: removeDemoData answers undefined and the import says so', async () => {
    const database = await createTestDatabase();
    try {
      await importCatalog(database, demo, { now: REF }); // the same records, imported by the operator
      expect(await removeDemoData(database)).toBeUndefined();
      const result = await importCatalog(database, {}, { removeDemo: true });
      expect(result.demo_removed).toBeNull();
      expect(await count(database, 'products')).toBe(keys.skus.length);
    } finally {
      await database.dispose();
    }
  });
});

describe('npm run demo:remove and catalog:import --remove-demo', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'vitrina-demo-remove-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const io = (env: NodeJS.ProcessEnv, lines: string[]) => ({
    env,
    cwd: dir,
    out: (l: string) => lines.push(l),
    err: (l: string) => lines.push(`ERR ${l}`),
  });

  it('removes the demo of the embedded database in DATA_DIR, and refuses unknown options', async () => {
    const dataDir = path.join(dir, 'var');
    const db = await openDatabase({ dataDir });
    await migrate(db);
    await importCatalog(db, demo, { now: REF });
    await markDemoSeeded(db, demo);
    await db.close();

    const lines: string[] = [];
    expect(await runImportCli(['x.json', '--remove-dmeo'], io({ DATA_DIR: dataDir }, lines))).toBe(2);
    expect(lines.join('\n')).toMatch(/Unknown option --remove-dmeo/);

    lines.length = 0;
    expect(await runDemoRemoveCli([], io({ DATA_DIR: dataDir }, lines))).toBe(0);
    expect(lines.join('\n')).toMatch(/Demo data removed: products \d+/);

    lines.length = 0;
    const file = path.join(dir, 'own.json');
    await writeFile(file, JSON.stringify({ coupons: [{ code: 'OWN5', type: 'percent', value: 5 }] }));
    expect(await runImportCli([file, '--remove-demo'], io({ DATA_DIR: dataDir }, lines))).toBe(0);
    expect(lines.join('\n')).toMatch(/Not a demo shop: no demo data to remove/);

    const again = await openDatabase({ dataDir });
    try {
      expect(await isDemoShop(again)).toBe(false);
      expect(await count(again as TestDatabase, 'products')).toBe(0);
      expect(await count(again as TestDatabase, "coupons where code = 'NEWS10'")).toBe(0);
    } finally {
      await again.close();
    }
  });
});
