import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CASH_ON_DELIVERY_FEE_CENTS, importedInclTax, importedTaxRate, toCents } from '@vitrina/domain';
import {
  GRADES,
  IMAGE_LOOKS,
  ROOT_CATEGORY_ID,
  generateDemoCatalog,
  generateLargeCatalog,
  productImageFolders,
  writeImportFile,
  type DemoImportFile,
  type ImportProduct,
  type LocalizedText,
} from '../src/index.ts';

const REF = new Date('2026-03-15T10:30:00Z');
const TYPES = ['simple', 'configurable', 'grouped', 'bundle', 'virtual', 'downloadable'] as const;

const isLocalized = (t: unknown): t is LocalizedText =>
  typeof t === 'object' && t !== null && 'lt' in t && 'en' in t && 'ru' in t;

/** all three store views present, non-empty, and not all the same text */
function expectTranslated(t: unknown, where: string) {
  expect(isLocalized(t), where).toBe(true);
  const { lt, en, ru } = t as LocalizedText;
  for (const v of [lt, en, ru]) expect(v.trim().length, where).toBeGreaterThan(0);
  expect(lt !== en && en !== ru && lt !== ru, `${where}: ${lt} / ${en} / ${ru}`).toBe(true);
}

function isSellable(p: ImportProduct): boolean {
  if (p.status !== 1 || p.visibility === 1 || !(p.price > 0)) return false;
  if (p.type_id === 'configurable') {
    return (p.configurable_children ?? []).some((c) => c.status === 1 && c.stock.is_in_stock && c.price > 0);
  }
  return p.stock.is_in_stock;
}

const twoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

