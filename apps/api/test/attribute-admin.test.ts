/**
 * The back office's attributes through HTTP: roles `catalog` and `admin` (401 anonymous, 403
 * staff); bad input refused naming the field, never a 500; a value added gets the next free number
 * and is offered by the product form at once; a used value is never removed (the number of products
 * named); a label change is what the category page's filters show next; writes are audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchUrl, startApi, type TestApi } from './helpers.ts';
import { COLOR, CONDITION } from './fixtures.ts';
import { staffOfEachRole, type StaffWho } from './staff-helpers.ts';

let api: TestApi;
type Who = StaffWho;
let as: (who: Who) => Record<string, string>;
const COLOR_ID = 93;
const CONDITION_ID = 141;

beforeAll(async () => {
  api = await startApi();
  as = await staffOfEachRole(api, 'attributes.lt');
});
afterAll(async () => api?.close());

const save = (id: number | null, attribute: Record<string, unknown>, who: Who = 'catalog', store = 'en') =>
  api.call({
    method: 'POST',
    url: `/vsbridge/staff/attributes${id === null ? '' : `/${id}`}?storeCode=${store}`,
    headers: as(who),
    payload: { attribute },
  });
type Option = { value: number; label: Record<string, string>; products: number };
type Form = {
  attribute_code: string;
  frontend_label: Record<string, string>;
  options: Option[];
  products: number;
};
const form = async (id: number): Promise<Form> => {
  const r = await api.call({ url: `/vsbridge/staff/attributes/${id}?storeCode=en`, headers: as('catalog') });
  expect(r.status).toBe(200);
  return r.body.result.attribute as Form;
};
/** the values as a save sends them back: kept, in order, labels as they are */
const kept = (f: Form) => f.options.map((o) => ({ value: o.value, label: o.label }));
const errors = (body: { errors?: { field: string; message: string }[] }) => body.errors ?? [];

describe('who may keep the attributes', () => {
  it('GET the list and a form, POST a change: 401 anonymous, 403 staff, 200 catalog and admin', async () => {
    for (const [who, status] of [
      ['anonymous', 401],
      ['staff', 403],
      ['catalog', 200],
      ['admin', 200],
    ] as const) {
      for (const url of ['/vsbridge/staff/attributes', `/vsbridge/staff/attributes/${COLOR_ID}`]) {
        const r = await api.call({ url: `${url}?storeCode=en`, headers: as(who) });
        expect(r.status, `${url} ${who}`).toBe(status);
      }
      const w = await save(COLOR_ID, { position: 1 }, who);
      expect(w.status, `POST ${who}`).toBe(status);
    }
  });
});

describe('the list', () => {
  it('shows code, labels, input, flags, position, values and products using each', async () => {
    const r = await api.call({ url: '/vsbridge/staff/attributes?storeCode=en', headers: as('catalog') });
    const items = r.body.result.items as {
      attribute_code: string;
      frontend_input: string;
      is_filterable: boolean;
      values: number;
      products: number;
      frontend_label: Record<string, string>;
    }[];
    expect(items.map((a) => a.attribute_code)).toEqual(['color', 'condition', 'warranty_note']);
    const color = items[0]!;
    expect([color.frontend_input, color.is_filterable, color.values, color.frontend_label.lt]).toEqual([
      'select',
      true,
      2,
      'Spalva',
    ]);
    expect(color.products).toBeGreaterThan(3);
    expect(items[2]?.products).toBe(0);
  });
});

describe('bad input', () => {
  it('is refused with the field named, never a 500', async () => {
    const cases: [number | null, Record<string, unknown>, string, number][] = [
      [null, { attribute_code: 'Bad Code', frontend_label: { lt: 'X' } }, 'attribute_code', 400],
      [null, { frontend_label: { lt: 'X' } }, 'attribute_code', 400],
      [null, { attribute_code: 'color', frontend_label: { lt: 'X' } }, 'attribute_code', 409],
      [
        null,
        { attribute_code: 'finish', frontend_input: 'swatch', frontend_label: { lt: 'X' } },
        'frontend_input',
        400,
      ],
      [null, { attribute_code: 'finish', frontend_label: { en: 'Finish' } }, 'frontend_label.lt', 400],
      [COLOR_ID, { frontend_label: { lt: '  ' } }, 'frontend_label.lt', 400],
      [COLOR_ID, { position: 'first' }, 'position', 400],
      [COLOR_ID, { attribute_code: 'colour' }, 'attribute_code', 400],
      [COLOR_ID, { options: [{ value: 999, label: { lt: 'X' } }] }, 'options.0.value', 400],
      [COLOR_ID, { options: [{ label: { en: 'Only English' } }] }, 'options.0.label.lt', 400],
    ];
    for (const [id, body, field, status] of cases) {
      const r = await save(id, body);
      expect(r.status, JSON.stringify(body)).toBe(status);
      expect(
        errors(r.body).map((e) => e.field),
        JSON.stringify(r.body),
      ).toContain(field);
    }
    // the transport's own checks name the field too
    const wrongType = await save(COLOR_ID, { is_filterable: 'yes' });
    expect(wrongType.status).toBe(400);
    expect(JSON.stringify(wrongType.body)).toContain('is_filterable');
  });
});

