/**
 * The catalogue journey, in English: category → filter (back on page 1, the filter in the
 * query string) → product → wish list and compare → the header overlay, /wishlist and /compare show
 * the product; then a bundle with a changed option and a grouped set with changed quantities go to
 * the cart, and the server's cart lines carry what the pickers showed.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { displayVariant, formatPrice, variantPrice, type ConfigurableChild } from '@vitrina/domain';
import { getT } from '../apps/web/app/i18n/index.ts';
import { otherPagesT } from '../apps/web/app/i18n/other-pages.ts';
import { useBrowser } from './support/browser.ts';
import { watchErrors, openFirstCategory } from './support/page.ts';

const shopUrl = inject('shopUrl');
const t = otherPagesT(getT('en'));
const browser = useBrowser();

type Doc = { sku: string; slug: string; type_id: string; stock?: { is_in_stock: boolean; qty: number } };

async function searchDocs<T>(type: string, request: unknown, extra = ''): Promise<T[]> {
  const q = encodeURIComponent(JSON.stringify(request));
  const res = await fetch(
    `${shopUrl}/vsbridge/catalog/vue_storefront_catalog_en/${type}/_search?request=${q}${extra}`,
  );
  return ((await res.json()) as { hits: { hits: { _source: T }[] } }).hits.hits.map((h) => h._source);
}

/** The server cart lines of this browser's cart (its id is in the persisted cart store). */
async function serverCartLines(page: Page) {
  const token = await page.evaluate(
    () =>
      new Promise<string | null>((resolve, reject) => {
        const req = indexedDB.open('vitrina');
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const get = req.result.transaction('kv').objectStore('kv').get('cart');
          get.onsuccess = () =>
            resolve((get.result as { cartServerToken?: string } | undefined)?.cartServerToken ?? null);
          get.onerror = () => reject(get.error);
        };
      }),
  );
  expect(token, 'the cart has a server id').toBeTruthy();
  const res = await fetch(`${shopUrl}/vsbridge/cart/pull?cartId=${encodeURIComponent(token!)}&storeCode=en`);
  return (
    (await res.json()) as { result: { sku: string; qty: number; price: number; product_option?: unknown }[] }
  ).result;
}

