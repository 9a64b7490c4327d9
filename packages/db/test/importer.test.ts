import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportError, getCatalogVersion, importCatalog, validateImportFile } from '../src/index.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing.ts';
import { NOW, smallCatalog } from './fixture.ts';

async function counts(database: TestDatabase) {
  const [row] = await database.query<Record<string, number>>(
    `select (select count(*) from products)::int as products, (select count(*) from categories)::int as categories,
            (select count(*) from product_index)::int as index_rows, (select count(*) from stock)::int as stock,
            (select count(*) from product_categories)::int as links, (select count(*) from coupons)::int as coupons,
            (select count(*) from attributes)::int as attributes, (select count(*) from banners)::int as banners`,
  );
  return row;
}

describe('importCatalog', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.dispose());

  it('imports every section of a file, children included, and bumps the catalogue version', async () => {
    const phases = new Set<string>();
    const result = await importCatalog(database, smallCatalog(), { now: NOW, onProgress: (_d, _t, phase) => phases.add(phase) });
    expect(result).toMatchObject({
      attributes: 2,
      categories: 4,
      products: 8,
      children: 2,
      taxrules: 1,
      coupons: 2,
      cms_pages: 1,
      cms_blocks: 1,
      shipping_methods: 1,
      payment_methods: 1,
      pickup_points: 1,
      banners: 1,
      shop_config: 1,
      indexed: 8,
      catalogVersion: 1,
    });
    expect(result.warnings.join()).toContain('unknown_field');
    expect([...phases]).toEqual(expect.arrayContaining(['validate', 'products', 'index', 'done']));
    expect(await getCatalogVersion(database)).toBe(1);
    expect(await counts(database)).toEqual({
      products: 8,
      categories: 4,
      index_rows: 24,
      stock: 8,
      links: 4,
      coupons: 2,
      attributes: 2,
      banners: 1,
    });
  });

  it('computes the category tree: level and path from the root (id 2)', async () => {
    const rows = await database.query<{ id: number; level: number; path: string; slug: { lt: string; en: string; ru: string } }>(
      'select id, level, path, slug from categories order by id',
    );
    expect(rows.map((r) => [r.id, r.level, r.path])).toEqual([
      [2, 1, '1/2'],
      [12, 2, '1/2/12'],
      [20, 3, '1/2/12/20'],
      [30, 2, '1/2/30'],
    ]);
    expect(rows.find((r) => r.id === 12)?.slug).toEqual({ lt: 'nesiojami-kompiuteriai', en: 'laptops', ru: 'noutbuki' });
    expect(rows.find((r) => r.id === 20)?.slug).toEqual({ lt: 'verslui', en: 'business', ru: 'biznes' });
  });

  it('stores money in cents, children as visibility-1 products of their parent, and stock', async () => {
    const products = await database.query<Record<string, unknown>>(
      'select id, sku, type_id, visibility, parent_id, price_cents, special_price_cents, attributes, name from products order by id',
    );
    const bySku = new Map(products.map((p) => [p.sku, p]));
    expect(bySku.get('MOU-1')).toMatchObject({ price_cents: 1999, special_price_cents: 1500, visibility: 4, parent_id: null });
    expect(bySku.get('LAP-1001-A')).toMatchObject({
      id: 1003,
      type_id: 'simple',
      visibility: 1,
      parent_id: 1001,
      price_cents: 74900,
      special_price_cents: 69900,
      attributes: { condition: 6, color: 50 },
    });
    // a child without a name takes its parent's
    expect((bySku.get('LAP-1001-N')?.name as { en: string }).en).toBe('Lenovo ThinkPad T14 laptop');
    const coupons = await database.query<{ code: string; type: string; value: number; min_subtotal_cents: number | null }>(
      'select code, type, value, min_subtotal_cents from coupons order by code',
    );
    expect(coupons).toEqual([
      { code: 'FIX5', type: 'fixed', value: 550, min_subtotal_cents: 5000 },
      { code: 'NEWS10', type: 'percent', value: 10, min_subtotal_cents: null },
    ]);
    const [ship] = await database.query<{ price_cents: number; free_threshold_cents: number }>('select * from shipping_methods');
    expect(ship).toMatchObject({ price_cents: 399, free_threshold_cents: 9900 });
    const [pay] = await database.query<{ fee_cents: number; allowed_for_virtual: boolean }>('select * from payment_methods');
    expect(pay).toMatchObject({ fee_cents: 300, allowed_for_virtual: false });
    const stock = await database.query<{ sku: string; qty: number; is_in_stock: boolean; manage_stock: boolean }>(
      'select sku, qty, is_in_stock, manage_stock from stock order by sku',
    );
    expect(stock.find((s) => s.sku === 'HDMI-2M')).toMatchObject({ qty: 7, is_in_stock: true, manage_stock: true });
    expect(stock.find((s) => s.sku === 'EBOOK-1')).toMatchObject({ is_in_stock: true, manage_stock: false });
    expect(stock.find((s) => s.sku === 'SET-1')).toMatchObject({ is_in_stock: true, manage_stock: false });
  });

  it('upserts: importing the same file again changes no counts, keeps ids and bumps the version', async () => {
    const before = await counts(database);
    const result = await importCatalog(database, smallCatalog(), { now: NOW });
    expect(result.catalogVersion).toBe(2);
    expect(await counts(database)).toEqual(before);
  });

  it('links a product exported on its own with parent_sku, and keeps an existing id for a known sku', async () => {
    const result = await importCatalog(
      database,
      {
        products: [
          { id: 1004, sku: 'LAP-1001-B', name: 'ThinkPad T14 (B)', price: 649, visibility: 1, parent_sku: 'LAP-1001', condition: 6, stock: { qty: 1 } },
          { id: 9999, sku: 'MOU-1', name: 'Logitech mouse', price: 18.5, stock: { qty: 4 } },
        ],
      },
      { now: NOW },
    );
    expect(result.products).toBe(2);
    expect(result.warnings.join()).toContain('MOU-1 keeps id 2001');
    const [child] = await database.query<{ parent_id: number }>(`select parent_id from products where sku = 'LAP-1001-B'`);
    expect(child?.parent_id).toBe(1001);
    const [mouse] = await database.query<{ id: number; price_cents: number }>(`select id, price_cents from products where sku = 'MOU-1'`);
    expect(mouse).toEqual({ id: 2001, price_cents: 1850 });
    // the parent's document now shows the new child (the parent was re-indexed with it)
    const [doc] = await database.query<{ skus: string[] }>(
      `select child_skus as skus from product_index where store_code = 'en' and sku = 'LAP-1001'`,
    );
    expect(doc?.skus).toContain('LAP-1001-B');
    // category links stay when a record has no category_ids
    const [links] = await database.query<{ n: number }>('select count(*)::int as n from product_categories where product_id = 2001');
    expect(links?.n).toBe(1);
  });

  it('stores a pickup point\'s opening hours, and refuses hours that are not HH:MM-HH:MM', async () => {
    const store = { id: 'store-1', carrier_code: 'storepickup', name: 'Store', address: 'Ozo g. 1', city: 'Vilnius', country_id: 'LT' };
    const hours = { '1': '10:00-19:00', '6': '10:00-16:00', '7': null };
    await importCatalog(database, { pickup_points: [{ ...store, opening_hours: hours }] });
    const [row] = await database.query<{ opening_hours: unknown }>(`select opening_hours from pickup_points where id = 'store-1'`);
    expect(row?.opening_hours).toEqual(hours);
    expect(() => validateImportFile({ pickup_points: [{ ...store, opening_hours: { '1': '19:00-10:00' } }] })).toThrow(
      /pickup_points\[0\]\.opening_hours\.1: Expected HH:MM-HH:MM/,
    );
  });

  it('accepts the file as JSON text too', async () => {
    const result = await importCatalog(database, JSON.stringify({ coupons: [{ code: 'TEXT1', type: 'percent', value: 5 }] }));
    expect(result.coupons).toBe(1);
  });

  it('customer groups: tier and customer tax class by id, numbers as text too; an unknown tier refused', async () => {
    const groups = async () =>
      database.query<{ id: number; code: string; discount_percent: number; tax_class_id: number | null }>(
        'select id, code, discount_percent, tax_class_id from customer_groups where id in (3, 7) order by id',
      );
    const result = await importCatalog(database, {
      customer_groups: [
        { id: 3, code: 'demo-vip', name: 'VIP', discount_percent: 10, tax_class_id: null },
        { id: '7', code: 'business', name: 'VAT-registered businesses', tax_class_id: '5' },
      ],
    });
    expect(result.customer_groups).toBe(2);
    expect(await groups()).toEqual([
      { id: 3, code: 'demo-vip', discount_percent: 10, tax_class_id: null },
      { id: 7, code: 'business', discount_percent: 0, tax_class_id: 5 },
    ]);
    // upserted by id: the class changes, nothing else is added
    await importCatalog(database, { customer_groups: [{ id: 7, code: 'business', name: 'B2B', tax_class_id: 6 }] });
    expect((await groups())[1]).toMatchObject({ id: 7, tax_class_id: 6 });
    const err = await importCatalog(database, {
      customer_groups: [{ id: 8, code: 'too-much', name: 'Too much', discount_percent: 95 }],
    }).catch((e: unknown) => e);
    expect((err as ImportError).issues.map((i) => `${i.path}: ${i.message}`)).toEqual([
      'customer_groups[0].discount_percent: Must be 0 to 90',
    ]);
  });
});