describe('values', () => {
  it('a value added gets the next free number and the product form offers it at once', async () => {
    const before = await form(COLOR_ID);
    const r = await save(COLOR_ID, {
      options: [...kept(before), { label: { lt: 'Titano', en: 'Titanium', ru: 'Титановый' } }],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const after = r.body.result.attribute as Form;
    const added = after.options.at(-1)!;
    expect(added.value).toBe(Math.max(COLOR.black, COLOR.silver) + 1);
    expect(added.products).toBe(0);
    // the stored values keep their numbers
    expect(after.options.slice(0, 2).map((o) => o.value)).toEqual([COLOR.black, COLOR.silver]);

    const products = await api.call({
      url: '/vsbridge/staff/products?size=1&storeCode=en',
      headers: as('catalog'),
    });
    const color = (
      products.body.result.options.attributes as {
        code: string;
        options: { value: number; label: Localized }[];
      }[]
    ).find((a) => a.code === 'color')!;
    expect(color.options.map((o) => o.value)).toContain(added.value);
    expect(color.options.find((o) => o.value === added.value)?.label).toMatchObject({ en: 'Titanium' });

    // reordered, then removed: nobody uses it
    const moved = await save(COLOR_ID, { options: [kept(after)[2], kept(after)[0], kept(after)[1]] });
    expect((moved.body.result.attribute as Form).options.map((o) => o.value)).toEqual([
      added.value,
      COLOR.black,
      COLOR.silver,
    ]);
    const removed = await save(COLOR_ID, { options: kept(before) });
    expect(removed.status).toBe(200);
    expect((removed.body.result.attribute as Form).options.map((o) => o.value)).toEqual([
      COLOR.black,
      COLOR.silver,
    ]);
  });

  it('a used value is not removed: the message names how many products use it', async () => {
    const before = await form(COLOR_ID);
    const silver = before.options.find((o) => o.value === COLOR.silver)!;
    expect(silver.products).toBeGreaterThan(1);
    const r = await save(
      COLOR_ID,
      { options: kept(before).filter((o) => o.value !== COLOR.silver) },
      'catalog',
      'en',
    );
    expect(r.status).toBe(409);
    expect(r.body.result).toContain(`${silver.products} product`);
    expect(r.body.result).toContain('Silver');
    expect((await form(COLOR_ID)).options).toHaveLength(2);
    // a configurable's child counts: the grade A is used by a child alone
    const grades = await form(CONDITION_ID);
    expect(grades.options.find((o) => o.value === CONDITION.a)?.products).toBeGreaterThan(0);
    const g = await save(CONDITION_ID, { options: kept(grades).filter((o) => o.value !== CONDITION.a) });
    expect(g.status).toBe(409);
  });
});

type Localized = Record<string, string>;

describe('what the storefront shows', () => {
  it('a label change is the category page filter’s label at once, and the configurable’s option label', async () => {
    const facet = async () => {
      const r = await api.call(
        searchUrl(
          'product',
          { filters: { category_ids: [11] }, aggregations: ['color', 'condition'] },
          {},
          'vue_storefront_catalog_en',
        ),
      );
      expect(r.status).toBe(200);
      return r.body.attribute_metadata as {
        attribute_code: string;
        frontend_label: string;
        options: { value: number; label: string }[];
      }[];
    };
    expect((await facet()).find((m) => m.attribute_code === 'color')?.frontend_label).toBe('Colour');
    const before = await form(COLOR_ID);
    const r = await save(COLOR_ID, {
      frontend_label: { lt: 'Spalva', en: 'Finish colour', ru: 'Цвет' },
      options: before.options.map((o) => ({
        value: o.value,
        label: o.value === COLOR.black ? { ...o.label, en: 'Jet black' } : o.label,
      })),
    });
    expect(r.status).toBe(200);
    const meta = (await facet()).find((m) => m.attribute_code === 'color')!;
    expect(meta.frontend_label).toBe('Finish colour');
    expect(meta.options.find((o) => o.value === COLOR.black)?.label).toBe('Jet black');

    // a grade renamed: the configurable's document (its options and its grade label) is re-indexed
    const grades = await form(CONDITION_ID);
    const g = await save(CONDITION_ID, {
      options: grades.options.map((o) => ({
        value: o.value,
        label: o.value === CONDITION.aplus ? { lt: 'A+ (kaip nauja)', en: 'A+ (as new)' } : o.label,
      })),
    });
    expect(g.status).toBe(200);
    const mba = await api.call(
      searchUrl('product', { filters: { sku: 'MBA-7000' } }, {}, 'vue_storefront_catalog_en'),
    );
    const doc = mba.body.hits.hits[0]._source as {
      configurable_options: { values: { value_index: number; label: string }[] }[];
    };
    expect(doc.configurable_options[0]?.values.find((v) => v.value_index === CONDITION.aplus)?.label).toBe(
      'A+ (as new)',
    );
    const lap = await api.call(
      searchUrl('product', { filters: { sku: 'LAP-1002' } }, {}, 'vue_storefront_catalog_en'),
    );
    expect(lap.body.hits.hits[0]._source.condition_label).toBe('A+ (as new)');
    // only the documents that carry a changed label were re-indexed: none for the colour (no
    // configurable offers it), the grade A+'s products and their parent for the grade
    const details = await api.database.query<{ target: string; details: { reindexed?: number } }>(
      "SELECT target, details FROM staff_audit_log WHERE action = 'attribute.update' ORDER BY id DESC LIMIT 2",
    );
    expect(details.map((d) => [d.target, d.details.reindexed])).toEqual([
      ['attribute:condition', expect.any(Number)],
      ['attribute:color', undefined],
    ]);
    expect(details[0]!.details.reindexed).toBeLessThan(grades.products);
    expect(details[0]!.details.reindexed).toBeGreaterThanOrEqual(2);
  });

  it('filterable off: the filter is no longer an attribute filter', async () => {
    const r = await save(COLOR_ID, { is_filterable: false });
    expect(r.status).toBe(200);
    const list = await api.call({ url: '/vsbridge/staff/attributes?storeCode=en', headers: as('catalog') });
    expect(
      list.body.result.items.find((a: { attribute_code: string }) => a.attribute_code === 'color')
        .is_filterable,
    ).toBe(false);
    const docs = await api.call(
      searchUrl('attribute', { filters: { attribute_code: 'color' } }, {}, 'vue_storefront_catalog_en'),
    );
    expect(docs.body.hits.hits[0]._source.is_filterable).toBe(false);
    await save(COLOR_ID, { is_filterable: true });
  });
});

describe('a new attribute, and deleting one', () => {
  it('creates one with values, audits it, deletes it while unused, refuses a used one', async () => {
    const r = await save(null, {
      attribute_code: 'grade_note',
      frontend_input: 'select',
      frontend_label: { lt: 'Būklės pastaba', en: 'Grade note' },
      is_filterable: true,
      is_comparable: true,
      position: 9,
      options: [{ label: { lt: 'Be įbrėžimų', en: 'No scratches' } }, { label: { lt: 'Su dėže' } }],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const created = r.body.result.attribute as Form & { attribute_id: number };
    expect(created.options.map((o) => o.value)).toEqual([1, 2]);
    const docs = await api.call(
      searchUrl('attribute', { filters: { attribute_code: 'grade_note' } }, {}, 'vue_storefront_catalog_en'),
    );
    expect(docs.body.hits.hits[0]._source.frontend_label).toBe('Grade note');

    const audit = await api.database.query<{ action: string; target: string }>(
      "SELECT action, target FROM staff_audit_log WHERE target = 'attribute:grade_note' ORDER BY id",
    );
    expect(audit.map((a) => a.action)).toEqual(['attribute.create']);

    const gone = await api.call({
      method: 'POST',
      url: `/vsbridge/staff/attributes/${created.attribute_id}/delete?storeCode=en`,
      headers: as('catalog'),
    });
    expect(gone.status).toBe(200);
    const used = await api.call({
      method: 'POST',
      url: `/vsbridge/staff/attributes/${COLOR_ID}/delete?storeCode=en`,
      headers: as('catalog'),
    });
    expect(used.status).toBe(409);
    expect(used.body.result).toMatch(/used by \d+ product/);
  });
});
