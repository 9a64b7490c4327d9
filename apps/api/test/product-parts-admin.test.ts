/**
 * A product's parts in the back office, through HTTP: a configurable product's new child (a new grade)
 * checked by the domain's rules and the import file's schema, refused when its grade duplicates a
 * child's, written in one save (audited, a product.updated event, the storefront's answer shows it);
 * a grouped product's links and a bundle's options replaced as whole ordered lists, each link an
 * existing simple product; a stale form refused. Roles: 401 anonymous, 403 staff, 200 catalog/admin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog } from '@vitrina/db';
import { CONDITION, compositeCatalog } from './fixtures.ts';
import { startApi, type TestApi } from './helpers.ts';
import { staffCookie, type StaffRole } from './staff-helpers.ts';

const signIn = async (api: TestApi, email: string, role: StaffRole) => ({
  cookie: await staffCookie(api, email, role),
});

/** grades the test adds to the fixture's three */
const GRADE_B = 8;
const GRADE_C = 9;

let api: TestApi;
const who: Record<'anonymous' | 'staff' | 'catalog' | 'admin', Record<string, string>> = {
  anonymous: {},
  staff: {},
  catalog: {},
  admin: {},
};
beforeAll(async () => {
  api = await startApi();
  await importCatalog(api.database, compositeCatalog());
  who.admin = await signIn(api, 'owner@parts.lt', 'admin');
  who.catalog = await signIn(api, 'cat@parts.lt', 'catalog');
  who.staff = await signIn(api, 'clerk@parts.lt', 'staff');
  await api.database.query(
    `UPDATE attributes SET options = options || $1::jsonb WHERE attribute_code = 'condition'`,
    [
      JSON.stringify([
        { value: GRADE_B, label: { lt: 'B', en: 'B' } },
        { value: GRADE_C, label: { lt: 'C', en: 'C' } },
      ]),
    ],
  );
});
afterAll(async () => api?.close());

const call = (
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
  store = 'en',
) =>
  api.call({
    method,
    url: `/vsbridge/staff/products${url}?storeCode=${store}`,
    headers,
    payload: payload as never,
  });
const form = async (sku: string) =>
  (await call('GET', `/${sku}`, who.admin)).body.result.product as {
    version: number;
    opened_at: string;
    children: {
      sku: string;
      price: number;
      price_incl_tax: number;
      stock: { qty: number };
      attributes: Record<string, number>;
    }[];
  };
const child = (sku: string, grade: number, more: Record<string, unknown> = {}) => ({
  sku,
  options: { condition: grade },
  price: '449.00',
  qty: 3,
  ...more,
});

describe('who may change a product’s parts', () => {
  it('401 anonymous, 403 staff, 200 catalog and admin', async () => {
    const routes: [method: 'GET' | 'POST', url: string, payload?: (role: string) => Promise<unknown>][] = [
      ['GET', '/MBA-7000/parts'],
      [
        'POST',
        '/MBA-7000/children',
        async (role) => {
          const f = await form('MBA-7000');
          return {
            version: f.version,
            opened_at: f.opened_at,
            child: child(`MBA-7000-ROLE-${role}`, role === 'admin' ? GRADE_C : GRADE_B),
          };
        },
      ],
      [
        'POST',
        '/SET-8200/links',
        async () => ({
          version: (await form('SET-8200')).version,
          product_links: [
            { sku: 'PART-BAG', qty: 1 },
            { sku: 'PART-MOUSE', qty: 2 },
          ],
        }),
      ],
    ];
    for (const [method, url, payload] of routes)
      for (const [role, status] of [
        ['anonymous', 401],
        ['staff', 403],
        ['catalog', 200],
        ['admin', 200],
      ] as const) {
        const r = await call(method, url, who[role], payload ? await payload(role) : undefined);
        expect(r.status, `${method} ${url} as ${role}: ${JSON.stringify(r.body)}`).toBe(status);
      }
  });
});

