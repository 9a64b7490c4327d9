import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCatalogVersion, importCatalog, refreshExpiredIndexRows, reindexProducts } from '../src/index.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing.ts';
import { NOW, smallCatalog } from './fixture.ts';

type Doc = Record<string, unknown> & {
  configurable_children: Record<string, unknown>[];
  configurable_options: { attribute_code: string; label: string; values: { value_index: number; label: string }[] }[];
  stock: Record<string, unknown>;
};

describe('product index', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await importCatalog(database, smallCatalog(), { now: NOW });
  });
  afterAll(() => database?.dispose());

  async function row(sku: string, store = 'en') {
    const [r] = await database.query<Record<string, unknown> & { doc: Doc }>(
      'select * from product_index where sku = $1 and store_code = $2',
      [sku, store],
    );
    if (!r) throw new Error(`no index row for ${sku}/${store}`);
    return r;
  }

  it('has a row per product and store view, children and composites included', async () => {
    const rows = await database.query<{ store_code: string; n: number }>(
      'select store_code, count(*)::int as n from product_index group by store_code order by store_code',
    );
    expect(rows).toEqual([
      { store_code: 'en', n: 8 },
      { store_code: 'lt', n: 8 },
      { store_code: 'ru', n: 8 },
    ]);
  });

  it('prices a simple product with an expired special price: tax added, no special', async () => {
    const { doc, final_price_incl_tax, valid_until } = await row('MOU-1');
    expect(doc).toMatchObject({
      price: 1999,
      price_incl_tax: 2419,
      price_tax: 420,
      original_price: 1999,
      original_price_incl_tax: 2419,
      special_price: null,
      special_price_incl_tax: null,
      final_price: 1999,
      final_price_incl_tax: 2419,
      tax: 21,
      tax_class_id: 2,
      special_from_date: '2020-01-01T00:00:00.000Z',
      special_to_date: '2020-01-31T00:00:00.000Z',
    });
    expect(final_price_incl_tax).toBe(2419);
    expect(valid_until).toBeNull();
  });

  it('prices an active special price and rebuilds when its window closes', async () => {
    const { doc, final_price_incl_tax, valid_until } = await row('HDMI-2M');
    expect(doc).toMatchObject({
      price: 500,
      price_incl_tax: 605,
      special_price: 400,
      special_price_incl_tax: 484,
      final_price: 400,
      final_price_incl_tax: 484,
    });
    expect(final_price_incl_tax).toBe(484);
    // the window is inclusive by calendar day in Vilnius: it ends at 2026-06-21 00:00 local (UTC+3)
    expect((valid_until as Date).toISOString()).toBe('2026-06-20T21:00:00.000Z');
  });

  it('documents a configurable product with its children, option labels, stock and categories', async () => {
    const { doc, child_skus, attrs, total_qty, is_in_stock, category_ids } = await row('LAP-1001');
    expect(doc).toMatchObject({
      id: 1001,
      sku: 'LAP-1001',
      type_id: 'configurable',
      name: 'Lenovo ThinkPad T14 laptop',
      description: '<p>Description</p>',
      slug: 'lenovo-thinkpad-t14',
      url_key: 'lenovo-thinkpad-t14',
      url_path: 'p/LAP-1001/lenovo-thinkpad-t14',
      brand: 'Lenovo',
      mpn: '21AH00F1LT',
      // not the parent's own 899 €: its cheapest available child's (LAP-1001-A, on special until 30 June)
      price: 74900,
      price_incl_tax: 90629,
      special_price: 69900,
      final_price_incl_tax: 84579,
      special_to_date: '2026-06-30T00:00:00.000Z',
      category_ids: [12, 20],
      category: [
        { category_id: 12, name: 'Laptops', slug: 'laptops' },
        { category_id: 20, name: 'Business laptops', slug: 'business' },
      ],
      color: 49,
      total_qty: 5,
      stock: { is_in_stock: true, qty: 5, product_id: 1001, manage_stock: false },
      is_promoted: 1,
      sales_count: 12,
      created_at: '2026-01-10T10:00:00.000Z',
    });
    expect(doc.configurable_options).toEqual([
      {
        attribute_id: 141,
        attribute_code: 'condition',
        label: 'Condition',
        values: [
          { value_index: 5, label: 'Brand New' },
          { value_index: 6, label: 'A' },
        ],
      },
    ]);
    expect(doc.configurable_children).toEqual([
      {
        id: 1002,
        sku: 'LAP-1001-N',
        name: 'Lenovo ThinkPad T14 laptop',
        image: '/demo/laptops/3.png',
        price: 89900,
        price_incl_tax: 108779,
        final_price: 89900,
        final_price_incl_tax: 108779,
        special_price: null,
        special_price_incl_tax: null,
        status: 1,
        stock: { is_in_stock: true, qty: 2, product_id: 1002, manage_stock: true },
        condition: 5,
        color: 49,
      },
      {
        id: 1003,
        sku: 'LAP-1001-A',
        name: 'Lenovo ThinkPad T14 (grade A)',
        image: '/demo/laptops/3.png',
        price: 74900,
        price_incl_tax: 90629,
        final_price: 69900,
        final_price_incl_tax: 84579,
        special_price: 69900,
        special_price_incl_tax: 84579,
        status: 1,
        stock: { is_in_stock: true, qty: 3, product_id: 1003, manage_stock: true },
        condition: 6,
        color: 50,
      },
    ]);
    expect(child_skus).toEqual(['LAP-1001-N', 'LAP-1001-A']);
    expect(attrs).toEqual({ color: [49, 50], condition: [5, 6] });
    expect(total_qty).toBe(5);
    expect(is_in_stock).toBe(true);
    expect(category_ids).toEqual([12, 20]);
    // a child's special window closes on 2026-06-30 (inclusive, Vilnius): the parent's row expires then
    expect(((await row('LAP-1001')).valid_until as Date).toISOString()).toBe('2026-06-30T21:00:00.000Z');
  });

  it('localizes names, labels and category names per store view (missing views fall back to lt)', async () => {
    const lt = await row('LAP-1001', 'lt');
    const ru = await row('LAP-1001', 'ru');
    expect(lt.doc.name).toBe('Lenovo ThinkPad T14 nešiojamas');
    expect(ru.doc.name).toBe('Ноутбук Lenovo ThinkPad T14');
    expect(ru.doc.configurable_options[0]?.label).toBe('Состояние');
    expect(ru.doc.configurable_options[0]?.values[0]?.label).toBe('Новый');
    expect(ru.doc.category).toEqual([
      { category_id: 12, name: 'Ноутбуки', slug: 'noutbuki' },
      { category_id: 20, name: 'Verslui', slug: 'biznes' },
    ]);
    expect(ru.doc.description).toBe('<p>Aprašymas</p>');
    expect((await row('MOU-1', 'lt')).doc.condition_label).toBe('Nauja');
    // the grade of the child whose price the configurable's document carries (LAP-1001-A), per store view
    expect((await row('LAP-1001', 'en')).doc.price_condition_label).toBe('A');
    expect(ru.doc.price_condition_label).toBe('A');
    expect((await row('MOU-1', 'en')).doc.price_condition_label).toBeUndefined();
  });

  it('prices grouped and bundle products from their links and counts their stock over the links', async () => {
    const set = await row('SET-1');
    // 1 × 19.99 + 2 × 5.00 regular; 1 × 19.99 + 2 × 4.00 with the cable's special price
    expect(set.doc).toMatchObject({ price: 2999, price_incl_tax: 3629, special_price: 2799, final_price_incl_tax: 3387 });
    expect(set.total_qty).toBe(3); // cables: 7 in stock, 2 per set
    const bundle = await row('BUN-1');
    expect(bundle.doc).toMatchObject({ price: 2499, special_price: 2399, final_price: 2399 });
    expect(bundle.doc.bundle_options).toEqual([
      { option_id: 1, title: 'Mouse', type: 'radio', required: true, product_links: [{ sku: 'MOU-1', qty: 1, is_default: true, can_change_quantity: false, price: 1999 }] },
      { option_id: 2, title: 'Cable', type: 'checkbox', required: false, product_links: [{ sku: 'HDMI-2M', qty: 1, is_default: true, can_change_quantity: false, price: 400 }] },
    ]);
    expect(bundle.total_qty).toBe(10); // the required mouse option
    const ebook = await row('EBOOK-1');
    expect(ebook.total_qty).toBe(99_999);
    expect(ebook.is_in_stock).toBe(true);
  });

  it('is searchable: weighted full text (name, sku, mpn, brand, categories) and trigram text', async () => {
    const hits = await database.query<{ sku: string; rank: number }>(
      `select sku, ts_rank(search, q) as rank from product_index, plainto_tsquery('simple', $1) q
       where store_code = 'en' and search @@ q and visibility > 1 order by rank desc, sku`,
      ['thinkpad'],
    );
    expect(hits.map((h) => h.sku)).toEqual(['LAP-1001']);
    const byChildSku = await database.query<{ sku: string }>(
      `select sku from product_index where store_code = 'en' and search @@ plainto_tsquery('simple', 'LAP-1001-A') and visibility > 1`,
    );
    expect(byChildSku.map((h) => h.sku)).toEqual(['LAP-1001']);
    const byCategory = await database.query<{ sku: string }>(
      `select sku from product_index where store_code = 'lt' and search @@ plainto_tsquery('simple', 'priedai') order by sku`,
    );
    expect(byCategory.map((h) => h.sku)).toEqual(['HDMI-2M', 'MOU-1', 'SET-1']);
    const typo = await database.query<{ sku: string }>(
      `select sku from product_index where store_code = 'en' and word_similarity('logitek', search_text) > 0.4`,
    );
    expect(typo.map((h) => h.sku)).toContain('MOU-1');
  });

  it('refreshExpiredIndexRows re-prices rows whose special window closed and bumps the version', async () => {
    const version = await getCatalogVersion(database);
    expect(await refreshExpiredIndexRows(database, new Date('2026-06-16T00:00:00Z'))).toBe(0);
    const later = new Date('2026-06-21T09:00:00Z');
    const refreshed = await refreshExpiredIndexRows(database, later);
    expect(refreshed).toBe(3); // the cable, and the set and bundle that include it
    expect(await getCatalogVersion(database)).toBe(version + 1);
    const cable = await row('HDMI-2M');
    expect(cable.doc).toMatchObject({ special_price: null, final_price_incl_tax: 605 });
    expect(cable.valid_until).toBeNull();
    expect((await row('SET-1')).doc).toMatchObject({ special_price: null, final_price_incl_tax: 3629 });
    // the laptop's child is still on special until the end of June
    expect((await row('LAP-1001')).doc.configurable_children[1]).toMatchObject({ final_price: 69900 });
  });

  it('records each effective price change per store view, a window closing at its boundary', async () => {
    const history = await database.query<Record<string, unknown>>(
      `select price_incl_tax_cents, reduced, changed_at from price_history
       where sku = 'HDMI-2M' and store_code = 'en' order by changed_at, id`,
    );
    // imported on special (nothing known before it: no reference), then the regular price from the
    // first instant after the window (Vilnius midnight), though the refresh came round later
    expect(history).toEqual([
      { price_incl_tax_cents: expect.any(Number), reduced: true, changed_at: NOW },
      { price_incl_tax_cents: 605, reduced: false, changed_at: new Date('2026-06-20T21:00:00Z') },
    ]);
    expect((await row('HDMI-2M')).doc.reference_price_incl_tax).toBeUndefined();
    // a re-index with no change of price writes nothing
    const again = await reindexProducts(database, { now: new Date('2026-06-21T10:00:00Z') });
    expect(again.priceChanges).toBe(0);
  });

  it('a full re-index rewrites every row and removes rows of products that are gone', async () => {
    await database.exec(`delete from products where sku = 'EBOOK-1'`);
    const result = await reindexProducts(database, { now: NOW, batchSize: 3 });
    expect(result).toMatchObject({ products: 7, rows: 21, deleted: 3 });
    const [n] = await database.query<{ n: number }>('select count(*)::int as n from product_index');
    expect(n?.n).toBe(21);
  });
});

describe('a configurable whose worse grade costs what a better one costs (decision 0051)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    const catalog = smallCatalog();
    const laptop = catalog.products.find((p) => p.sku === 'LAP-1001')!;
    // grade A first (children are listed by id), at the brand-new child's price (699 € with A's special)
    const [brandNew, gradeA] = laptop.configurable_children!;
    laptop.configurable_children = [gradeA!, { ...brandNew!, id: 1004, price: 699.0 }];
    await importCatalog(database, catalog, { now: NOW });
  });
  afterAll(() => database?.dispose());

  it('prices the card and names its grade from the better grade, as the product page offers it', async () => {
    const [r] = await database.query<{ doc: Record<string, unknown> }>(
      "select doc from product_index where sku = 'LAP-1001' and store_code = 'en'",
    );
    expect(r?.doc).toMatchObject({ final_price_incl_tax: 84579, price_condition_label: 'Brand New' });
  });
});
