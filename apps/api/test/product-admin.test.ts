/**
 * The back office's products through HTTP: who may open them (401 anonymous, 403 role staff, 200
 * roles catalog and admin), the list's search and filters, a save (the same validation as the import
 * file, audited, a product.updated event, visible in the catalogue search at once, only that product
 * re-indexed), a refused stale save, create, duplicate, disable, configurable children.
 */
import { parseCsv, toCsv } from '@vitrina/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchUrl, startApi, type TestApi } from './helpers.ts';
import { staffCookie, type StaffRole } from './staff-helpers.ts';

let api: TestApi;
const cookies: Record<'admin' | 'catalog' | 'staff', string> = { admin: '', catalog: '', staff: '' };

const addStaff = (email: string, role: StaffRole) => staffCookie(api, email, role);

type Who = keyof typeof cookies | 'anonymous';
const as = (who: Who) => (who === 'anonymous' ? {} : { cookie: cookies[who] });

async function form(sku: string, who: Who = 'catalog') {
  const r = await api.call({ url: `/vsbridge/staff/products/${sku}?storeCode=en`, headers: as(who) });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result.product;
}
const save = (sku: string, body: unknown, who: Who = 'catalog', store = 'en') =>
  api.call({
    method: 'POST',
    url: `/vsbridge/staff/products/${sku}?storeCode=${store}`,
    headers: as(who),
    payload: body as Record<string, unknown>,
  });

beforeAll(async () => {
  api = await startApi();
  cookies.admin = await addStaff('boss@shop.lt', 'admin');
  cookies.catalog = await addStaff('catalogue@shop.lt', 'catalog');
  cookies.staff = await addStaff('clerk@shop.lt', 'staff');
});
afterAll(async () => api?.close());

describe('who may open the products', () => {
  const routes: { method: 'GET' | 'POST'; url: string; payload?: Record<string, unknown> }[] = [
    { method: 'GET', url: '/vsbridge/staff/products' },
    { method: 'GET', url: '/vsbridge/staff/products/LAP-1001' },
    {
      method: 'POST',
      url: '/vsbridge/staff/products/PHN-2002',
      payload: { version: 1, product: { brand: 'Acme' } },
    },
    {
      method: 'POST',
      url: '/vsbridge/staff/products',
      payload: { product: { sku: 'NEW-ROLE-X', name: 'Role test', price: 1 } },
    },
    {
      method: 'POST',
      url: '/vsbridge/staff/products/ACC-3001/duplicate',
      payload: { sku: 'ACC-3001-COPY-X' },
    },
    { method: 'POST', url: '/vsbridge/staff/products/ACC-3002/disable', payload: { version: 1 } },
  ];
  it.each(routes)('$method $url: 401 anonymous, 403 staff, 200 catalog and admin', async (route) => {
    const call = (who: Who, payload = route.payload) =>
      api.call({
        method: route.method,
        url: `${route.url}?storeCode=en`,
        headers: as(who),
        ...(payload ? { payload } : {}),
      });
    expect((await call('anonymous')).status).toBe(401);
    expect((await call('staff')).status).toBe(403);
    const byCatalog = await call('catalog');
    expect(byCatalog.status, JSON.stringify(byCatalog.body)).toBe(200);
    // admin: the same again (a write with its new version or sku)
    const again =
      route.method === 'GET'
        ? route.payload
        : route.url.endsWith('/duplicate')
          ? { sku: 'ACC-3001-COPY-Y' }
          : route.url === '/vsbridge/staff/products'
            ? { product: { sku: 'NEW-ROLE-Y', name: 'Role test', price: 1 } }
            : { ...route.payload, version: (await form(route.url.split('/')[4] as string)).version };
    const byAdmin = await call('admin', again);
    expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBe(200);
  });

  it('role catalog cannot open the orders', async () => {
    expect(
      (await api.call({ url: '/vsbridge/staff/orders?storeCode=en', headers: as('catalog') })).status,
    ).toBe(403);
  });
});

