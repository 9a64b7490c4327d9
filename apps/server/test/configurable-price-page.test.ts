/**
 * A configurable product's price end to end on the server render: a configurable parent whose own price differs
 * from its children's shows, on its category card and on its product page's first render, the price
 * of the variant the spec's rule chooses with no option chosen — the cheapest available child
 * (catalogue-and-cart.md §4 "Configurable product") — or, when no child is for sale, the cheapest
 * enabled one (docs/decisions/). The real React Router production build on the real API and a test
 * database, as storefront-security.test.ts builds it.
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
const parent = (
  id: number,
  sku: string,
  name: string,
  price: number,
  children: Record<string, unknown>[],
) => ({
  id,
  sku,
  type_id: 'configurable',
  name,
  url_key: sku.toLowerCase(),
  description: '',
  price,
  tax_class_id: 2,
  category_ids: [10],
  stock: { is_in_stock: true, qty: 0, manage_stock: true },
  configurable_options: [{ attribute_id: 141, attribute_code: 'condition', label: 'Condition', values: [] }],
  configurable_children: children,
});

/** net euros; 21 % VAT: 600 → 726,00 €, 400 → 484,00 €, 250 → 302,50 € */
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
        { value: 7, label: 'A' },
      ],
    },
  ],
  categories: [
    { id: 2, parent_id: 1, name: 'Catalogue', slug: 'catalogue', position: 0 },
    { id: 10, parent_id: 2, name: 'Laptops', slug: 'laptops', position: 1 },
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
  products: [
    parent(9100, 'CFG-HI', 'Priced above its children', 900, [
      child(9101, 'CFG-HI-A', 500, 5, { stock: stock(0) }),
      child(9102, 'CFG-HI-B', 600, 6),
      child(9103, 'CFG-HI-C', 800, 7),
    ]),
    parent(9200, 'CFG-LO', 'Priced below its children', 100, [
      child(9201, 'CFG-LO-A', 300, 5, { status: 2 }),
      child(9202, 'CFG-LO-B', 400, 6),
    ]),
    parent(9300, 'CFG-NONE', 'Nothing for sale', 50, [
      child(9301, 'CFG-NONE-A', 200, 5, { status: 2 }),
      child(9302, 'CFG-NONE-B', 250, 6, { stock: stock(0) }),
    ]),
  ],
};

beforeAll(async () => {
  ({ dir: buildDir, remove: removeBuild } = await buildStorefront('cfgprice'));
  database = await createTestDatabase();
  await importCatalog(database, catalogue);
  const config = loadApiConfig({
    CATALOG_VERSION_TTL_MS: '0',
    ADMIN_TOKEN: 'test-admin-token-0123456789-abcdefghij',
  });
  app = await buildApi({ database, config });
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

async function page(url: string): Promise<Document> {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return new JSDOM(res.body).window.document;
}
/** the amount a price shows ("from 726.00 €"), without the grade it names beside it (a card's `.price-card-grade`, a page's `.price-grade`) */
const priceText = (el: Element | null | undefined) => {
  const price = el?.querySelector('.price')?.cloneNode(true) as Element | undefined;
  price?.querySelector('.price-grade, .price-card-grade')?.remove();
  return price?.textContent?.replace(/\s+/g, ' ').trim();
};

describe('a configurable parent’s price on the server render', () => {
  it('the category card shows the cheapest available child’s price', async () => {
    const doc = await page('/en/c/laptops');
    const card = (sku: string) =>
      [...doc.querySelectorAll('li.card')].find((li) => li.querySelector(`a[href^="/en/p/${sku}/"]`));
    // "from": the children's prices differ (a product card says "from" then)
    expect(priceText(card('CFG-HI'))).toBe('from 726.00 €');
    // the grade of the child whose price it is, named beside it
    expect(card('CFG-HI')?.querySelector('.price-card-grade')?.textContent).toContain('A+');
    expect(priceText(card('CFG-LO'))).toBe('from 484.00 €');
  });

  it('the product page shows the chosen variant’s price, in its header and its description', async () => {
    const hi = await page('/en/p/CFG-HI/cfg-hi');
    expect(priceText(hi.querySelector('.product-info'))).toBe('726.00 €');
    expect(hi.querySelector('meta[name="description"]')?.getAttribute('content')).toContain('726.00');
    // no child for sale: the cheapest enabled one's price, and the page says no variant is available
    const none = await page('/en/p/CFG-NONE/cfg-none');
    expect(priceText(none.querySelector('.product-info'))).toBe('302.50 €');
    expect(none.querySelector('meta[name="description"]')?.getAttribute('content')).toContain('302.50');
  });
});
