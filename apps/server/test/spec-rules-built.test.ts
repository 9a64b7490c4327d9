/**
 * Spec rules checked on the storefront's production build, served by the real API over a test
 * database (as configurable-price-page.test.ts builds it): no test double of the catalogue.
 * - catalogue-and-cart.md §4 "Product load": a configurable's child is not visible individually, so
 *   the catalogue search does not return it; its own URL opens the parent with it chosen (301).
 * - catalogue-and-cart.md §2: a category is looked up by its url_path; with the URL dispatcher off its
 *   bare path answers 301 to /c/{slug}.
 * - accounts-checkout-routes.md §8 "Other route data errors show the message": an API error reaches
 *   the 500 page with the API's own message in a production render (React Router replaces any other
 *   thrown error there by "Unexpected Server Error").
 * - catalogue-and-cart.md §9: the menu reads the category list of 4000 by position, not 50.
 * - the listing's price filter offers the API's own ranges (PRICE_RANGES), whichever they are.
 * - the delivery fact names the country its figures are for ("for Lithuania") until it is known.
 */
import type { FastifyInstance } from 'fastify';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApi, loadApiConfig } from '@vitrina/api';
import { importCatalog } from '@vitrina/db';
import { createTestDatabase, type TestDatabase } from '@vitrina/db/testing';
import { createInProcessFetch } from '../src/in-process-fetch.ts';
import { buildStorefront } from './storefront-build.ts';
import { registerStorefront } from '../src/ssr.ts';

let buildDir: string;
let removeBuild: (() => void) | undefined;
let database: TestDatabase;
let app: FastifyInstance;
/** while set, the API's news list fails as a statement timeout does (the API's own 503 answer) */
let newsTimesOut = false;

const stock = (qty: number) => ({ is_in_stock: qty > 0, qty, manage_stock: true });
const child = (
  id: number,
  sku: string,
  price: number,
  condition: number,
  extra: Record<string, unknown> = {},
) => ({
  id,
  sku,
  price,
  status: 1,
  stock: stock(3),
  condition,
  ...extra,
});

const catalogue = {
  attributes: [
    {
      attribute_id: 141,
      attribute_code: 'condition',
      frontend_label: 'Condition',
      frontend_input: 'select',
      is_filterable: true,
      options: [
        { value: 5, label: 'Brand New' },
        { value: 6, label: 'A+' },
      ],
    },
  ],
  categories: [
    { id: 2, parent_id: 1, name: 'Catalogue', slug: 'catalogue', position: 0 },
    // more top-level categories than the menu's old first page of 50; the last by position is 60
    ...Array.from({ length: 60 }, (_, i) => ({
      id: 100 + i,
      parent_id: 2,
      name: `Department ${60 - i}`,
      slug: `department-${60 - i}`,
      position: 60 - i + 1,
    })),
    {
      id: 10,
      parent_id: 2,
      name: 'Laptops',
      url_path: { lt: 'nesiojami-kompiuteriai', en: 'laptops', ru: 'noutbuki' },
      position: 1,
    },
  ],
  taxrules: [
    {
      id: 1,
      code: 'LT VAT',
      product_tax_class_ids: [2],
      customer_tax_class_ids: [3],
      rates: [{ rate: 21, tax_country_id: 'LT' }],
    },
  ],
  shipping_methods: [
    {
      code: 'courier_courier',
      carrier_code: 'courier',
      method_code: 'courier',
      title: 'Courier',
      price: 3.3,
      free_threshold: 81.82,
      countries: ['LT', 'LV', 'EE'],
      position: 1,
    },
  ],
  products: [
    {
      id: 9100,
      sku: 'CFG-P',
      type_id: 'configurable',
      name: 'Configurable laptop',
      url_key: 'configurable-laptop',
      description: '',
      price: 600,
      tax_class_id: 2,
      category_ids: [10],
      stock: { is_in_stock: true, qty: 0, manage_stock: true },
      configurable_options: [
        { attribute_id: 141, attribute_code: 'condition', label: 'Condition', values: [] },
      ],
      configurable_children: [
        child(9101, 'CFG-P-NEW', 700, 5),
        child(9102, 'CFG-P-AP', 600, 6),
        child(9103, 'CFG-P-OFF', 650, 6, { status: 2 }),
      ],
    },
  ],
};

beforeAll(async () => {
  ({ dir: buildDir, remove: removeBuild } = await buildStorefront('specrules'));
  database = await createTestDatabase();
  await importCatalog(database, catalogue);
  const config = loadApiConfig({
    CATALOG_VERSION_TTL_MS: '0',
    ADMIN_TOKEN: 'test-admin-token-0123456789-abcdef0123456789',
    // the shop's own price buckets, not the domain's default ones
    PRICE_RANGES: '0-650,650-800,800-',
  });
  app = await buildApi({ database, config });
  app.addHook('onRequest', async (req) => {
    if (newsTimesOut && req.url.startsWith('/vsbridge/news'))
      throw Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
  });
  await registerStorefront(app, {
    buildDir,
    apiFetch: createInProcessFetch(app),
    publicUrl: 'https://shop.example',
  });
  await app.ready();
}, 300_000);