describe('the list', () => {
  const skus = async (query: string) => {
    const r = await api.call({
      url: `/vsbridge/staff/products?storeCode=en&size=200&${query}`,
      headers: as('catalog'),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return (r.body.result.items as { sku: string }[]).map((i) => i.sku).sort();
  };
  it('searches sku, name and brand, part of them', async () => {
    expect(await skus('q=lap-100')).toEqual(['LAP-1001', 'LAP-1002']);
    expect(await skus('q=MBA-7000-')).toEqual(['MBA-7000-A', 'MBA-7000-B']);
  });
  it('filters by type, visibility, status, stock and grade, and pages', async () => {
    expect(await skus('type=configurable')).toContain('MBA-7000');
    expect((await skus('type=configurable')).every((s) => !s.startsWith('LAP'))).toBe(true);
    expect(await skus('visibility=1')).toEqual(expect.arrayContaining(['MBA-7000-A', 'MBA-7000-B']));
    const low = await skus('stock=low');
    expect(low).toEqual(expect.arrayContaining(['MBA-7000-A', 'MBA-7000-B']));
    const out = await skus('stock=out');
    expect(out.some((s) => low.includes(s))).toBe(false);
    const opts = (
      await api.call({ url: '/vsbridge/staff/products?storeCode=en&size=1', headers: as('catalog') })
    ).body.result;
    expect(opts.items).toHaveLength(1);
    expect(opts.total).toBeGreaterThan(10);
    const condition = (opts.options.attributes as { code: string; options: { value: number }[] }[]).find(
      (a) => a.code === 'condition',
    );
    const graded = await skus(`grade=${condition!.options[1]!.value}`);
    expect(graded.length).toBeGreaterThan(0);
    expect(graded.length).toBeLessThan(opts.total);
    expect(
      (await api.call({ url: '/vsbridge/staff/products?stock=some', headers: as('catalog') })).status,
    ).toBe(400);
  });
});

describe('a save', () => {
  it('is visible in the catalogue search at once, re-indexing only that product; audited; a product.updated event', async () => {
    const before = await form('LAP-1002');
    const [last] = await api.database.query<{ rev: number }>(
      'SELECT max(rev)::int AS rev FROM product_index',
    );
    const rev = last?.rev ?? 0;
    const started = performance.now();
    const r = await save('LAP-1002', {
      version: before.version,
      product: { name: { lt: 'Naujas vardas', en: 'Renamed laptop', ru: 'Новое имя' }, price: '555.55' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const search = await api.call(
      searchUrl('product', { filters: { sku: ['LAP-1002'] } }, { storeCode: 'en' }),
    );
    const ms = performance.now() - started;
    const doc = search.body.hits.hits[0]._source;
    expect(doc).toMatchObject({ name: 'Renamed laptop', price: 55555 });
    expect(r.body.result).toMatchObject({ version: before.version + 1, price: 55555 });
    const touched = await api.database.query<{ sku: string }>(
      'SELECT DISTINCT sku FROM product_index WHERE rev > $1',
      [rev],
    );
    expect(touched.map((t) => t.sku)).toEqual(['LAP-1002']);
    const [auditRow] = await api.database.query<{ staff_email: string; target: string }>(
      "SELECT staff_email, target FROM staff_audit_log WHERE action = 'product.update' ORDER BY id DESC LIMIT 1",
    );
    expect(auditRow).toEqual({ staff_email: 'catalogue@shop.lt', target: 'product:LAP-1002' });
    const events = await api.database.query<{ payload: { sku: string } }>(
      "SELECT payload FROM order_events WHERE type = 'product.updated' ORDER BY seq DESC LIMIT 1",
    );
    expect(events[0]?.payload.sku).toBe('LAP-1002');
    console.info(`save -> visible in search: ${ms.toFixed(0)} ms`);
  });

  it('a form opened before another save is refused with a clear message, and nothing is written', async () => {
    const opened = await form('PHN-2001');
    expect((await save('PHN-2001', { version: opened.version, product: { brand: 'First' } })).status).toBe(
      200,
    );
    const late = await save('PHN-2001', { version: opened.version, product: { brand: 'Second' } }, 'admin');
    expect(late.status).toBe(409);
    expect(late.body.result).toMatch(/Someone else saved this product after you opened it/);
    const lt = await save(
      'PHN-2001',
      { version: opened.version, product: { brand: 'Second' } },
      'admin',
      'lt',
    );
    expect(lt.body.result).toMatch(/Kažkas kitas išsaugojo šią prekę/);
    expect((await form('PHN-2001')).brand).toBe('First');
  });

  it("goes through the import file's validation, naming the field in lt and en", async () => {
    const { version } = await form('ACC-3001');
    const en = await save('ACC-3001', { version, product: { price: -5, visibility: 9 } });
    expect(en.status).toBe(400);
    expect(en.body.result).toMatch(/price: Must not be negative/);
    expect(en.body.result).toMatch(/visibility: Expected 1 to 4/);
    const lt = await save('ACC-3001', { version, product: { price: -5 } }, 'catalog', 'lt');
    expect(lt.body.result).toMatch(/price: Negali būti neigiamas/);
    expect((await form('ACC-3001')).version).toBe(version);
  });

  it("edits a configurable's children: price, stock, status each", async () => {
    const parent = await form('MBA-7000');
    expect(parent.children.map((c: { sku: string }) => c.sku)).toEqual(['MBA-7000-A', 'MBA-7000-B']);
    const r = await save('MBA-7000', {
      version: parent.version,
      opened_at: parent.opened_at,
      product: {
        configurable_children: [
          { sku: 'MBA-7000-B', price: '590.00', stock: { qty: 7, is_in_stock: true }, status: 2 },
        ],
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const b = (
      r.body.result.children as { sku: string; price: number; status: number; stock: { qty: number } }[]
    ).find((c) => c.sku === 'MBA-7000-B');
    expect(b).toMatchObject({ price: 59000, status: 2, stock: { qty: 7 } });
    const a = (r.body.result.children as { sku: string; price: number; stock: { qty: number } }[]).find(
      (c) => c.sku === 'MBA-7000-A',
    );
    expect(a).toMatchObject({ price: 70000, stock: { qty: 2 } });
  });

  it('creates a product (disabled unless told), duplicates one, disables one', async () => {
    const created = await api.call({
      method: 'POST',
      url: '/vsbridge/staff/products?storeCode=en',
      headers: as('catalog'),
      payload: {
        product: {
          sku: 'NEW-9001',
          name: { lt: 'Nauja prekė', en: 'New product' },
          price: '10.00',
          category_ids: [10],
        },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.result).toMatchObject({ sku: 'NEW-9001', status: 2, price: 1000, version: 1 });
    const taken = await api.call({
      method: 'POST',
      url: '/vsbridge/staff/products?storeCode=en',
      headers: as('catalog'),
      payload: { product: { sku: 'NEW-9001', name: 'x', price: 1 } },
    });
    expect(taken.status).toBe(409);
    const copy = await api.call({
      method: 'POST',
      url: '/vsbridge/staff/products/LAP-1001/duplicate?storeCode=en',
      headers: as('catalog'),
      payload: { sku: 'LAP-1001-B' },
    });
    expect(copy.status, JSON.stringify(copy.body)).toBe(200);
    const original = await form('LAP-1001');
    expect(copy.body.result).toMatchObject({
      sku: 'LAP-1001-B',
      status: 2,
      price: original.price,
      name: original.name,
      stock: { qty: 0 },
    });
    const off = await api.call({
      method: 'POST',
      url: '/vsbridge/staff/products/LAP-1001/disable?storeCode=en',
      headers: as('catalog'),
      payload: { version: original.version },
    });
    expect(off.status).toBe(200);
    const search = await api.call(
      searchUrl('product', { filters: { sku: ['LAP-1001'] } }, { storeCode: 'en' }),
    );
    expect(search.body.hits.hits).toHaveLength(0);
  });
});

describe('the price and stock CSV', () => {
  const upload = (csv: string, dry_run: boolean, who: Who = 'catalog') =>
    api.call({
      method: 'POST',
      url: '/vsbridge/staff/products/prices.csv?storeCode=en',
      headers: as(who),
      payload: { csv, dry_run },
    });

  it('is for roles catalog and admin only', async () => {
    for (const [who, status] of [
      ['anonymous', 401],
      ['staff', 403],
      ['catalog', 200],
      ['admin', 200],
    ] as const) {
      expect((await api.call({ url: '/vsbridge/staff/products/prices.csv', headers: as(who) })).status).toBe(
        status,
      );
      expect((await upload('sku,price\nPHN-2002,1', true, who)).status).toBe(status);
    }
  });

  it("exports, answers a dry run's changes without writing, then applies them", async () => {
    const exported = await api.call({ url: '/vsbridge/staff/products/prices.csv', headers: as('catalog') });
    expect(exported.res.headers['content-type']).toMatch(/text\/csv/);
    const text = String(exported.body);
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual([
      'sku',
      'price',
      'special_price',
      'special_from',
      'special_to',
      'qty',
      'exported_at',
    ]);
    const cells = rows.find((r) => r[0] === 'AUD-4001')!;
    cells[1] = '123.45';
    cells[2] = '99.99';
    cells[3] = '2026-01-01';
    const csv = toCsv(header!, [cells]);
    const dry = await upload(csv, true);
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.result).toMatchObject({ rows: 1, changed: 1, applied: false });
    expect(dry.body.result.diff[0].changes.map((c: { field: string }) => c.field)).toEqual([
      'price',
      'special_price',
      'special_from',
    ]);
    expect((await form('AUD-4001')).price).not.toBe(12345);
    const applied = await upload(csv, false);
    expect(applied.body.result).toMatchObject({ changed: 1, applied: true, stock_conflicts: [] });
    expect(await form('AUD-4001')).toMatchObject({ price: 12345, special_price: 9999 });
    const search = await api.call(
      searchUrl('product', { filters: { sku: ['AUD-4001'] } }, { storeCode: 'en' }),
    );
    expect(search.body.hits.hits[0]._source.price).toBe(12345);
    // the same file again: nothing to change
    expect((await upload(csv, false)).body.result).toMatchObject({ changed: 0, applied: false });
  });

  it('names bad rows and unknown skus, and writes nothing', async () => {
    const bad = await upload('sku,price\nNO-SUCH,1\n', false);
    expect(bad.status).toBe(400);
    expect(bad.body.result).toMatch(/Unknown sku "NO-SUCH"/);
    const negative = await upload('sku,price\nAUD-4001,-1\n', false);
    expect(negative.status).toBe(400);
    expect(negative.body.result).toMatch(/AUD-4001.price: Must not be negative/);
  });
});

describe('a grade ladder that makes no sense', () => {
  it('is flagged on the form and found by the list filter when a lower grade costs as much as a higher one', async () => {
    const parent = await form('MBA-7000');
    expect(parent.grade_ladder).toEqual([]);
    const list = async () =>
      (
        await api.call({
          url: '/vsbridge/staff/products?storeCode=en&size=200&ladder=inverted',
          headers: as('catalog'),
        })
      ).body.result.items as { sku: string; grade_ladder_inverted: boolean }[];
    expect((await list()).map((i) => i.sku)).not.toContain('MBA-7000');
    // grade A (MBA-7000-B) at the price of grade A+ (MBA-7000-A)
    const a = parent.children.find((c: { sku: string }) => c.sku === 'MBA-7000-A');
    const r = await save('MBA-7000', {
      version: parent.version,
      product: {
        configurable_children: [
          { sku: 'MBA-7000-B', price: (a.price / 100).toFixed(2), status: 1, stock: { is_in_stock: true } },
        ],
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.result.grade_ladder).toEqual([
      {
        lower: { sku: 'MBA-7000-B', grade: 'a', price: a.price_incl_tax },
        higher: { sku: 'MBA-7000-A', grade: 'a_plus', price: a.price_incl_tax },
      },
    ]);
    const flagged = await list();
    expect(flagged.map((i) => i.sku)).toEqual(['MBA-7000']);
    expect(flagged[0]!.grade_ladder_inverted).toBe(true);
    expect(
      (await api.call({ url: '/vsbridge/staff/products?ladder=upside', headers: as('catalog') })).status,
    ).toBe(400);
  });
});