describe('importCatalog rejects a bad file and changes nothing', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await importCatalog(database, smallCatalog(), { now: NOW });
  });
  afterAll(() => database?.dispose());

  it('a file whose 3rd product is malformed: an ImportError naming products[2] and its sku, nothing written', async () => {
    const before = await counts(database);
    const version = await getCatalogVersion(database);
    const file = smallCatalog();
    file.products[0]!.price = 1.0; // a valid change that must not land
    (file.products[2] as Record<string, unknown>).price = '5,00';
    file.categories.push({ id: 40, parent_id: 2, name: 'New', position: 3 });
    const err = await importCatalog(database, file).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ImportError);
    const issues = (err as ImportError).issues;
    expect(issues).toEqual([
      { path: 'products[2].price', message: 'Expected number, received string "5,00"', record: 'sku "HDMI-2M"' },
    ]);
    expect((err as Error).message).toContain('products[2].price: Expected number, received string "5,00" (sku "HDMI-2M")');
    expect(await counts(database)).toEqual(before);
    expect(await getCatalogVersion(database)).toBe(version);
    const [lap] = await database.query<{ price_cents: number }>(`select price_cents from products where sku = 'LAP-1001'`);
    expect(lap?.price_cents).toBe(89900);
  });

  it('collects every problem, with record names, children included', () => {
    const file = smallCatalog() as Record<string, unknown> & ReturnType<typeof smallCatalog>;
    delete (file.products[1] as Record<string, unknown>).name;
    (file.products[0]!.configurable_children![1] as Record<string, unknown>).price = -1;
    (file.coupons[0] as Record<string, unknown>).type = 'free';
    file.prodcts = [];
    let err: unknown;
    try {
      validateImportFile(file);
    } catch (e) {
      err = e;
    }
    const issues = (err as ImportError).issues;
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: 'products[1].name', message: 'Expected a text: a string or { "lt": ..., "en": ..., "ru": ... }', record: 'sku "MOU-1"' },
        {
          path: 'products[0].configurable_children[1].price',
          message: 'Must not be negative',
          record: 'sku "LAP-1001", child sku "LAP-1001-A"',
        },
        { path: 'coupons[0].type', message: 'Expected one of "percent", "fixed", received string "free"', record: 'code "NEWS10"' },
      ]),
    );
    expect(issues.find((i) => i.path === '(file)')?.message).toContain('Unknown key "prodcts"');
  });

  it('rejects duplicates and references the shop does not have, inside the transaction (rolled back)', async () => {
    const before = await counts(database);
    const err = await importCatalog(database, {
      categories: [{ id: 50, parent_id: 777, name: 'Orphan' }],
      products: [
        { id: 5001, sku: 'NEW-1', name: 'New', price: 1, category_ids: [12, 404] },
        { id: 5002, sku: 'NEW-1', name: 'Twin', price: 1 },
        { id: 2002, sku: 'NEW-3', name: 'Takes an id in use', price: 1 },
        { id: 5004, sku: 'NEW-4', name: 'Orphan child', price: 1, parent_sku: 'NOPE' },
      ],
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImportError);
    expect((err as ImportError).issues.map((i) => i.path)).toEqual(['products[1].sku']);
    const err2 = await importCatalog(database, {
      categories: [{ id: 50, parent_id: 777, name: 'Orphan' }],
      products: [
        { id: 5001, sku: 'NEW-1', name: 'New', price: 1, category_ids: [12, 404] },
        { id: 2002, sku: 'NEW-3', name: 'Takes an id in use', price: 1 },
        { id: 5004, sku: 'NEW-4', name: 'Orphan child', price: 1, parent_sku: 'NOPE' },
        { id: 5005, sku: 'NEW-5', name: 'Child of a simple', price: 1, parent_sku: 'MOU-1' },
      ],
    }).catch((e: unknown) => e);
    expect((err2 as ImportError).issues.map((i) => `${i.path}: ${i.message}`)).toEqual([
      'categories[0].parent_id: Unknown category 777',
      'products[1].id: Id 2002 belongs to sku "HDMI-2M" in the shop',
      'products[2].parent_sku: Unknown product "NOPE"',
      'products[3].parent_sku: Product "MOU-1" is simple, not configurable',
      'products[0].category_ids[1]: Unknown category 404',
    ]);
    expect(await counts(database)).toEqual(before);
  });

  it('says what is wrong with something that is not an import file', async () => {
    await expect(importCatalog(database, [1, 2])).rejects.toThrow('(file): Expected a JSON object, received array');
    await expect(importCatalog(database, '{"products": [')).rejects.toThrow(/\(file\): Not valid JSON/);
  });
});
