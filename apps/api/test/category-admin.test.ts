/**
 * The back office's categories through HTTP: roles `catalog` and `admin` (401 anonymous, 403
 * staff); a save is checked by the import file's category schema (the field named, in the staff's
 * language), keeps the URLs of the category and its descendants right, refuses a slug another
 * category has and a move under its own subcategory, is audited, and the storefront's category
 * documents, URL map and menu flag show it at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchUrl, startApi, type TestApi } from './helpers.ts';
import { staffOfEachRole, type StaffWho } from './staff-helpers.ts';

let api: TestApi;
type Who = StaffWho;
let as: (who: Who) => Record<string, string>;

beforeAll(async () => {
  api = await startApi();
  as = await staffOfEachRole(api, 'categories.lt');
});
afterAll(async () => api?.close());

const save = (id: number | null, category: Record<string, unknown>, who: Who = 'catalog', store = 'en') =>
  api.call({
    method: 'POST',
    url: `/vsbridge/staff/categories${id === null ? '' : `/${id}`}?storeCode=${store}`,
    headers: as(who),
    payload: { category },
  });
type Doc = {
  id: number;
  slug: string;
  name: string;
  is_active: boolean;
  include_in_menu: boolean;
  parent_id: number;
  level: number;
  path: string;
};
async function docs(store: 'lt' | 'en' = 'en'): Promise<Doc[]> {
  const index = store === 'lt' ? 'vue_storefront_catalog' : `vue_storefront_catalog_${store}`;
  const r = await api.call(searchUrl('category', {}, { size: 100 }, index));
  expect(r.status).toBe(200);
  return (r.body.hits.hits as { _source: Doc }[]).map((h) => h._source);
}
const doc = async (id: number, store: 'lt' | 'en' = 'en') => (await docs(store)).find((d) => d.id === id)!;
const mapUrl = async (url: string) =>
  (await api.call({ method: 'POST', url: '/api/url/map', payload: { url } })).body;

describe('who may keep the categories', () => {
  it('GET the tree and a form: 401 anonymous, 403 staff, 200 catalog and admin', async () => {
    for (const url of ['/vsbridge/staff/categories', '/vsbridge/staff/categories/10'])
      for (const [who, status] of [
        ['anonymous', 401],
        ['staff', 403],
        ['catalog', 200],
        ['admin', 200],
      ] as const) {
        const r = await api.call({ url: `${url}?storeCode=en`, headers: as(who) });
        expect(r.status, `${url} ${who}`).toBe(status);
      }
  });
  it('POST a change: 401 anonymous, 403 staff, 200 catalog and admin', async () => {
    for (const [who, status] of [
      ['anonymous', 401],
      ['staff', 403],
      ['catalog', 200],
      ['admin', 200],
    ] as const) {
      const r = await save(30, { position: 3 }, who);
      expect(r.status, who).toBe(status);
    }
  });
});

describe('the tree', () => {
  it('lists every category, parents before children, with depth and product counts', async () => {
    const r = await api.call({ url: '/vsbridge/staff/categories?storeCode=en', headers: as('catalog') });
    const items = r.body.result.items as {
      id: number;
      depth: number;
      products: number;
      name: { lt: string };
    }[];
    expect(items.map((c) => [c.id, c.depth])).toEqual([
      [2, 0],
      [10, 1],
      [11, 2],
      [20, 1],
      [30, 1],
      [40, 1],
    ]);
    expect(items.find((c) => c.id === 11)?.products).toBe(3);
    expect(items[1]?.name.lt).toBe('Kompiuteriai');
  });
});

describe('a save', () => {
  it('creates a category with url keys made from its names, shown by the storefront at once', async () => {
    const r = await save(null, {
      parent_id: 2,
      name: { lt: 'Planšetės', en: 'Tablets', ru: 'Планшеты' },
      url_key: { lt: '', en: '', ru: '' },
      position: 5,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const created = r.body.result.category as {
      id: number;
      slug: Record<string, string>;
      level: number;
      path: string;
    };
    expect(created.slug).toEqual({ lt: 'plansetes', en: 'tablets', ru: 'planshety' });
    expect([created.level, created.path]).toEqual([2, `1/2/${created.id}`]);
    expect((await doc(created.id)).name).toBe('Tablets');
    expect((await mapUrl('/en/c/tablets'))?._source?.id).toBe(created.id);
    const [row] = await api.database.query<{ action: string; staff_email: string }>(
      `SELECT action, staff_email FROM staff_audit_log WHERE target = $1`,
      [`category:${created.id}`],
    );
    expect(row).toEqual({ action: 'category.create', staff_email: 'catalog@categories.lt' });
  });

  it("renames a url key: the old address stops, the new one maps, a nested descendant's path follows", async () => {
    // a Magento-style tree: the laptops live at computers/laptops
    await api.database.query(
      `UPDATE categories SET slug = '{"lt":"kompiuteriai/nesiojami-kompiuteriai","en":"computers/laptops","ru":"kompyutery/noutbuki"}' WHERE id = 11`,
    );
    const r = await save(10, { url_key: { en: 'pcs' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await doc(10)).slug).toBe('pcs');
    expect((await doc(11)).slug).toBe('pcs/laptops');
    expect((await doc(11, 'lt')).slug).toBe('kompiuteriai/nesiojami-kompiuteriai');
    expect((await mapUrl('/en/c/pcs/laptops'))?._source?.id).toBe(11);
    expect(await mapUrl('/en/c/computers/laptops')).toBeNull();
  });

  it('moves a category under another parent: path, level and its nested URL follow', async () => {
    const r = await save(11, { parent_id: 20, position: 9 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const moved = await doc(11);
    expect([moved.parent_id, moved.path, moved.level, moved.slug]).toEqual([
      20,
      '1/2/20/11',
      3,
      'phones/laptops',
    ]);
    const ltMoved = await doc(11, 'lt');
    expect(ltMoved.slug).toBe('telefonai/nesiojami-kompiuteriai');
    // its products are re-indexed with the new tree (their category ids include the new parent)
    const [indexed] = await api.database.query<{ category_ids: number[] }>(
      `SELECT category_ids FROM product_index WHERE sku = 'LAP-1001' AND store_code = 'en'`,
    );
    expect(indexed?.category_ids).toContain(20);
    // and back, for the rest of the file
    const back = await save(11, { parent_id: 10, position: 1 });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect((await doc(11)).slug).toBe('pcs/laptops');
  });

  it.each([
    ['under itself', 10, { parent_id: 10 }, 400, 'parent_id', 'A category cannot be moved under itself'],
    [
      'under its own subcategory',
      10,
      { parent_id: 11 },
      400,
      'parent_id',
      'A category cannot be moved under itself',
    ],
    [
      'under a category that does not exist',
      10,
      { parent_id: 999 },
      400,
      'parent_id',
      'There is no category 999',
    ],
    [
      'with a url key another category has',
      30,
      { url_key: { en: 'phones' } },
      409,
      'url_key.en',
      'The address phones is already used by category 20',
    ],
    [
      'with a url key that is not one',
      30,
      { url_key: { en: 'Soft Ware!' } },
      400,
      'url_key.en',
      'Expected lower-case letters',
    ],
    [
      'without any name',
      30,
      { name: { lt: ' ', en: '', ru: '' } },
      400,
      'name',
      'at least one of lt, en, ru',
    ],
    ['with a position that is not a number', 30, { position: 'first' }, 400, 'position', ''],
  ])('is refused %s, the field named', async (_what, id, change, status, field, message) => {
    const r = await save(id, change);
    expect(r.status, JSON.stringify(r.body)).toBe(status);
    expect(r.body.errors?.[0]?.field).toBe(field);
    expect(String(r.body.result)).toContain(message);
  });

  it('refuses in the staff member’s language', async () => {
    const r = await save(30, { url_key: { lt: 'telefonai' } }, 'catalog', 'lt');
    expect(r.status).toBe(409);
    expect(String(r.body.result)).toContain('jau naudojamas kategorijai 20');
  });

  it('deactivates a category and takes one out of the menu, each kept apart', async () => {
    expect((await save(30, { is_active: false })).status).toBe(200);
    expect((await doc(30)).is_active).toBe(false);
    expect(await mapUrl('/en/c/software')).toBeNull();
    expect((await save(30, { is_active: true, include_in_menu: false })).status).toBe(200);
    const d = await doc(30);
    expect([d.is_active, d.include_in_menu]).toEqual([true, false]);
    expect((await mapUrl('/en/c/software'))?._source?.id).toBe(30);
  });

  it("a new category is one of the product form's categories, and a product saved into it is listed in it", async () => {
    const made = await save(null, { parent_id: 10, name: { lt: 'Priedai kompiuteriams', en: 'PC extras' } });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const id = made.body.result.category.id as number;
    const opened = await api.call({
      url: '/vsbridge/staff/products/LAP-1001?storeCode=en',
      headers: as('catalog'),
    });
    expect(opened.status).toBe(200);
    const options = opened.body.result.options.categories as { id: number }[];
    expect(options.map((c) => c.id)).toContain(id);
    const saved = await api.call({
      method: 'POST',
      url: '/vsbridge/staff/products/LAP-1001?storeCode=en',
      headers: as('catalog'),
      payload: { version: opened.body.result.product.version, product: { category_ids: [11, id] } },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const listed = await api.call({
      url: `/vsbridge/staff/products?storeCode=en&category=${id}`,
      headers: as('catalog'),
    });
    expect((listed.body.result.items as { sku: string }[]).map((p) => p.sku)).toEqual(['LAP-1001']);
    const tree = await api.call({ url: '/vsbridge/staff/categories?storeCode=en', headers: as('catalog') });
    expect(
      (tree.body.result.items as { id: number; products: number }[]).find((c) => c.id === id)?.products,
    ).toBe(1);
  });

  it('404 for a category that does not exist', async () => {
    expect((await save(999, { position: 1 })).status).toBe(404);
  });
});