describe('generateDemoCatalog', () => {
  let data: DemoImportFile;
  let products: ImportProduct[];

  beforeAll(() => {
    data = generateDemoCatalog({ seed: 42, referenceDate: REF });
    products = data.products ?? [];
  });

  it('is deterministic: the same seed and reference date give the same catalogue', () => {
    const again = generateDemoCatalog({ seed: 42, referenceDate: new Date('2026-03-15T23:59:00Z') });
    expect(again).toEqual(data);
    const other = generateDemoCatalog({ seed: 7, referenceDate: REF });
    expect(other.products).not.toEqual(data.products);
  });

  it('has the requested number of products, at least 2,000 of them sellable', () => {
    expect(products).toHaveLength(2400);
    expect(products.filter(isSellable).length).toBeGreaterThanOrEqual(2000);
    expect(generateDemoCatalog({ seed: 3, productCount: 300, referenceDate: REF }).products).toHaveLength(
      300,
    );
  });

  it('has at least 25 categories in a valid tree under root 2', () => {
    const categories = data.categories ?? [];
    const byId = new Map(categories.map((c) => [c.id, c]));
    expect(byId.size).toBe(categories.length);
    const root = byId.get(ROOT_CATEGORY_ID);
    expect(root).toBeDefined();
    expect(root?.parent_id === 1 || root?.parent_id === null).toBe(true);
    const below = categories.filter((c) => c.id !== ROOT_CATEGORY_ID);
    expect(below.length).toBeGreaterThanOrEqual(25);
    for (const c of below) {
      const seen = new Set<number>();
      let current = c;
      while (current.id !== ROOT_CATEGORY_ID) {
        expect(seen.has(current.id), `cycle at ${c.id}`).toBe(false);
        seen.add(current.id);
        const parent = byId.get(current.parent_id ?? -1);
        expect(parent, `parent of ${current.id}`).toBeDefined();
        current = parent as typeof current;
      }
      expectTranslated(c.name, `category ${c.id} name`);
      expect(isLocalized(c.slug)).toBe(true);
      expect((c.slug as LocalizedText).lt).toMatch(/^[a-z0-9-]+$/);
      expect((c.slug as LocalizedText).ru).toMatch(/^[a-z0-9-]+$/);
    }
    // slugs unique per store view
    for (const store of ['lt', 'en', 'ru'] as const) {
      const slugs = categories.map((c) => (c.slug as LocalizedText)[store]);
      expect(new Set(slugs).size).toBe(slugs.length);
    }
    // every leaf with products is a real category, and the big departments exist
    const names = below.map((c) => (c.name as LocalizedText).en);
    for (const n of [
      'Laptops',
      'Monitors',
      'Tablets',
      'Smartphones',
      'Headphones',
      'Speakers',
      'Soundbars',
      'TVs',
      'Projectors',
      'Refrigerators',
      'Washing machines',
      'Vacuum cleaners',
      'Coffee machines',
      'Microwave ovens',
      'Gaming',
      'Accessories',
      'Software',
    ]) {
      expect(names).toContain(n);
    }
  });

  it('has every product type', () => {
    const counts = Object.fromEntries(TYPES.map((t) => [t, products.filter((p) => p.type_id === t).length]));
    for (const t of TYPES) expect(counts[t], t).toBeGreaterThan(0);
  });

  it('sells all six condition grades, with localized labels', () => {
    const condition = data.attributes?.find((a) => a.attribute_code === 'condition');
    expect(condition?.options.map((o) => (o.label as LocalizedText).en)).toEqual([
      'Brand New',
      'A+ (like new)',
      'A (excellent)',
      'B (good)',
      'C+ (fair)',
      'C (visible signs of use)',
    ]);
    for (const o of condition?.options ?? []) expectTranslated(o.label, `condition ${o.value}`);
    const used = new Set<unknown>();
    for (const p of products) {
      if (p.condition !== undefined) used.add(p.condition);
      for (const c of p.configurable_children ?? []) used.add(c.condition);
    }
    for (const g of GRADES) expect(used.has(g.value), g.short).toBe(true);
    // graded configurables offer the grade plus colour or capacity
    for (const p of products.filter((x) => x.type_id === 'configurable')) {
      const codes = (p.configurable_options ?? []).map((o) => o.attribute_code);
      expect(codes[0]).toBe('condition');
      expect(['color', 'capacity']).toContain(codes[1]);
    }
  });

  it('has lt, en and ru texts that differ (categories, attributes, CMS)', () => {
    for (const a of data.attributes ?? [])
      expectTranslated(a.frontend_label, `attribute ${a.attribute_code}`);
    for (const page of data.cms_pages ?? []) {
      expectTranslated(page.title, `page ${page.identifier} title`);
      expectTranslated(page.content, `page ${page.identifier} content`);
      expectTranslated(page.meta_description, `page ${page.identifier} meta`);
    }
    for (const block of data.cms_blocks ?? []) {
      expectTranslated(block.title, `block ${block.identifier}`);
      expectTranslated(block.content, `block ${block.identifier}`);
    }
    for (const b of data.banners ?? []) expectTranslated(b.title, `banner ${b.position}`);
    for (const p of products.filter((x) => x.type_id !== 'simple' && x.type_id !== 'configurable')) {
      expectTranslated(p.name, `${p.sku} name`);
    }
    const lt = (data.cms_pages ?? []).map((p) => (p.content as LocalizedText).lt).join(' ');
    const ru = (data.cms_pages ?? []).map((p) => (p.content as LocalizedText).ru).join(' ');
    expect(lt).toMatch(/[ąčęėįšųūž]/);
    expect(ru).toMatch(/[а-яё]/);
  });

  it('has the CMS pages of the spec with their localized slugs, stating the shop terms', () => {
    // one contact page: the spec's `contacts` answers 301 to `contact-us` and has no page of its own
    const pages = new Map((data.cms_pages ?? []).map((p) => [p.identifier, p]));
    const expected: Record<string, string> = {
      'about-us': 'apie-mus',
      'contact-us': 'susisiekite-su-mumis',
      delivery: 'pristatymas',
      'payment-methods': 'mokejimo-metodai',
      'privacy-policy': 'privatumo-politika',
      'purchase-sales-rules': 'pirkimo-pardavimo-taisykles',
      'return-policy': 'prekiu-grazinimas',
      'warranty-service': 'garantinis-aptarnavimas',
    };
    expect([...pages.keys()].sort()).toEqual(Object.keys(expected).sort());
    for (const [identifier, ltSlug] of Object.entries(expected)) {
      expect(pages.get(identifier)?.slug).toEqual({ lt: ltSlug, en: identifier, ru: identifier });
    }
    const footer = (data.cms_blocks ?? []).find((b) => b.identifier === 'footer-terms');
    const terms: Record<keyof LocalizedText, RegExp[]> = {
      lt: [/30 dienų pinigų grąžinimo/, /8:00–17:00/, /2–3 darbo dien/, /10 % nuolaidos/, /3,00 €/],
      en: [/30-day money-back/, /8:00–17:00/, /2–3 working days/, /10% discount/, /3\.00 €/],
      ru: [/30-дневная гарантия возврата/, /8:00–17:00/, /2–3 рабочих дня/, /10 %/, /3,00 €/],
    };
    for (const store of ['lt', 'en', 'ru'] as const) {
      const footerText = (footer?.content as LocalizedText)[store];
      const allPages = (data.cms_pages ?? []).map((p) => (p.content as LocalizedText)[store]).join('\n');
      for (const re of terms[store]) {
        expect(footerText, `footer ${store} ${re}`).toMatch(re);
        expect(allPages, `pages ${store} ${re}`).toMatch(re);
      }
    }
  });

  it('has special prices active now, expired and in the future, each below the price', () => {
    const now = startOfDay(REF);
    const kinds = { active: 0, expired: 0, future: 0 };
    for (const p of products) {
      if (p.special_price === undefined) continue;
      expect(p.special_price).toBeLessThan(p.price);
      const from = p.special_from_date ? Date.parse(p.special_from_date) : -Infinity;
      const to = p.special_to_date ? Date.parse(p.special_to_date) : Infinity;
      if (to < now) kinds.expired++;
      else if (from > now) kinds.future++;
      else kinds.active++;
    }
    expect(kinds.active).toBeGreaterThan(0);
    expect(kinds.expired).toBeGreaterThan(0);
    expect(kinds.future).toBeGreaterThan(0);
  });

  it('has configurable parents priced above and below their children, and cheapest children not for sale', () => {
    // The shop shows the cheapest available child, never the parent's own price
    const configurables = products.filter((p) => p.type_id === 'configurable');
    const childPrices = (p: ImportProduct) => (p.configurable_children ?? []).map((c) => c.price);
    expect(configurables.some((p) => p.price > Math.max(...childPrices(p)))).toBe(true);
    expect(configurables.some((p) => p.price < Math.min(...childPrices(p)))).toBe(true);
    const cheapest = (p: ImportProduct) =>
      (p.configurable_children ?? []).reduce((a, b) => (b.price < a.price ? b : a));
    const unsold = configurables.filter((p) => (p.configurable_children ?? []).length > 1).map(cheapest);
    expect(unsold.some((c) => c.status === 1 && !c.stock.is_in_stock)).toBe(true);
    expect(unsold.some((c) => c.status === 2)).toBe(true);
  });

  it('has out-of-stock and low-stock (1-3) products, and disabled and not-visible ones', () => {
    const stocks = products.flatMap((p) => [p.stock, ...(p.configurable_children ?? []).map((c) => c.stock)]);
    expect(stocks.some((s) => !s.is_in_stock && s.qty === 0)).toBe(true);
    expect(stocks.some((s) => s.is_in_stock && s.qty >= 1 && s.qty <= 3)).toBe(true);
    expect(products.some((p) => p.type_id === 'simple' && !p.stock.is_in_stock)).toBe(true);
    expect(products.some((p) => p.status === 2)).toBe(true);
    expect(products.some((p) => p.visibility === 1)).toBe(true);
  });

  it('references only things that exist', () => {
    const categoryIds = new Set((data.categories ?? []).map((c) => c.id));
    const bySku = new Map(products.map((p) => [p.sku, p]));
    const skus = [
      ...products.map((p) => p.sku),
      ...products.flatMap((p) => (p.configurable_children ?? []).map((c) => c.sku)),
    ];
    const ids = [
      ...products.map((p) => p.id),
      ...products.flatMap((p) => (p.configurable_children ?? []).map((c) => c.id)),
    ];
    expect(new Set(skus).size).toBe(skus.length);
    expect(new Set(ids).size).toBe(ids.length);

    for (const p of products) {
      expect(p.category_ids.length, p.sku).toBeGreaterThan(0);
      for (const id of p.category_ids) expect(categoryIds.has(id), `${p.sku} category ${id}`).toBe(true);
      for (const link of p.product_links ?? []) {
        const linked = bySku.get(link.linked_product_sku);
        expect(linked, `${p.sku} -> ${link.linked_product_sku}`).toBeDefined();
        expect(linked?.type_id).toBe(link.linked_product_type);
        expect(linked?.status).toBe(1);
      }
      for (const option of p.bundle_options ?? []) {
        expect(option.product_links.length).toBeGreaterThan(0);
        for (const l of option.product_links) {
          const linked = bySku.get(l.sku);
          expect(linked, `${p.sku} bundle -> ${l.sku}`).toBeDefined();
          expect(linked?.status).toBe(1);
          expect(['simple', 'virtual', 'downloadable']).toContain(linked?.type_id);
        }
        if (option.required) expect(option.product_links.filter((l) => l.is_default)).toHaveLength(1);
      }
    }
    for (const b of data.banners ?? [])
      if (b.category_id != null) expect(categoryIds.has(b.category_id)).toBe(true);
  });

  it("gives configurable children option values that exist in the attributes and in the parent's options", () => {
    const options = new Map(
      (data.attributes ?? []).map((a) => [a.attribute_code, new Set(a.options.map((o) => o.value))]),
    );
    const attributeIds = new Map((data.attributes ?? []).map((a) => [a.attribute_code, a.attribute_id]));
    for (const p of products.filter((x) => x.type_id === 'configurable')) {
      const children = p.configurable_children ?? [];
      expect(children.length, p.sku).toBeGreaterThanOrEqual(2);
      for (const o of p.configurable_options ?? []) {
        expect(o.attribute_id).toBe(attributeIds.get(o.attribute_code));
        const offered = new Set(o.values.map((v) => v.value_index));
        for (const v of offered)
          expect(options.get(o.attribute_code)?.has(v), `${p.sku} ${o.attribute_code}=${v}`).toBe(true);
        for (const c of children)
          expect(offered.has(c[o.attribute_code] as number), `${c.sku} ${o.attribute_code}`).toBe(true);
        // every offered value is used by a child
        for (const v of offered) expect(children.some((c) => c[o.attribute_code] === v)).toBe(true);
      }
      // no two children share one combination
      const combos = children.map((c) =>
        (p.configurable_options ?? []).map((o) => c[o.attribute_code]).join('/'),
      );
      expect(new Set(combos).size).toBe(combos.length);
    }
    // attribute values of simple products exist too
    for (const p of products) {
      for (const [code, values] of options) {
        if (p[code] !== undefined)
          expect(values.has(p[code] as number), `${p.sku} ${code}=${String(p[code])}`).toBe(true);
      }
    }
  });

  it('writes money as decimal euros with at most 2 decimals, and images as /demo/<folder>/<n>.png', () => {
    const folders = new Set(productImageFolders());
    const imageRe = /^\/demo\/([a-z0-9-]+)\/([0-9]+)\.png$/;
    const checkImage = (image: string | null | undefined, where: string) => {
      const m = imageRe.exec(image ?? '');
      expect(m, `${where}: ${image}`).not.toBeNull();
      expect(folders.has(m?.[1] ?? ''), `${where}: ${image}`).toBe(true);
      const n = Number(m?.[2]);
      expect(n >= 1 && n <= IMAGE_LOOKS).toBe(true);
    };
    for (const p of products) {
      expect(p.price > 0 && twoDecimals(p.price), `${p.sku} ${p.price}`).toBe(true);
      if (p.special_price != null) expect(twoDecimals(p.special_price)).toBe(true);
      expect(p.tax_class_id).toBe(2);
      checkImage(p.image, p.sku);
      for (const g of p.media_gallery ?? []) checkImage(g.image, p.sku);
      for (const c of p.configurable_children ?? []) {
        expect(c.price > 0 && twoDecimals(c.price)).toBe(true);
        checkImage(c.image, c.sku);
      }
      expect(p.url_key).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      if (p.description) expect(JSON.stringify(p.description)).toContain('demo text');
      for (const at of [p.created_at, p.updated_at]) {
        expect(new Date(at ?? '').toISOString()).toBe(at);
        expect(Date.parse(at ?? '')).toBeLessThan(REF.getTime());
      }
    }
    for (const b of data.banners ?? []) expect(b.image).toMatch(/^\/demo\/banners\/[0-9]+\.png$/);
  });

  it('imports the amounts the delivery page and texts promise, net of VAT', () => {
    // the import format's rule (domain importedInclTax) at the LT rate: what the shopper pays
    const lt = importedTaxRate(data.taxrules ?? [], 'LT');
    const gross = (euros: number | null | undefined) => importedInclTax(toCents(euros ?? 0), lt);
    const shipping = new Map((data.shipping_methods ?? []).map((m) => [m.code, m]));
    // the shop's fees in Lithuania: courier 3,99 €, parcel lockers 2,99 €, free from 99 €
    expect(gross(shipping.get('courier_courier')?.price)).toBe(399);
    expect(gross(shipping.get('omniva_parcel_terminal')?.price)).toBe(299);
    expect(gross(shipping.get('dpd_parcel_locker')?.price)).toBe(299);
    for (const m of shipping.values()) if (m.price > 0) expect(gross(m.free_threshold), m.code).toBe(9900);
    // the pages and blocks name no shipping amount: the delivery page shows the server's figures for
    // the shopper's country (its VAT), which a text could not
    const texts = JSON.stringify([data.cms_pages, data.cms_blocks]);
    expect(texts).not.toMatch(/[23][,.]99 €|99 €/);
    expect(texts).toContain('3,00 €');
    // the collection fee of the texts, 3,00 €
    const cod = (data.payment_methods ?? []).find((m) => m.code === 'cashondelivery');
    expect(gross(cod?.fee)).toBe(CASH_ON_DELIVERY_FEE_CENTS);
    const coupons = new Map((data.coupons ?? []).map((c) => [c.code, c]));
    expect(gross(coupons.get('WELCOME5')?.value)).toBe(500);
    expect(gross(coupons.get('SAVE50')?.value)).toBe(5000);
    expect(gross(coupons.get('SAVE50')?.min_subtotal)).toBe(50000);
  });

  it('has the tax rules, coupons, shipping and payment methods and pickup points of the shop', () => {
    const rates = (data.taxrules ?? []).flatMap((r) => r.rates.map((x) => `${x.tax_country_id}:${x.rate}`));
    expect(rates.sort()).toEqual(['EE:24', 'LT:21', 'LV:21']);
    for (const r of data.taxrules ?? []) {
      expect(r.product_tax_class_ids).toEqual([2]);
      expect(r.customer_tax_class_ids).toEqual([3]);
    }
    const coupons = new Map((data.coupons ?? []).map((c) => [c.code, c]));
    expect(coupons.get('NEWS10')).toMatchObject({ type: 'percent', value: 10 });
    expect([...coupons.values()].some((c) => c.type === 'fixed')).toBe(true);
    expect(
      [...coupons.values()].some((c) => c.to_date != null && Date.parse(c.to_date) < REF.getTime()),
    ).toBe(true);
    expect([...coupons.values()].some((c) => c.min_subtotal != null)).toBe(true);

    const shipping = new Map((data.shipping_methods ?? []).map((m) => [m.carrier_code, m]));
    expect(shipping.get('courier')).toMatchObject({
      countries: ['LT', 'LV', 'EE'],
      needs_pickup_point: false,
    });
    expect(shipping.get('courier')?.free_threshold).toBeGreaterThan(0);
    expect(shipping.get('omniva')?.needs_pickup_point).toBe(true);
    expect(shipping.get('dpd')?.needs_pickup_point).toBe(true);
    expect(shipping.get('storepickup')).toMatchObject({ price: 0, countries: ['LT'] });

    const payments = new Map((data.payment_methods ?? []).map((m) => [m.code, m]));
    expect(payments.get('cashondelivery')).toMatchObject({
      fee: 2.48,
      allowed_for_virtual: false,
      offline: true,
    });
    expect(payments.get('NEOPAY')?.is_server_method).toBe(true);
    expect(payments.get('MOKILIZINGAS')?.is_server_method).toBe(true);
    expect(payments.get('banktransfer')?.offline).toBe(true);
    expect((data.payment_methods ?? []).filter((m) => m.is_default)).toHaveLength(1);

    const points = data.pickup_points ?? [];
    expect(points.length).toBeGreaterThanOrEqual(24);
    expect(new Set(points.map((p) => p.id)).size).toBe(points.length);
    for (const p of points) {
      expect(p.name).toMatch(/\(demo\)$/);
      expect(['omniva', 'dpd', 'storepickup']).toContain(p.carrier_code);
    }
    // store pickup is the shop's own store: a pickup point with opening hours, marked demo
    expect(shipping.get('storepickup')?.needs_pickup_point).toBe(true);
    const stores = points.filter((p) => p.carrier_code === 'storepickup');
    expect(stores).toHaveLength(1);
    expect(stores[0]?.opening_hours?.['1']).toMatch(/^\d{2}:\d{2}-\d{2}:\d{2}$/);
    expect(stores[0]?.opening_hours?.['7']).toBeNull();
    for (const country of ['LT', 'LV', 'EE']) {
      for (const carrier of ['omniva', 'dpd']) {
        expect(points.some((p) => p.country_id === country && p.carrier_code === carrier)).toBe(true);
      }
    }
    for (const p of points.filter((x) => x.country_id === 'LT')) expect(p.postcode).toMatch(/^LT-\d{5}$/);
    for (const p of points.filter((x) => x.country_id === 'LV')) expect(p.postcode).toMatch(/^LV-\d{4}$/);
    for (const p of points.filter((x) => x.country_id === 'EE')) expect(p.postcode).toMatch(/^\d{5}$/);

    expect((data.banners ?? []).some((b) => b.kind === 'slider')).toBe(true);
    expect((data.banners ?? []).some((b) => b.kind === 'banner')).toBe(true);
  });

  it('round-trips through the streamed JSON writer', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'vitrina-demo-'));
    try {
      const file = path.join(dir, 'catalog.json');
      const small = generateDemoCatalog({ seed: 5, productCount: 400, referenceDate: REF });
      await writeImportFile(file, small, 64);
      expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(JSON.parse(JSON.stringify(small)));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('generateLargeCatalog', () => {
  it('builds many simple and configurable products, deterministically', () => {
    const a = generateLargeCatalog({ seed: 7, productCount: 5000, referenceDate: REF });
    const b = generateLargeCatalog({ seed: 7, productCount: 5000, referenceDate: REF });
    expect(a).toEqual(b);
    const products = a.products ?? [];
    expect(products).toHaveLength(5000);
    expect(new Set(products.map((p) => p.type_id))).toEqual(new Set(['simple', 'configurable']));
    const skus = [
      ...products.map((p) => p.sku),
      ...products.flatMap((p) => (p.configurable_children ?? []).map((c) => c.sku)),
    ];
    expect(new Set(skus).size).toBe(skus.length);
    expect(a.categories).toEqual(
      generateDemoCatalog({ seed: 7, productCount: 50, referenceDate: REF }).categories,
    );
  });

  it('builds 100,000 products', () => {
    const started = performance.now();
    const big = generateLargeCatalog({ seed: 1, productCount: 100_000, referenceDate: REF });
    const ms = performance.now() - started;
    expect(big.products).toHaveLength(100_000);
    // a figure, not a timed test
    console.info(`generateLargeCatalog(100,000): ${Math.round(ms)} ms`);
    // the work is large by design: 63 s on a machine running four suites at once (load 15-25) ran
    // past the default 60 s; the figure printed above is the measure, not this limit
  }, 300_000);
});

function startOfDay(d: Date): number {
  return Math.floor(d.getTime() / 86_400_000) * 86_400_000;
}

// ---- Bundle add-ons: a warranty is offered only where its price band covers the products it is for
describe('demo bundles offer warranties that fit', () => {
  it('every warranty of a bundle covers the price of every product the bundle offers in its category', async () => {
    const { warrantyItems } = await import('../src/digital.ts');
    const { warrantyCovers } = await import('../src/catalog.ts');
    const bands = new Map(warrantyItems().map((w) => [w.name.en, w]));
    const data = generateDemoCatalog({ seed: 42, referenceDate: REF });
    const bySku = new Map(data.products.map((p) => [p.sku, p]));
    const name = (p: { name: unknown }) => (typeof p.name === 'string' ? p.name : (p.name as LocalizedText).en);
    let checked = 0;
    for (const b of data.products.filter((p) => p.type_id === 'bundle')) {
      const links = (b.bundle_options ?? []).flatMap((o) => o.product_links).map((l) => bySku.get(l.sku)!);
      for (const w of links.map((p) => bands.get(name(p))).filter((w) => w !== undefined)) {
        const covered = links.filter((p) => p.category_ids.includes(w.forCategory!) && p.type_id === 'simple');
        expect(covered.length, `${b.sku}: the products ${name(w)} is for`).toBeGreaterThan(0);
        for (const p of covered) {
          expect(warrantyCovers(w.priceBand, p.price * 1.21), `${b.sku}: ${w.name.en} for ${p.sku}`).toBe(true);
          checked++;
        }
      }
    }
    // the band rule itself
    expect(warrantyCovers([300, 700], 299.99)).toBe(false);
    expect(warrantyCovers([300, 700], 300)).toBe(true);
    expect(warrantyCovers(undefined, 10)).toBe(false);
    // the seed's catalogue has a laptop bundle whose laptops both cost over 1 500 €: its warranties are checked
    expect(checked).toBeGreaterThan(0);
  });
});
