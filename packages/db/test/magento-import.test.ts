import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportError, importCatalog, validateImportFile } from '../src/index.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing.ts';
import { NOW } from './fixture.ts';

/**
 * A file shaped as a Magento export writes it: ids, option values, prices and quantities as numeric
 * strings, and categories with their url_path.
 */
function magentoFile() {
  return {
    attributes: [
      {
        attribute_id: '93',
        attribute_code: 'color',
        frontend_label: 'Color',
        is_filterable: '1',
        position: '2',
        options: [
          { value: '49', label: 'Black' },
          { value: '50', label: 'White' },
        ],
      },
    ],
    categories: [
      { id: '2', parent_id: '1', name: 'Default Category', position: '0' },
      { id: '12', parent_id: '2', name: 'Electronics', url_path: 'electronics', position: '1', is_active: '1' },
      { id: '14', parent_id: '2', name: 'Old', position: '3', is_active: '0' },
      {
        id: '13',
        parent_id: '12',
        name: 'Phones',
        url_path: { lt: '/elektronika/telefonai/', en: 'electronics/phones' },
        position: '1',
      },
    ],
    products: [
      {
        id: '500',
        sku: 'TEE',
        type_id: 'configurable',
        name: 'T-shirt',
        url_key: 't-shirt',
        url_path: { lt: '/elektronika/telefonai/t-shirt.html', en: 'electronics/phones/t-shirt.html' },
        visibility: '4',
        status: '1',
        tax_class_id: '2',
        category_ids: ['13'],
        configurable_options: [
          {
            attribute_id: '93',
            attribute_code: 'color',
            label: 'Color',
            values: [{ value_index: '49' }, { value_index: '50' }],
          },
        ],
        configurable_children: [
          { id: '501', sku: 'TEE-BLACK', price: '19.90', color: '49', stock: { is_in_stock: true, qty: '3.0000' } },
          { id: '502', sku: 'TEE-WHITE', price: '17', color: '50', stock: { is_in_stock: true, qty: '0' } },
        ],
      },
      { id: '510', sku: 'CAP', name: { lt: 'Kepurė', en: 'Cap', ru: 'Кепка' }, price: '9.50', color: '49', stock: { qty: '7' } },
    ],
  };
}

