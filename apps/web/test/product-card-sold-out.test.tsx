// @vitest-environment node
/**
 * A sold-out product's listing card
 * (docs/decisions/0048-sold-out-products-stay-listed-after-the-available-ones.md): listings show sold-out products last; the card says "Out of stock" in the
 * store view's language, offers no add-to-cart button and links to the product page, where the
 * back-in-stock request is. The documents are the real API's (PGlite, the API tests' shop), asked
 * as the category listing asks them (PRODUCT_CARD_FIELDS): a simple product with stock 0
 * (AUD-4001), one marked in stock with nothing left (LAP-1002: total_qty 0, so sold out for the
 * listing; the card said "In stock" with an add button before) and a configurable whose children
 * have all sold out (MBA-7000, after a stock feed).
 * PGlite does not start inside jsdom: the API starts first, then the window (browser-globals.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as TL from '@testing-library/react';
import type * as Router from 'react-router';
import type * as CardModule from '../app/components/ProductCard';
import type * as UrlsModule from '../app/lib/urls';
import { importCatalog, reindexProducts } from '@vitrina/db';
import type { StoreCode } from '@vitrina/domain';
import { getT } from '../app/i18n';
import { createApi } from '../app/api-client/api';
import { PRODUCT_CARD_FIELDS } from '../app/components/product-card-fields';
import type { Product } from '../app/lib/types';
import { installBrowserGlobals } from './support/browser-globals';
import { startRealShop, type RealShop } from './support/real-shop';

let shop: RealShop;
let tl: typeof TL;
let MemoryRouter: typeof Router.MemoryRouter;
let ProductGrid: typeof CardModule.ProductGrid;
let productPath: typeof UrlsModule.productPath;

beforeAll(async () => {
  shop = await startRealShop();
  // the Dell: in stock by its flag, but no unit left (total_qty 0)
  await shop.api.database.query("UPDATE stock SET qty = 0, is_in_stock = true WHERE sku = 'LAP-1002'", []);
  await reindexProducts(shop.api.database, { productIds: [1002] });
  // every MacBook variant sells out (a stock feed): the configurable is sold out as a whole
  await importCatalog(shop.api.database, {
    products: [
      { sku: 'MBA-7000-A', qty: 0 },
      { sku: 'MBA-7000-B', qty: 0 },
    ],
  });
  await installBrowserGlobals(shop.fetch);
  tl = await import('@testing-library/react');
  ({ MemoryRouter } = await import('react-router'));
  ({ ProductGrid } = await import('../app/components/ProductCard'));
  ({ productPath } = await import('../app/lib/urls'));
});
afterAll(async () => {
  tl?.cleanup();
  await shop?.close();
});

/** the whole catalogue as a listing asks for it (cheapest first), in a store view */
async function listing(storeCode: StoreCode): Promise<Product[]> {
  const api = createApi({ fetch: shop.fetch, baseUrl: '', storeCode });
  const res = await api.searchProducts({
    sort: 'final_price:asc',
    size: 50,
    includeFields: PRODUCT_CARD_FIELDS,
  });
  return res.items;
}

const PREFIX: Record<StoreCode, string> = { lt: '/', en: '/en/', ru: '/ru/' };

describe('listing card of a sold-out product', () => {
  it.each(['lt', 'en', 'ru'] as const)(
    '%s: says out of stock, has no add-to-cart button, links to its page; listed after the available ones',
    async (storeCode) => {
      const t = getT(storeCode);
      const items = await listing(storeCode);
      const skus = items.map((p) => p.sku);
      // the sold-out ones (the Dell is the cheapest laptop) come after every available product
      expect(skus.slice(-3)).toEqual(['LAP-1002', 'AUD-4001', 'MBA-7000']);
      expect(skus).toContain('LAP-1001');

      const view = tl.render(
        <MemoryRouter initialEntries={[PREFIX[storeCode]]}>
          <ProductGrid products={items} />
        </MemoryRouter>,
      );
      try {
        const cards = [...view.container.querySelectorAll('li.card')];
        expect(cards).toHaveLength(items.length);
        const card = (sku: string) => cards[skus.indexOf(sku)] as HTMLElement;
        for (const sku of ['LAP-1002', 'AUD-4001', 'MBA-7000']) {
          const product = items[skus.indexOf(sku)] as Product;
          const c = card(sku);
          expect(c.querySelector('.stock-line')?.textContent, sku).toBe(t('product.outOfStock'));
          expect(c.querySelector('.stock-line')?.className, sku).toBe('stock stock-line out');
          expect(c.querySelector('.card-add'), sku).toBeNull();
          expect(c.querySelector('a')?.getAttribute('href'), sku).toBe(productPath(storeCode, product));
        }
        // an available simple product: in stock, with its add-to-cart button
        const available = card('LAP-1001');
        expect(available.querySelector('.stock-line')?.textContent).toBe(t('card.lowStock', { count: 5 }));
        expect(available.querySelector('.card-add')?.getAttribute('aria-label')).toBe(
          t('card.addToCart', { name: items[skus.indexOf('LAP-1001')]!.name }),
        );
      } finally {
        view.unmount();
      }
    },
  );
});

describe('home lists', () => {
  it('"New" and "Bestsellers" leave the sold-out products out (listings show them, last)', async () => {
    const { loader } = await import('../app/routes/home');
    const data = (await loader({
      request: new Request('http://shop.test/en/'),
      context: { apiFetch: shop.fetch },
      params: {},
    } as unknown as Parameters<typeof loader>[0])) as { newProducts: Product[]; bestsellers: Product[] };
    const shown = [...data.newProducts, ...data.bestsellers].map((p) => p.sku).sort();
    // every listable product but the three sold out (LAP-1002, AUD-4001, MBA-7000)
    expect(shown).toEqual(['ACC-3002', 'LAP-1001', 'PHN-2001', 'SW-5001']);
  });
});
