/**
 * PWA and offline, in English, with the network cut by Playwright (`context.setOffline`):
 * browse home, a category and a product online; once the service worker controls the page go
 * offline; the pages seen render from the device; an unseen product shows the spec's message and
 * goes home; a search answers an empty result marked offline; password reset is refused; an item
 * added to the cart offline survives a reload; back online the cart reaches the server.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { getT } from '../apps/web/app/i18n/index.ts';
import { accountT } from '../apps/web/app/i18n/account.ts';
import { useBrowser } from './support/browser.ts';
import { chooseOptionsIfNeeded, openFirstCategory } from './support/page.ts';

const shopUrl = inject('shopUrl');
const t = getT('en');
const at = accountT(t);
const INDEX = 'vue_storefront_catalog_en';
const browser = useBrowser();

async function searchDocs<T>(type: string, request: unknown, extra = ''): Promise<T[]> {
  const q = encodeURIComponent(JSON.stringify(request));
  const res = await fetch(`${shopUrl}/vsbridge/catalog/${INDEX}/${type}/_search?request=${q}${extra}`);
  return ((await res.json()) as { hits: { hits: { _source: T }[] } }).hits.hits.map((h) => h._source);
}

type ProductDoc = { sku: string; type_id: string; url_path: string; stock: { qty: number } };

/** simple products with stock on the first page of a category (by its slug) */
async function productsWithStock(categorySlug: string): Promise<ProductDoc[]> {
  const [category] = await searchDocs<{ id: number }>('category', {
    filters: { slug: decodeURIComponent(categorySlug) },
  });
  const products = await searchDocs<ProductDoc>(
    'product',
    { filters: { category_ids: category!.id } },
    '&size=24&sort=is_promoted:desc',
  );
  return products.filter((p) => p.type_id === 'simple' && p.stock.qty >= 5);
}

/** whether the service worker keeps a copy of this page's document */
async function pageKept(page: Page, path: string): Promise<boolean> {
  return page.evaluate(async (p) => Boolean(await caches.match(p)), path);
}

/** the persisted cart of the page (IndexedDB `vitrina`/`kv`, key `cart`) */
async function persistedCart(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ cartServerToken: string | null; items: { sku: string; qty: number }[] } | null>(
        (resolve, reject) => {
          const open = indexedDB.open('vitrina');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const req = open.result.transaction('kv', 'readonly').objectStore('kv').get('cart');
            req.onsuccess = () => resolve(req.result ?? null);
            req.onerror = () => reject(req.error);
          };
        },
      ),
  );
}

