/**
 * Customer-group prices in the browser (GROUP_PRICING): a shop of its own started with
 * GROUP_PRICING=true (the journeys' shared shop runs with it off). A customer of the demo group 3
 * (demo-vip, 10 %) sees the server-rendered base price, logs in, and the product page's price is
 * re-priced through the render list to the tier price the API answers; the cart charges that price;
 * a reload (SSR base again) is re-priced from the kept group token; logout shows the base price,
 * also when the profile asked for before the logout answers after it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '@vitrina/db';
import { formatPrice } from '@vitrina/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountT } from '../apps/web/app/i18n/account.ts';
import { getT } from '../apps/web/app/i18n/index.ts';
import { launchBrowser } from './support/browser.ts';
import { watchErrors } from './support/page.ts';
import { ShopProcess, freePort } from './support/shop-process.ts';

const PASSWORD = 'group-pass-1';
let browser: Browser;
let shop: ShopProcess;
let dataDir: string;

type Doc = {
  sku: string;
  type_id: string;
  url_path: string;
  final_price_incl_tax: number;
  stock?: { is_in_stock?: boolean };
};

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(`${shop.url}${url}`, {
    ...init,
    headers: { accept: 'application/json', 'content-type': 'application/json', ...init?.headers },
  });
  return (await res.json()) as T;
}

/** the storefront's session as kept in IndexedDB (`vitrina`, key `user`) */
function session(
  page: Page,
): Promise<{ token?: string; groupToken?: string | null; groupId?: number | null }> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('vitrina');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction('kv').objectStore('kv').get('user');
          get.onsuccess = () => resolve(get.result ?? {});
        };
      }),
  );
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'vitrina-e2e-groups-'));
  const previous = process.env.GROUP_PRICING;
  process.env.GROUP_PRICING = 'true';
  try {
    shop = new ShopProcess(await freePort(), { dataDir });
    await shop.start();
  } finally {
    if (previous === undefined) delete process.env.GROUP_PRICING;
    else process.env.GROUP_PRICING = previous;
  }
  browser = await launchBrowser();
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('group prices (GROUP_PRICING=true, en)', () => {
  const t = accountT(getT('en'));

  it('a group-3 customer sees the tier price after login, pays it, and the base price after logout', async () => {
    const email = `vip.${Date.now()}@example.com`;
    const created = await json<{ code: number }>('/vsbridge/user/create?storeCode=en', {
      method: 'POST',
      body: JSON.stringify({
        customer: { email, firstname: 'Ona', lastname: 'Jonaitė' },
        password: PASSWORD,
      }),
    });
    expect(created.code).toBe(200);
    // the customer joins group 3: the shop is stopped for it (PGlite has one process at a time)
    await shop.stop();
    const db = await openDatabase({ dataDir });
    await db.query('UPDATE customers SET group_id = 3 WHERE email = $1', [email]);
    await db.close();
    process.env.GROUP_PRICING = 'true';
    try {
      await shop.start();
    } finally {
      delete process.env.GROUP_PRICING;
    }

    // a simple product in stock
    const request = encodeURIComponent(JSON.stringify({ filters: { type_id: 'simple' } }));
    const hits = await json<{ hits: { hits: { _source: Doc }[] } }>(
      `/vsbridge/catalog/vue_storefront_catalog_en/product/_search?size=30&request=${request}`,
    );
    const product = hits.hits.hits
      .map((h) => h._source)
      .find((d) => d.stock?.is_in_stock !== false && d.url_path);
    expect(product).toBeDefined();
    const { sku, url_path } = product as Doc;

    const page = await browser.newPage();
    const errors = watchErrors(page);
    const priceEl = page.locator('.price-large');
    await page.goto(`${shop.url}/en/${url_path}`);
    const baseText = formatPrice((product as Doc).final_price_incl_tax, 'en');
    expect((await priceEl.innerText()).trim()).toBe(baseText);

    // log in on the account page
    await page.goto(`${shop.url}/en/my-account`);
    const form = page.locator('.account-login');
    await form.getByLabel(t('auth.email')).fill(email);
    await form.getByLabel(t('auth.password')).fill(PASSWORD);
    await form.getByRole('button', { name: t('auth.login') }).click();
    // the session (and its group) is kept once the login has finished
    let kept = await session(page);
    for (let i = 0; i < 100 && !kept.groupToken; i++) {
      await page.waitForTimeout(100);
      kept = await session(page);
    }
    expect(kept.groupId).toBe(3);

    // the tier price the API answers for the customer's group token
    const tiered = await json<{ result: { items: Doc[] } }>(
      `/vsbridge/products/render-list?skus=${encodeURIComponent(sku)}&storeCode=en&groupToken=${encodeURIComponent(kept.groupToken as string)}`,
    );
    const tierCents = tiered.result.items[0]?.final_price_incl_tax as number;
    expect(tierCents).toBeLessThan((product as Doc).final_price_incl_tax);
    const tierText = formatPrice(tierCents, 'en');

    // the product page is server-rendered at the base price, then re-priced in the browser
    await page.goto(`${shop.url}/en/${url_path}`);
    await priceEl.getByText(tierText).waitFor();
    // a group's tier is no announced reduction: the retail price, not charged to the group, is not struck
    expect(await priceEl.locator('del').count()).toBe(0);

    // the cart charges the price shown
    const token = { authorization: `Bearer ${kept.token}` };
    const cart = await json<{ result: string }>('/vsbridge/cart/create?storeCode=en', {
      method: 'POST',
      headers: token,
    });
    await json(`/vsbridge/cart/update?cartId=${cart.result}&storeCode=en`, {
      method: 'POST',
      headers: token,
      body: JSON.stringify({ cartItem: { sku, qty: 1, quoteId: cart.result } }),
    });
    const totals = await json<{ result: { items: { sku: string; price_incl_tax: number }[] } }>(
      `/vsbridge/cart/totals?cartId=${cart.result}&storeCode=en`,
      { headers: token },
    );
    expect(totals.result.items.find((i) => i.sku === sku)?.price_incl_tax).toBe(tierCents);

    // logout: the base price again. The account page, loaded with the kept session, asks for the
    // profile (with the group token); its answer is held until the customer has logged out: a late
    // answer of the ended session must not bring its group back (it did: the tier price after
    // logout, seen once in a full journey run with PAGE_CACHE=memory)
    let releaseProfile!: () => void;
    const profileHeld = new Promise<void>((resolve) => (releaseProfile = resolve));
    const isProfile = (url: URL) => url.pathname === '/vsbridge/user/me';
    let profileFetched!: () => void;
    const profileAnsweredByServer = new Promise<void>((resolve) => (profileFetched = resolve));
    await page.route(isProfile, async (route) => {
      const response = await route.fetch();
      profileFetched();
      await profileHeld;
      await route.fulfill({ response });
    });
    await page.goto(`${shop.url}/en/my-account`);
    // the server has answered the profile (with the group token) before the logout ends the session
    await profileAnsweredByServer;
    await page
      .getByRole('navigation', { name: t('account.nav') })
      .getByRole('button', { name: t('auth.logout') })
      .click();
    await page.getByText(t.msg('user.loginRequired')).waitFor();
    const profileAnswered = page.waitForResponse((r) => isProfile(new URL(r.url())));
    releaseProfile();
    await profileAnswered;
    // the answer's handling (and the session's write to IndexedDB) before the page goes away
    await page.waitForTimeout(500);
    await page.unroute(isProfile);
    await page.goto(`${shop.url}/en/${url_path}`);
    await page.waitForTimeout(1000);
    expect((await priceEl.innerText()).trim()).toBe(baseText);
    expect(await priceEl.locator('del').count()).toBe(0);
    // the session kept on the device has no group either
    expect(await session(page)).toMatchObject({ token: null, groupToken: null, groupId: null });
    expect(errors).toEqual([]);
    await page.close();
  }, 300_000);
});