describe('a Magento-shaped import file (numeric strings, url_path)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await importCatalog(database, magentoFile(), { now: NOW });
  });
  afterAll(() => database?.dispose());

  it('reads numeric strings as numbers: ids, prices in cents, stock', async () => {
    const rows = await database.query<{ id: number; sku: string; price_cents: number; visibility: number; parent_id: number | null }>(
      'select id, sku, price_cents, visibility, parent_id from products order by id',
    );
    expect(rows).toEqual([
      expect.objectContaining({ id: 500, sku: 'TEE', visibility: 4, parent_id: null }),
      expect.objectContaining({ id: 501, sku: 'TEE-BLACK', price_cents: 1990, visibility: 1, parent_id: 500 }),
      expect.objectContaining({ id: 502, sku: 'TEE-WHITE', price_cents: 1700, visibility: 1, parent_id: 500 }),
      expect.objectContaining({ id: 510, sku: 'CAP', price_cents: 950 }),
    ]);
    const stock = await database.query<{ sku: string; qty: number }>('select sku, qty::float as qty from stock order by sku');
    expect(stock).toEqual(
      expect.arrayContaining([
        { sku: 'CAP', qty: 7 },
        { sku: 'TEE-BLACK', qty: 3 },
      ]),
    );
  });

  it('indexes the configurable with its string option values as the attribute options', async () => {
    const [tee] = await database.query<{ doc: Record<string, unknown>; child_skus: string[] }>(
      `select doc, child_skus from product_index where sku = 'TEE' and store_code = 'en'`,
    );
    expect(tee?.child_skus).toEqual(['TEE-BLACK', 'TEE-WHITE']);
    expect(tee?.doc.configurable_options).toEqual([
      expect.objectContaining({
        attribute_id: 93,
        attribute_code: 'color',
        values: [
          { value_index: 49, label: 'Black' },
          { value_index: 50, label: 'White' },
        ],
      }),
    ]);
    expect(tee?.doc.configurable_children).toEqual([
      expect.objectContaining({ sku: 'TEE-BLACK', color: 49 }),
      expect.objectContaining({ sku: 'TEE-WHITE', color: 50 }),
    ]);
    expect(tee?.doc.category_ids).toEqual([12, 13]);
    const [cap] = await database.query<{ doc: Record<string, unknown> }>(
      `select doc from product_index where sku = 'CAP' and store_code = 'lt'`,
    );
    expect(cap?.doc.color).toBe(49);
  });

  it('reads "0"/"1" as false/true', async () => {
    const cats = await database.query<{ id: number; is_active: boolean }>('select id, is_active from categories where id in (12, 14) order by id');
    expect(cats).toEqual([
      { id: 12, is_active: true },
      { id: 14, is_active: false },
    ]);
    const [color] = await database.query<{ is_filterable: boolean }>(`select is_filterable from attributes where attribute_code = 'color'`);
    expect(color?.is_filterable).toBe(true);
  });

  it("keeps a category's url_path as its URL, per store view", async () => {
    const rows = await database.query<{ id: number; slug: Record<string, string> }>(
      'select id, slug from categories where id in (12, 13) order by id',
    );
    expect(rows).toEqual([
      { id: 12, slug: { lt: 'electronics', en: 'electronics', ru: 'electronics' } },
      // ru has no path of its own: it falls back to lt, as every text of the file does
      { id: 13, slug: { lt: 'elektronika/telefonai', en: 'electronics/phones', ru: 'elektronika/telefonai' } },
    ]);
  });

  it("keeps a product's url_path instead of replacing it, per store view", async () => {
    const docs = await database.query<{ store_code: string; url_path: string; slug: string }>(
      `select store_code, url_path, slug from product_index where sku = 'TEE' order by store_code`,
    );
    expect(docs).toEqual([
      { store_code: 'en', url_path: 'electronics/phones/t-shirt.html', slug: 't-shirt' },
      { store_code: 'lt', url_path: 'elektronika/telefonai/t-shirt.html', slug: 't-shirt' },
      { store_code: 'ru', url_path: 'elektronika/telefonai/t-shirt.html', slug: 't-shirt' },
    ]);
  });

  it('a product without url_path or url_key gets p/{sku}/{slug} with a slug per store view', async () => {
    const docs = await database.query<{ store_code: string; url_path: string; slug: string }>(
      `select store_code, url_path, slug from product_index where sku = 'CAP' order by store_code`,
    );
    expect(docs).toEqual([
      { store_code: 'en', url_path: 'p/CAP/cap', slug: 'cap' },
      { store_code: 'lt', url_path: 'p/CAP/kepure', slug: 'kepure' },
      { store_code: 'ru', url_path: 'p/CAP/kepka', slug: 'kepka' },
    ]);
  });

  it('an import of the same file again keeps the url_path (not suffixed as a duplicate)', async () => {
    await importCatalog(database, magentoFile(), { now: NOW });
    const [row] = await database.query<{ slug: Record<string, string> }>('select slug from categories where id = 13');
    expect(row?.slug.en).toBe('electronics/phones');
  });
});

describe('a numeric string is accepted only when it is a number', () => {
  function issuesOf(mutate: (file: ReturnType<typeof magentoFile>) => void) {
    const file = magentoFile();
    mutate(file);
    try {
      validateImportFile(file);
    } catch (e) {
      if (e instanceof ImportError) return e.issues;
      throw e;
    }
    return [];
  }

  it.each(['12abc', '', ' 1 ', '1e3', '0x10', '+1', '1.5'])('an id %j is refused, naming the record and field', (bad) => {
    expect(issuesOf((f) => ((f.products[1] as Record<string, unknown>).id = bad))).toEqual([
      { path: 'products[1].id', message: `Expected number, received string ${JSON.stringify(bad)}`, record: 'sku "CAP"' },
    ]);
  });

  it.each(['12abc', '', ' 1 ', '1e3', '0x10', '9,50', '.5'])('a price %j is refused, naming the record and field', (bad) => {
    expect(issuesOf((f) => (f.products[1]!.price = bad))).toEqual([
      { path: 'products[1].price', message: `Expected number, received string ${JSON.stringify(bad)}`, record: 'sku "CAP"' },
    ]);
  });

  it('an option value or a child quantity that is not a number is refused', () => {
    const issues = issuesOf((f) => {
      f.attributes[0]!.options[0]!.value = '49a';
      f.products[0]!.configurable_children![0]!.stock.qty = '3 pcs';
    });
    expect(issues.map((i) => i.path)).toEqual([
      'attributes[0].options[0].value',
      'products[0].configurable_children[0].stock.qty',
    ]);
  });

  it.each(['yes', 'true', '2', ''])('a flag %j is refused', (bad) => {
    expect(issuesOf((f) => ((f.categories[1] as Record<string, unknown>).is_active = bad))).toEqual([
      expect.objectContaining({ path: 'categories[1].is_active', message: 'Expected boolean' }),
    ]);
  });

  it('a negative price written as text is still refused as negative', () => {
    expect(issuesOf((f) => (f.products[1]!.price = '-1')).map((i) => i.message)).toEqual(['Must not be negative']);
  });
});