describe('a configurable product’s new child', () => {
  it('adds a new grade: stored, listed, audited, a product.updated event, the value offered on the product', async () => {
    const before = await form('MBA-7000');
    const events = async () =>
      Number(
        (
          await api.database.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM order_events WHERE type = 'product.updated' AND payload->>'sku' = 'MBA-7000'",
          )
        )[0]!.n,
      );
    const eventsBefore = await events();
    const r = await call('POST', '/MBA-7000/children', who.catalog, {
      version: before.version,
      opened_at: before.opened_at,
      child: child('MBA-7000-NEW', CONDITION.new, { price: '999.99', qty: 4 }),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const added = r.body.result.children.find((c: { sku: string }) => c.sku === 'MBA-7000-NEW');
    expect(added).toMatchObject({
      status: 1,
      price: 99999,
      attributes: { condition: CONDITION.new },
      stock: { qty: 4, is_in_stock: true },
    });
    expect(r.body.result.version).toBe(before.version + 1);
    const [audit] = await api.database.query<{ action: string }>(
      "SELECT action FROM staff_audit_log WHERE target = 'product:MBA-7000' ORDER BY id DESC LIMIT 1",
    );
    expect(audit!.action).toBe('product.child.add');
    expect(await events()).toBe(eventsBefore + 1);
    const [row] = await api.database.query<{
      configurable_options: { values: { value_index: number }[] }[];
      visibility: number;
      parent: string;
    }>(
      "SELECT p.configurable_options, c.visibility, p.sku AS parent FROM products c JOIN products p ON p.id = c.parent_id WHERE c.sku = 'MBA-7000-NEW'",
    );
    expect(row!.visibility).toBe(1);
    expect(row!.configurable_options[0]!.values.map((v) => v.value_index)).toContain(CONDITION.new);
    // the storefront's product answer has the child (re-indexed with its parent)
    const shop = await api.call(
      '/vsbridge/catalog/vue_storefront_catalog_en/product/_search?request=' +
        encodeURIComponent(JSON.stringify({ filters: { sku: 'MBA-7000' } })),
    );
    const doc = shop.body.hits.hits[0]._source as { configurable_children: { sku: string }[] };
    expect(doc.configurable_children.map((c) => c.sku)).toContain('MBA-7000-NEW');
  });

  it('refuses a grade a child has, a missing grade, a bad price and a taken sku, naming the field (en and lt)', async () => {
    const f = await form('MBA-7000');
    const send = (c: Record<string, unknown>, store = 'en') =>
      call(
        'POST',
        '/MBA-7000/children',
        who.catalog,
        { version: f.version, opened_at: f.opened_at, child: c },
        store,
      );
    const twin = await send(child('MBA-7000-TWIN', CONDITION.aplus));
    expect(twin.status).toBe(400);
    expect(twin.body.errors).toEqual([
      expect.objectContaining({
        field: 'options',
        message: expect.stringContaining('MBA-7000-A already has these options'),
      }),
    ]);
    const twinLt = await send(child('MBA-7000-TWIN', CONDITION.aplus), 'lt');
    expect(JSON.stringify(twinLt.body)).toContain('jau turi šias parinktis');
    const missing = await send({ sku: 'MBA-7000-X', options: {}, price: '10' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].field).toBe('options.condition');
    const unknown = await send(child('MBA-7000-X', 4242));
    expect(unknown.body.errors[0].field).toBe('options.condition');
    const price = await send(child('MBA-7000-X', GRADE_C + 0, { price: '-5' }));
    // GRADE_C was taken by the role test's admin child: the duplicate is what is refused first
    expect(price.status).toBe(400);
    await api.database.query(
      `UPDATE attributes SET options = options || '[{"value": 10, "label": "D"}]'::jsonb WHERE attribute_code = 'condition'`,
    );
    const badPrice = await send(child('MBA-7000-X', 10, { price: '-5' }));
    expect(badPrice.status).toBe(400);
    expect(badPrice.body.errors[0].field).toBe('child.price');
    const taken = await send(child('PART-BAG', 10));
    expect(taken.status).toBe(409);
    expect(taken.body.errors[0].field).toBe('sku');
    expect((await api.database.query("SELECT 1 FROM products WHERE sku = 'MBA-7000-X'")).length).toBe(0);
  });

  it('refuses a form opened before someone else saved (409)', async () => {
    const f = await form('MBA-7000');
    await call('POST', '/MBA-7000', who.admin, { version: f.version, product: { brand: 'Apple Inc.' } });
    const stale = await call('POST', '/MBA-7000/children', who.catalog, {
      version: f.version,
      opened_at: f.opened_at,
      child: child('MBA-7000-Z', 10),
    });
    expect(stale.status).toBe(409);
    expect((await api.database.query("SELECT 1 FROM products WHERE sku = 'MBA-7000-Z'")).length).toBe(0);
  });

  it('a simple product has no children', async () => {
    const f = await form('PART-BAG');
    const r = await call('POST', '/PART-BAG/children', who.catalog, {
      version: f.version,
      child: child('PART-BAG-2', 5),
    });
    expect(r.status).toBe(400);
  });
});

describe('grouped and bundle links', () => {
  it('a grouped product: links set in order with their quantities; unknown, composite, self and twice refused', async () => {
    const f = await form('SET-8200');
    const ok = await call('POST', '/SET-8200/links', who.catalog, {
      version: f.version,
      product_links: [
        { sku: 'PART-SSD', qty: 1 },
        { sku: 'PART-MOUSE', qty: 3 },
        { sku: 'PART-BAG', qty: 1 },
      ],
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const parts = (await call('GET', '/SET-8200/parts', who.catalog)).body.result;
    expect(parts.product_links.map((l: { sku: string; qty: number }) => `${l.sku}×${l.qty}`)).toEqual([
      'PART-SSD×1',
      'PART-MOUSE×3',
      'PART-BAG×1',
    ]);
    expect(parts.product_links[0]).toMatchObject({ name: 'SSD 512 GB', type_id: 'simple' });
    const v = ok.body.result.version;
    const bad = async (links: unknown[], field: string) => {
      const r = await call('POST', '/SET-8200/links', who.catalog, { version: v, product_links: links });
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    };
    await bad([{ sku: 'PART-BAG' }, { sku: 'NOPE-1' }], 'product_links.1.sku');
    await bad([{ sku: 'MBA-7000' }], 'product_links.0.sku');
    await bad([{ sku: 'SET-8200' }], 'product_links.0.sku');
    await bad([{ sku: 'PART-BAG' }, { sku: 'PART-BAG' }], 'product_links.1.sku');
    await bad([{ sku: 'PART-BAG', qty: 0 }], 'product_links.0.qty');
    await bad([{ sku: 'PART-BAG', qty: 'two' }], 'product_links.0.qty');
    const wrong = await call('POST', '/SET-8200/links', who.catalog, { version: v, bundle_options: [] });
    expect(wrong.status).toBe(400);
    const stale = await call('POST', '/SET-8200/links', who.catalog, {
      version: f.version,
      product_links: [{ sku: 'PART-BAG' }],
    });
    expect(stale.status).toBe(409);
  });

  it('a bundle: options and their selections replaced in order, a new option numbered after the others', async () => {
    const f = await form('BUN-8100');
    const parts = (await call('GET', '/BUN-8100/parts', who.catalog)).body.result;
    expect(parts.bundle_options.map((o: { option_id: number }) => o.option_id)).toEqual([1, 2, 3]);
    const options = [
      parts.bundle_options[1],
      { ...parts.bundle_options[0], product_links: [parts.bundle_options[0].product_links[1]] },
      {
        title: { lt: 'Pelė', en: 'Mouse' },
        type: 'radio',
        required: false,
        product_links: [{ sku: 'PART-MOUSE', qty: 1, is_default: true }],
      },
    ].map((o) => ({
      ...(o.option_id ? { option_id: o.option_id } : {}),
      title: o.title,
      type: o.type,
      required: o.required,
      product_links: o.product_links.map(
        (l: { sku: string; qty: number; is_default: boolean; can_change_quantity?: boolean }) => ({
          sku: l.sku,
          qty: l.qty,
          is_default: l.is_default,
          can_change_quantity: l.can_change_quantity ?? false,
        }),
      ),
    }));
    const r = await call('POST', '/BUN-8100/links', who.admin, {
      version: f.version,
      bundle_options: options,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const after = (await call('GET', '/BUN-8100/parts', who.catalog)).body.result;
    expect(
      after.bundle_options.map(
        (o: { option_id: number; product_links: { sku: string }[] }) =>
          `${o.option_id}:${o.product_links.map((l) => l.sku).join('+')}`,
      ),
    ).toEqual(['2:PART-SSD', '1:PART-RAM-16', '4:PART-MOUSE']);
    expect(after.bundle_options[2].title).toMatchObject({ lt: 'Pelė', en: 'Mouse' });
    const bad = await call('POST', '/BUN-8100/links', who.admin, {
      version: r.body.result.version,
      bundle_options: [{ title: 'X', type: 'select', required: true, product_links: [{ sku: 'SET-8200' }] }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('bundle_options.0.product_links.0.sku');
  });
});