describe('offline (en)', () => {
  let context: BrowserContext;
  let page: Page;
  let productPath = '';
  let seen: ProductDoc;

  beforeAll(async () => {
    context = await browser.newContext();
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
  });

  it('browses online, then works from the device with the network cut', async () => {
    // home; the worker installs after the load event and takes the page (first install)
    await page.goto(`${shopUrl}/en`, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), null, {
      timeout: 30_000,
    });
    await expect.poll(() => pageKept(page, '/en'), { timeout: 15_000 }).toBe(true);

    // the web app manifest of the store view is linked (once the page has hydrated: root.tsx) and served
    const manifestHref = await page.getAttribute('link[rel="manifest"]', 'href');
    expect(manifestHref).toBe('/en/manifest.webmanifest');
    const manifest = (await (await fetch(`${shopUrl}${manifestHref}`)).json()) as { start_url: string };
    expect(manifest.start_url).toBe('/en');

    // a category from the menu, then a simple product with stock (client-side navigations)
    await openFirstCategory(page, t('header.categories'));
    await page.waitForURL(/\/en\/c\//);
    await page.locator('.card a').first().waitFor();
    const categoryPath = new URL(page.url()).pathname;
    const candidates = await productsWithStock(categoryPath.split('/c/')[1]!);
    // the home page's cards can still be on screen while the category's list arrives: read until it has
    let visible: ProductDoc[] = [];
    await expect
      .poll(
        async () => {
          const onPage = await page
            .locator('.card a')
            .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
          visible = candidates.filter((p) => onPage.some((href) => href?.endsWith(`/${p.url_path}`)));
          return visible.length;
        },
        { message: 'two simple products with stock on the category page', timeout: 15_000 },
      )
      .toBeGreaterThanOrEqual(2);
    const [first, unseen] = visible as [ProductDoc, ProductDoc];
    seen = first;
    await page.locator(`.card a[href$="/${seen.url_path}"]`).first().click();
    await page.waitForURL(/\/en\/p\//);
    productPath = new URL(page.url()).pathname;
    await page.getByRole('button', { name: t('product.addToCart'), exact: true }).waitFor();
    // the worker keeps the documents of pages reached by client-side navigation
    await expect.poll(() => pageKept(page, categoryPath), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => pageKept(page, productPath), { timeout: 15_000 }).toBe(true);

    // the reset-password page, seen online
    await page.goto(`${shopUrl}/en/reset-password`, { waitUntil: 'networkidle' });

    // ---- offline ----
    await context.setOffline(true);
    await page.getByText(t('pwa.offline')).waitFor();

    // password reset is refused offline (spec §8)
    await page.goto(`${shopUrl}/en/reset-password`);
    await page.locator('#reset-email').fill('someone@example.com');
    await page.getByRole('button', { name: at('auth.sendReset') }).click();
    await page.getByText(t.msg('user.resetOffline')).waitFor();

    // pages seen render from the device
    await page.goto(`${shopUrl}/en`);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await page.locator('.card').first().waitFor();
    await page.goto(`${shopUrl}${categoryPath}`);
    await page.locator(`.card a[href$="/${seen.url_path}"]`).first().waitFor();
    await page.goto(`${shopUrl}${productPath}`);
    await page.getByRole('button', { name: t('product.addToCart'), exact: true }).waitFor();

    // an unseen product opened from the category page: the message, then home
    await page.goto(`${shopUrl}${categoryPath}`);
    await page.getByText(t('pwa.offline')).waitFor(); // hydrated
    await page.locator(`.card a[href$="/${unseen.url_path}"]`).first().click();
    await page.getByText(t.msg('error.offlineNotAvailable')).waitFor();
    await page.waitForURL(`${shopUrl}/en`, { timeout: 10_000 });
    await page.locator('.card').first().waitFor();

    // an unseen product loaded directly: the worker's offline page says the same and goes home
    await page.goto(`${shopUrl}/en/p/${unseen.url_path}`);
    await page.getByText(t.msg('error.offlineNotAvailable')).waitFor();
    await page.waitForURL(`${shopUrl}/en`, { timeout: 10_000 });

    // search offline: an empty result marked offline
    await page.getByText(t('pwa.offline')).waitFor();
    await page.getByLabel(t('header.searchLabel')).fill('laptop');
    await page.getByLabel(t('header.searchLabel')).press('Enter');
    await page.waitForURL(/\/en\/search\?q=laptop/);
    await page.getByText(t('pwa.searchOffline')).waitFor();
    expect(await page.locator('.card').count()).toBe(0);
  });

  // depends on the cart engine (state/cart.ts): an offline add stays on the device, syncs on reconnect
  it('keeps a cart filled offline across a reload and sends it when back online', async () => {
    expect(productPath, 'the first journey saw a product').toBeTruthy();
    // add to cart offline, reload: the cart is still there
    await page.goto(`${shopUrl}${productPath}`);
    await page.getByText(t('pwa.offline')).waitFor();
    await chooseOptionsIfNeeded(page);
    const add = page.getByRole('button', { name: t('product.addToCart'), exact: true });
    await expect.poll(() => add.isEnabled()).toBe(true);
    await add.click();
    const oneInCart = page.getByRole('button', { name: t('header.cartCount', { count: 1 }) });
    await oneInCart.waitFor();
    await page.reload();
    await oneInCart.waitFor();
    expect((await persistedCart(page))?.items.map((i) => i.sku)).toContain(seen.sku);

    // ---- back online: the banner says so and the cart reaches the server ----
    await context.setOffline(false);
    await page.getByText(t('pwa.backOnline')).waitFor();
    let token: string | null = null;
    await expect
      .poll(
        async () => {
          token = (await persistedCart(page))?.cartServerToken ?? null;
          if (!token) return [];
          const res = await fetch(`${shopUrl}/vsbridge/cart/pull?cartId=${encodeURIComponent(token)}`);
          const body = (await res.json()) as { result: { sku: string; qty: number }[] };
          return Array.isArray(body.result) ? body.result.map((l) => `${l.sku}×${l.qty}`) : [];
        },
        { timeout: 20_000, message: 'the cart made offline is on the server' },
      )
      .toEqual([`${seen.sku}×1`]);
    await oneInCart.waitFor();
  });
});