afterAll(async () => {
  await app?.close();
  await database?.dispose();
  removeBuild?.();
});

describe("a configurable's child at its own URL (catalogue-and-cart.md §4 Product load)", () => {
  it.each([
    ['/p/CFG-P-AP/anything', '/p/CFG-P/configurable-laptop/CFG-P-AP'],
    ['/en/p/CFG-P-NEW/old-name?x=1', '/en/p/CFG-P/configurable-laptop/CFG-P-NEW?x=1'],
  ])('%s answers 301 to its parent with it chosen', async (url, to) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(to);
  });

  it('the parent with that child chosen is a page', async () => {
    const res = await app.inject({ method: 'GET', url: '/en/p/CFG-P/configurable-laptop/CFG-P-NEW' });
    expect(res.statusCode).toBe(200);
  });

  it('a disabled child, or a sku of nothing, is not found', async () => {
    expect((await app.inject({ method: 'GET', url: '/en/p/CFG-P-OFF/x' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/en/p/NO-SUCH-SKU/x' })).statusCode).toBe(404);
  });
});

describe("a category's bare url_path with the URL dispatcher off (catalogue-and-cart.md §2)", () => {
  it.each([
    ['/nesiojami-kompiuteriai', '/c/nesiojami-kompiuteriai'],
    ['/en/laptops', '/en/c/laptops'],
    ['/ru/noutbuki', '/ru/c/noutbuki'],
  ])('%s answers 301 to %s', async (url, to) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(to);
  });
});

describe('a route data error shows its message in production (accounts-checkout-routes.md §8)', () => {
  it.each([
    ['/en/news', 'The shop is busy right now. Please try again in a few seconds.'],
    ['/news', 'Parduotuvė šiuo metu užimta. Bandykite dar kartą po kelių sekundžių.'],
  ])('%s: the API’s message on the 500 page, in the page and in its route data', async (url, message) => {
    newsTimesOut = true;
    try {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(503);
      const doc = new JSDOM(res.body).window.document;
      expect(doc.querySelector('.server-error p')?.textContent).toBe(message);
      expect(res.body).not.toContain('Unexpected Server Error');
    } finally {
      newsTimesOut = false;
    }
  });

  it('a client navigation’s route data carries the message too', async () => {
    newsTimesOut = true;
    try {
      const res = await app.inject({ method: 'GET', url: '/en/news.data' });
      expect(res.body).toContain('The shop is busy right now.');
      expect(res.body).not.toContain('Unexpected Server Error');
    } finally {
      newsTimesOut = false;
    }
  });

  it('without the error the page renders', async () => {
    expect((await app.inject({ method: 'GET', url: '/en/news' })).statusCode).toBe(200);
  });
});

describe('the menu and the listing follow the catalogue and the API', () => {
  it('the menu lists every top-level category by position, beyond the first 50', async () => {
    const res = await app.inject({ method: 'GET', url: '/en/c/laptops' });
    expect(res.statusCode).toBe(200);
    const doc = new JSDOM(res.body).window.document;
    const links = [...doc.querySelectorAll('a[href^="/en/c/department-"]')].map((a) =>
      a.getAttribute('href'),
    );
    const unique = [...new Set(links)];
    expect(unique).toHaveLength(60);
    expect(unique.slice(0, 3)).toEqual(['/en/c/department-1', '/en/c/department-2', '/en/c/department-3']);
    expect(unique.at(-1)).toBe('/en/c/department-60');
  });

  it("the price filter offers the API's ranges, and filters by them", async () => {
    // the parent at 726,00 € (its cheapest available child) and no product below 650 €
    const res = await app.inject({ method: 'GET', url: '/en/c/laptops' });
    const doc = new JSDOM(res.body).window.document;
    const options = [...doc.querySelectorAll('#filter-price + ul a')].map((a) =>
      a.textContent?.replace(/\s+/g, ' ').trim(),
    );
    expect(options).toEqual(['650.00 € - 800.00 € (1)']);
    const href = doc.querySelector('#filter-price + ul a')?.getAttribute('href') ?? '';
    expect(href).toContain('price=650.0-800.0');
    const filtered = await app.inject({ method: 'GET', url: href });
    expect(filtered.statusCode).toBe(200);
    const chosen = new JSDOM(filtered.body).window.document;
    expect(chosen.querySelector('a[href^="/en/p/CFG-P/"]')).not.toBeNull();
  });

  it('the delivery fact says the figures are for Lithuania while the country is unknown', async () => {
    const res = await app.inject({ method: 'GET', url: '/en/p/CFG-P/configurable-laptop' });
    const fact = new JSDOM(res.body).window.document.querySelector('.fact-delivery');
    // 726,00 € is above the 99,00 € threshold (81,82 € net + 21 %)
    expect(fact?.textContent?.replace(/\s+/g, ' ').trim()).toBe('Free delivery · for Lithuania');
  });
});
