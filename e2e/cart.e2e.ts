/**
 * Cart in the browser: five fast "add to cart" clicks give quantity 5 on one server line;
 * the cart survives a reload and shows in a second tab; a change made offline reaches the server when
 * the browser is back online.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { accountT } from '../apps/web/app/i18n/account.ts';
import { getT } from '../apps/web/app/i18n/index.ts';
import { useBrowser } from './support/browser.ts';
import { watchErrors } from './support/page.ts';

const shopUrl = inject('shopUrl');
const browser = useBrowser();

const t = getT('en');
const at = accountT(t);

/** the page path of a simple product with at least 10 in stock */
async function productWithStock(): Promise<string> {
  const q = encodeURIComponent(JSON.stringify({ filters: { type_id: 'simple' } }));
  const res = await fetch(
    `${shopUrl}/vsbridge/catalog/vue_storefront_catalog_en/product/_search?request=${q}&size=50`,
  );
  type Doc = { sku: string; slug: string; stock: { qty: number } };
  const hits = ((await res.json()) as { hits: { hits: { _source: Doc }[] } }).hits.hits;
  const hit = hits.find((h) => h._source.stock.qty >= 10);
  expect(hit, 'a simple product with stock').toBeDefined();
  return `/en/p/${encodeURIComponent(hit!._source.sku)}/${encodeURIComponent(hit!._source.slug)}`;
}

/** The server's lines of the page's cart (the cart id persisted on the device). */
async function serverLines(page: Page): Promise<{ sku: string; qty: number }[]> {
  const cartId = await page.evaluate(
    () =>
      new Promise<string | null>((resolve) => {
        const open = indexedDB.open('vitrina');
        open.onsuccess = () => {
          const get = open.result.transaction('kv').objectStore('kv').get('cart');
          get.onsuccess = () =>
            resolve((get.result as { cartServerToken?: string } | undefined)?.cartServerToken ?? null);
          get.onerror = () => resolve(null);
        };
        open.onerror = () => resolve(null);
      }),
  );
  expect(cartId).toBeTruthy();
  const res = await fetch(`${shopUrl}/vsbridge/cart/pull?cartId=${encodeURIComponent(cartId!)}&storeCode=en`);
  return ((await res.json()) as { result: { sku: string; qty: number }[] }).result;
}

async function api<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${shopUrl}/vsbridge${path}${path.includes('?') ? '&' : '?'}storeCode=en`, {
    method,
    headers: {
      accept: 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; result: T };
  if (json.code !== 200) throw new Error(`${method} ${path}: ${JSON.stringify(json)}`);
  return json.result;
}

const cartButton = (page: Page, count: number) =>
  page.getByRole('button', { name: t('header.cartCount', { count }) });

describe('cart in the browser', () => {
  it('five fast clicks, reload, second tab, offline change synced when back online', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${shopUrl}${await productWithStock()}`, { waitUntil: 'networkidle' });
    const add = page.getByRole('button', { name: t('product.addToCart'), exact: true });
    await expect.poll(() => add.isEnabled()).toBe(true);
    for (let i = 0; i < 5; i++) await add.click({ noWaitAfter: true });
    await cartButton(page, 5).waitFor();
    await expect.poll(async () => (await serverLines(page)).map((l) => l.qty)).toEqual([5]);

    await page.reload({ waitUntil: 'networkidle' });
    await cartButton(page, 5).waitFor();

    const second = await context.newPage();
    await second.goto(`${shopUrl}/en/`, { waitUntil: 'networkidle' });
    await cartButton(second, 5).waitFor();

    await context.setOffline(true);
    await cartButton(page, 5).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('button', { name: /^Increase quantity of / }).click();
    await cartButton(page, 6).waitFor();
    await cartButton(second, 6).waitFor(); // the other tab follows at once
    expect((await serverLines(page)).map((l) => l.qty)).toEqual([5]);
    await context.setOffline(false);
    await expect
      .poll(async () => (await serverLines(page)).map((l) => l.qty), { timeout: 15_000 })
      .toEqual([6]);
    await expect.poll(() => drawer.locator('.totals-grand_total').count()).toBe(1);
    expect(errors.filter((e) => !/Failed to fetch|ERR_INTERNET_DISCONNECTED|net::/.test(e))).toEqual([]);
    await context.close();
  });

  it('login adds the guest quantity to the customer cart; logout leaves an empty cart', async () => {
    const email = `cart-e2e-${Date.now().toString(36)}@example.com`;
    const password = 'correct horse 1';
    await api('POST', '/user/create', {
      customer: { email, firstname: 'Ona', lastname: 'Jonaitė' },
      password,
    });
    const token = await api<string>('POST', '/user/login', { username: email, password });
    const path = await productWithStock();
    const sku = decodeURIComponent(path.split('/p/')[1]!.split('/')[0]!);
    const customerCart = await api<string>('POST', '/cart/create', undefined, token);
    await api('POST', `/cart/update?cartId=${customerCart}`, { cartItem: { sku, qty: 2 } }, token);

    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${shopUrl}${path}`, { waitUntil: 'networkidle' });
    const add = page.getByRole('button', { name: t('product.addToCart'), exact: true });
    await expect.poll(() => add.isEnabled()).toBe(true);
    await add.click();
    await cartButton(page, 1).waitFor();

    await page.goto(`${shopUrl}/en/my-account`, { waitUntil: 'networkidle' });
    const form = page.locator('.account-login');
    await form.getByLabel(at('auth.email')).fill(email);
    await form.getByLabel(at('auth.password')).fill(password);
    await form.getByRole('button', { name: at('auth.login') }).click();
    await cartButton(page, 3).waitFor();
    await expect
      .poll(async () =>
        (
          await api<{ sku: string; qty: number }[]>(
            'GET',
            `/cart/pull?cartId=${customerCart}`,
            undefined,
            token,
          )
        ).map((l) => l.qty),
      )
      .toEqual([3]);
    await page.reload({ waitUntil: 'networkidle' });
    await cartButton(page, 3).waitFor(); // summed once: a reload syncs, it does not add again

    await page
      .getByRole('button', { name: at('auth.logout') })
      .first()
      .click();
    await cartButton(page, 0).waitFor();
    await page.reload({ waitUntil: 'networkidle' });
    await cartButton(page, 0).waitFor();
    expect(
      (await api<{ qty: number }[]>('GET', `/cart/pull?cartId=${customerCart}`, undefined, token)).map(
        (l) => l.qty,
      ),
    ).toEqual([3]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