describe('catalogue journey (en)', () => {
  it('category → filter → product → wish list and compare', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);

    await page.goto(`${shopUrl}/en`, { waitUntil: 'networkidle' });

    // the search panel: results as you type from 3 characters, Escape closes it
    const field = page.getByRole('searchbox', { name: t('header.searchLabel') });
    await field.pressSequentially('la');
    const panel = page.getByRole('region', { name: t('search.panel') });
    await panel.getByText(t.msg('validation.searchTermMinLength', { min: 3 })).waitFor();
    await field.pressSequentially('p');
    await panel.getByRole('link', { name: t('search.seeAll', { q: 'lap' }) }).waitFor();
    expect(await panel.locator('.search-panel-list a').count()).toBeGreaterThan(0);
    await field.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.closest('#search-panel') !== null)).toBe(true);
    await field.focus();
    await field.press('Escape');
    await expect.poll(() => panel.count()).toBe(0);
    await openFirstCategory(page, t('header.categories'));
    await page.waitForURL(/\/c\//);
    // breadcrumbs: home, then the category as the current item
    const crumbs = page.getByRole('navigation', { name: t('common.breadcrumbs') });
    await expect.poll(() => crumbs.locator('[aria-current="page"]').count()).toBe(1);
    expect(await page.locator('script[type="application/ld+json"]').first().textContent()).toContain(
      'BreadcrumbList',
    );

    // page 2; a product and back: the same page of products at the same scroll position
    // (accounts-checkout-routes.md §2 "scroll position and the number of category products loaded")
    const next = page.getByRole('link', { name: t('listing.next') });
    expect(await next.count(), 'the first category has a second page').toBeGreaterThan(0);
    const firstName = () => page.locator('.card .card-name').first().textContent();
    const firstOnPage1 = await firstName();
    await next.click();
    await page.waitForURL(/[?&]page=2/);
    await expect.poll(firstName).not.toBe(firstOnPage1);
    const listUrl = page.url();
    const firstOnPage2 = await firstName();
    await page.mouse.wheel(0, 400);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    const scrolled = await page.evaluate(() => window.scrollY);
    await page.locator('.card:not(.card-banner) a').nth(5).click();
    await page.waitForURL(/\/p\//);
    await page.goBack();
    await page.waitForURL(listUrl);
    await expect.poll(firstName).toBe(firstOnPage2);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 50);
    // the previous route is tracked: the product page's "Back to the list" opens
    // the same page of products at the same scroll position
    await page.locator('.card:not(.card-banner) a').nth(5).click();
    await page.waitForURL(/\/p\//);
    await page.getByRole('link', { name: t('product.backToList') }).click();
    await page.waitForURL(listUrl);
    await expect.poll(firstName).toBe(firstOnPage2);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 50);

    // then a filter: back to page 1 with the filter in the query string
    const filter = page.locator('.filters a[rel="nofollow"]').first();
    await filter.click();
    await page.waitForURL((url) => url.search.length > 1 && !url.searchParams.has('page'));
    await page.locator('.card:not(.card-banner) a').first().waitFor();

    // the first product: wish list and compare from the product page (the filtered list loaded
    // first, and its name read from the very card clicked)
    await page.waitForLoadState('networkidle');
    // the name and the link are read in one look at the same card, and that link is followed: the
    // list may re-order meanwhile (stock refreshed after hydration moves a sold-out card last), and a
    // `.first()` resolved twice then names one product and opens another
    const [name, href] = await page
      .locator('.card:not(.card-banner)')
      .first()
      .evaluate((card) => [
        card.querySelector('.card-name')!.textContent!.trim(),
        card.querySelector('a')!.getAttribute('href')!,
      ]);
    await page.locator(`.card:not(.card-banner) a[href="${href}"]`).first().click();
    await page.waitForURL(/\/p\//);
    const wish = page.getByRole('button', { name: t('wishlist.add', { name }) });
    await wish.click();
    await page.getByRole('button', { name: t('wishlist.remove', { name }) }).waitFor();
    await page.getByRole('button', { name: t('compare.add', { name }) }).click();
    expect(
      await page.getByRole('button', { name: t('compare.remove', { name }) }).getAttribute('aria-pressed'),
    ).toBe('true');

    // the header's wish list overlay lists it, keyboard: Escape closes it
    await page.getByRole('button', { name: t('header.wishlistCount', { count: 1 }) }).click();
    const dialog = page.getByRole('dialog', { name: t('wishlist.title') });
    await dialog.getByRole('link', { name }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);

    // the pages (persisted on the device: they survive a reload)
    await page.goto(`${shopUrl}/en/wishlist`, { waitUntil: 'networkidle' });
    // as the shop's card: today's price, stock and the way to buy it
    const card = page.locator('.saved-page .card').filter({ has: page.getByRole('link', { name }) });
    await card.waitFor();
    expect(await card.locator('.stock-line').count()).toBe(1);
    expect(await page.title()).toBe(`${t('wishlist.title')} | ${t('site.name')}`);
    await page.goto(`${shopUrl}/en/compare`, { waitUntil: 'networkidle' });
    const table = page.locator('table.compare-table');
    await table.getByRole('link', { name }).waitFor();
    await expect.poll(() => table.locator('tbody tr').count()).toBeGreaterThan(1);
    await page.getByRole('button', { name: t('compare.remove', { name }) }).click();
    await page.getByText(t('compare.empty')).waitFor();

    expect(errors).toEqual([]);
    await page.close();
  });

  it('a bundle with a changed option and a grouped set go to the cart as the pickers show them', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);

    const [bundle] = await searchDocs<Doc>('product', { filters: { type_id: 'bundle' } }, '&size=1');
    await page.goto(`${shopUrl}/en/p/${bundle!.sku}/${bundle!.slug}`, { waitUntil: 'networkidle' });
    const picker = page.locator('.bundle-picker');
    const total = picker.locator('output');
    const before = await total.textContent();
    // The header's price (the final one: the special price when a regular one is struck through) is
    // the page's one bundle selection, the same figure as the picker's total. Price has no accessible
    // name of its own: it is the price paragraph of the product info, not the picker's.
    const headerPrice = page
      .locator('.product-info > .price')
      .locator('ins.price-special, span:not(.sr-only)');
    const headerShown = async () => (await headerPrice.textContent())?.trim();
    await expect.poll(headerShown).toBe(before?.trim());
    // choose the second product of the first option that has one
    const firstSet = picker
      .locator('fieldset')
      .filter({ has: page.locator('input:not(:checked)') })
      .first();
    await firstSet.locator('input:not(:checked)').last().check();
    await expect.poll(() => total.textContent()).not.toBe(before);
    const bundleShown = (await total.textContent())!.trim();
    // the header follows the changed option (no fixed wait: polled until it shows the new total)
    await expect.poll(headerShown).toBe(bundleShown);
    await picker.getByRole('button', { name: t('product.addToCart'), exact: true }).click();
    await page.getByText(t.msg('cart.addedToCart')).first().waitFor();

    let lines = await serverCartLines(page);
    const bundleLine = lines.find((l) => l.sku === bundle!.sku);
    expect(bundleLine, 'the bundle line').toBeDefined();
    expect(JSON.stringify(bundleLine!.product_option)).toContain('bundle_options');
    // the server priced the line from the chosen options: the price the picker showed
    expect(formatPrice(bundleLine!.price, 'en')).toBe(bundleShown);

    const [grouped] = await searchDocs<Doc>('product', { filters: { type_id: 'grouped' } }, '&size=1');
    await page.goto(`${shopUrl}/en/p/${grouped!.sku}/${grouped!.slug}`, { waitUntil: 'networkidle' });
    const qty = page.locator('.grouped-picker input[type="number"]:not([disabled])');
    expect(await qty.count()).toBeGreaterThan(0);
    await qty.first().fill('2');
    const sku = await qty.first().locator('xpath=ancestor::tr').getAttribute('data-sku');
    await page
      .locator('.grouped-picker')
      .getByRole('button', { name: t('product.addToCart'), exact: true })
      .click();
    await expect
      .poll(async () => (await serverCartLines(page)).some((l) => l.sku === sku && l.qty >= 2))
      .toBe(true);
    lines = await serverCartLines(page);
    expect(
      lines.find((l) => l.sku === grouped!.sku),
      'the set itself is not a line',
    ).toBeUndefined();

    expect(errors).toEqual([]);
    await page.close();
  });

  it('a configurable shows its cheapest available child’s price on its card and page, server render and hydrated', async () => {
    type Child = ConfigurableChild & { final_price_incl_tax: number };
    type Configurable = Doc & { final_price_incl_tax: number; configurable_children: Child[] };
    const docs = await searchDocs<Configurable>(
      'product',
      { filters: { type_id: 'configurable' } },
      '&size=200',
    );
    // the demo has configurables whose cheapest child is out of stock or disabled
    const product = docs.find((d) => {
      const cheapest = d.configurable_children.reduce((a, b) => (variantPrice(b) < variantPrice(a) ? b : a));
      return d.stock?.is_in_stock && displayVariant(d.configurable_children) !== cheapest;
    });
    expect(product, 'a configurable whose cheapest child cannot be bought').toBeDefined();
    const shown = displayVariant(product!.configurable_children)!;
    expect(product!.final_price_incl_tax).toBe(shown.final_price_incl_tax);
    const expected = formatPrice(shown.final_price_incl_tax, 'en');
    // the final price: the special one when a regular price is struck through
    const FINAL = '.price ins.price-special, .price > span:not(.sr-only):not(.price-from)';
    const cardUrl = `${shopUrl}/en/search?q=${encodeURIComponent(product!.sku)}`;
    const cardLink = `a[href^="/en/p/${product!.sku}/"]`;
    const productUrl = `${shopUrl}/en/p/${product!.sku}/${product!.slug}`;

    // the server render, before any script runs (no JavaScript), then hydrated
    const serverRender = await browser.newContext({ javaScriptEnabled: false });
    for (const scripts of [false, true]) {
      const page = scripts ? await browser.newPage() : await serverRender.newPage();
      const errors = watchErrors(page);
      await page.goto(cardUrl, { waitUntil: 'networkidle' });
      const card = page.locator('.card').filter({ has: page.locator(cardLink) });
      // a card's figure is its price line's own text (no span of its own), or the special price
      const cardFinal = await card
        .locator('.price')
        .first()
        .evaluate(
          (p) =>
            p.querySelector('ins.price-special')?.textContent ??
            [...p.childNodes]
              .filter((n) => n.nodeType === Node.TEXT_NODE)
              .map((n) => n.textContent)
              .join(''),
        );
      expect(cardFinal.trim(), `card, scripts ${scripts}`).toBe(expected);
      await page.goto(productUrl, { waitUntil: 'networkidle' });
      const info = page.locator('.product-info');
      expect((await info.locator(FINAL).first().textContent())?.trim(), `page, scripts ${scripts}`).toBe(
        expected,
      );
      expect(await info.locator('.muted').first().textContent()).toContain(shown.sku);
      expect(errors).toEqual([]);
      await page.close();
    }
    await serverRender.close();
  });
});
