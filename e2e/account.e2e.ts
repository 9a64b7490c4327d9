/**
 * The account journey, in English: register in the login/sign-up modal → greeting by
 * first name → log out ("You're logged out") → log in on the account page → an order placed with
 * the customer's token shows in the order history and its page →
 * forgotten password: the reset e-mail is read from the outbox and its link followed → the new
 * password is set → a guest adds a product, logs in with the new password and the guest cart joins the
 * customer's → order feedback once. Profile edit and the special offers page (the demo shop's offers).
 * Newsletter: subscribe in the footer, confirm with the e-mail's link (personal coupon), the link works once.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { getT } from '../apps/web/app/i18n/index.ts';
import { accountT } from '../apps/web/app/i18n/account.ts';
import { useBrowser } from './support/browser.ts';
import { watchErrors, chooseOptionsIfNeeded, openFirstCategory } from './support/page.ts';
import { LT_ADDRESS } from './support/shop-api.ts';

const shopUrl = inject('shopUrl');
const browser = useBrowser();

type OutboxMail = { kind: string; to: string; link: string | null };

async function latestMail(kind: string, to: string): Promise<OutboxMail | undefined> {
  const res = await fetch(
    `${shopUrl}/vsbridge/mail/outbox?kind=${encodeURIComponent(kind)}&to=${encodeURIComponent(to)}`,
  );
  const body = (await res.json()) as { result: OutboxMail[] };
  return body.result[0];
}

async function call<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(`${shopUrl}/vsbridge${path}${path.includes('?') ? '&' : '?'}storeCode=en`, {
    method,
    headers: {
      accept: 'application/json',
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; result: T };
  if (json.code !== 200) throw new Error(`${method} ${path}: ${JSON.stringify(json)}`);
  return json.result;
}

/** Places a cash-on-delivery order of one simple product in stock with the customer's token; its number. */
async function placeOrder(
  token: string,
  email: string,
): Promise<{ orderNumber: string; orderToken: string }> {
  const request = encodeURIComponent(JSON.stringify({ filters: { type_id: 'simple' } }));
  const search = await fetch(
    `${shopUrl}/vsbridge/catalog/vue_storefront_catalog_en/product/_search?size=30&request=${request}`,
  );
  const hits = ((await search.json()) as { hits: { hits: { _source: { sku: string } }[] } }).hits.hits;
  const cartId = await call<string>('POST', '/cart/create', token);
  let sku: string | null = null;
  for (const h of hits) {
    try {
      await call('POST', `/cart/update?cartId=${cartId}`, token, {
        cartItem: { sku: h._source.sku, qty: 1, quoteId: cartId },
      });
      sku = h._source.sku;
      break;
    } catch {
      // out of stock: try the next one
    }
  }
  expect(sku).not.toBeNull();
  const shipping = await call<{ carrier_code: string; method_code: string; available?: boolean }[]>(
    'POST',
    `/cart/shipping-methods?cartId=${cartId}`,
    token,
    { address: { countryId: 'LT' } },
  );
  const method = shipping.find(
    (m) => m.available !== false && !/pickup|parcel|terminal/i.test(m.method_code),
  )!;
  const address = LT_ADDRESS;
  const result = await call<{ orderNumber: string; orderToken: string }>('POST', '/order/create', token, {
    cart_id: cartId,
    products: [{ sku, qty: 1 }],
    addressInformation: {
      shippingAddress: address,
      billingAddress: address,
      shipping_method_code: method.method_code,
      shipping_carrier_code: method.carrier_code,
      payment_method_code: 'cashondelivery',
    },
    personalDetails: { firstName: 'Ona', lastName: 'Jonaitė', emailAddress: email },
    idempotency_key: `e2e-${Date.now()}-account`,
  });
  return result;
}

/** The customer's access token, as the storefront keeps it (IndexedDB `vitrina`, key `user`). */
function sessionToken(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('vitrina');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction('kv').objectStore('kv').get('user');
          get.onsuccess = () => resolve((get.result as { token?: string } | undefined)?.token ?? '');
        };
      }),
  );
}

describe('account journey (en)', () => {
  const t = accountT(getT('en'));
  const email = `ona.${Date.now()}@example.com`;

  it('registers, logs out, logs in, sees its order, resets the password by e-mail, merges the guest cart, gives feedback once', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);

    // the account area asks for a login
    await page.goto(`${shopUrl}/en/my-account`, { waitUntil: 'networkidle' });
    await page.getByText(t.msg('user.loginRequired')).waitFor();
    expect(await page.getAttribute('meta[name="robots"]', 'content')).toBe('noindex');

    // registration in the modal
    await page
      .locator('.account-login')
      .getByRole('button', { name: t('auth.register') })
      .click();
    const dialog = page.getByRole('dialog', { name: t('auth.registerTitle') });
    await dialog.waitFor();
    await dialog.getByLabel(t('auth.firstName')).fill('Ona');
    await dialog.getByLabel(t('auth.lastName')).fill('Jonaitė');
    await dialog.getByLabel(t('auth.email')).fill(email);
    await dialog.getByLabel(t('auth.password'), { exact: true }).fill('first-pass-1');
    await dialog.getByLabel(t('auth.repeatPassword')).fill('first-pass-1');
    await dialog.getByRole('button', { name: t('auth.register') }).click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .locator('.account .lead')
      .getByText(t('account.hello', { name: 'Ona' }))
      .waitFor();

    // log out
    await page
      .getByRole('navigation', { name: t('account.nav') })
      .getByRole('button', { name: t('auth.logout') })
      .click();
    await page.getByText(t.msg('user.loggedOut')).waitFor();
    await page.getByText(t.msg('user.loginRequired')).waitFor();

    // log in on the page: a guest's form has the page's width to its own (there is no menu beside it)
    const form = page.locator('.account-login');
    expect((await form.boundingBox())?.width).toBeGreaterThan(400);
    await form.getByLabel(t('auth.email')).fill(email);
    await form.getByLabel(t('auth.password')).fill('first-pass-1');
    await form.getByRole('button', { name: t('auth.login') }).click();
    await page
      .locator('.account .lead')
      .getByText(t('account.hello', { name: 'Ona' }))
      .waitFor();

    // the order history: empty, then the order placed with the customer's token is listed
    await page.getByRole('link', { name: t('account.orders') }).click();
    await page.waitForURL(/\/en\/my-account\/orders$/);
    await page.getByText(t('account.noOrders')).waitFor();
    const token = await sessionToken(page);
    expect(token).toBeTruthy();
    const placed = await placeOrder(token!, email);
    const number = placed.orderNumber;
    await page.reload({ waitUntil: 'networkidle' });
    const row = page.getByRole('link', { name: t('account.viewOrder', { number }) });
    await row.waitFor();
    await row.click();
    await page.getByRole('heading', { name: t('account.orderTitle', { number }) }).waitFor();
    await page.getByText(t.msg('orderStatus.new')).first().waitFor();

    // log out, then "forgot the password": the e-mail's link sets a new one
    await page
      .getByRole('navigation', { name: t('account.nav') })
      .getByRole('button', { name: t('auth.logout') })
      .click();
    await page.goto(`${shopUrl}/en/reset-password`, { waitUntil: 'networkidle' });
    await page.locator('main').getByLabel(t('auth.email'), { exact: true }).fill(email);
    // no session left to refresh: the login modal stays closed
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByRole('button', { name: t('auth.sendReset') }).click();
    await page.getByText(t('auth.resetSent', { email })).waitFor();
    const mail = await latestMail('mail.password-reset', email);
    expect(mail?.link).toMatch(/\/en\/reset-password\?token=/);
    const link = new URL(mail!.link!);
    await page.goto(`${shopUrl}${link.pathname}${link.search}`, { waitUntil: 'networkidle' });
    await page.getByLabel(t('auth.newPassword')).fill('second-pass-2');
    await page.getByLabel(t('auth.repeatPassword')).fill('second-pass-2');
    await page.getByRole('button', { name: t('auth.setPassword') }).click();
    await page.getByText(t.msg('user.passwordChanged')).waitFor();

    // as a guest, a product goes into the cart (the journey's way: first category, first product)
    await page.goto(`${shopUrl}/en`, { waitUntil: 'networkidle' });
    await openFirstCategory(page, t('header.categories'));
    await page.waitForURL(/\/c\//);
    await page.locator('.card a').first().click();
    await page.waitForURL(/\/p\//);
    await chooseOptionsIfNeeded(page);
    const add = page.getByRole('button', { name: t('product.addToCart'), exact: true });
    await expect.poll(() => add.isEnabled()).toBe(true);
    await add.click();
    await page.getByText(t.msg('cart.addedToCart')).first().waitFor();
    await page.getByRole('button', { name: t('header.cartCount', { count: 1 }) }).waitFor();

    // log in with the new password: the guest cart joins the customer's cart
    await page.goto(`${shopUrl}/en/my-account`, { waitUntil: 'networkidle' });
    await form.getByLabel(t('auth.email')).fill(email);
    await form.getByLabel(t('auth.password')).fill('second-pass-2');
    await form.getByRole('button', { name: t('auth.login') }).click();
    await page
      .locator('.account .lead')
      .getByText(t('account.hello', { name: 'Ona' }))
      .waitFor();
    await page.getByRole('button', { name: t('header.cartCount', { count: 1 }) }).waitFor();
    const bearer = await sessionToken(page);
    const customerCartId = await call<string>('POST', '/cart/create', bearer);
    // the merge reaches the server right after the login (the count above is the device's); its pull and
    // push took over poll's default second on a loaded machine (the unit suite beside the journeys)
    const serverQtys = async () =>
      (await call<{ qty: number }[]>('GET', `/cart/pull?cartId=${customerCartId}`, bearer)).map((l) => l.qty);
    await expect.poll(serverQtys, { timeout: 10_000 }).toEqual([1]);

    // order feedback, once
    await page.goto(`${shopUrl}/en/review/${encodeURIComponent(placed.orderToken)}/${number}`, {
      waitUntil: 'networkidle',
    });
    const feedback = async () => {
      await page.getByLabel(t('review.titleField')).fill('Works well');
      await page.getByLabel(t('review.detail')).fill('Arrived quickly and works as described.');
      await page.getByLabel(t('review.nickname')).fill('Ona');
      await page.getByRole('button', { name: t('review.submit') }).click();
    };
    await feedback();
    await page.getByText(t('review.thanks')).waitFor();
    await page.reload({ waitUntil: 'networkidle' });
    await feedback();
    await page.getByText(t.msg('review.feedbackAlreadyFilled')).waitFor();

    expect(errors).toEqual([]);
    await page.close();
  });

  it('edits the profile and sees its special offers (the demo shop gives new customers three)', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    const who = `petras.${Date.now()}@example.com`;
    const created = await fetch(`${shopUrl}/vsbridge/user/create?storeCode=en`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        customer: { email: who, firstname: 'Petras', lastname: 'Petraitis' },
        password: 'petras-pass-1',
      }),
    });
    expect(created.status).toBe(200);

    // special offers need a login (the spec's message), then list the customer's offers
    await page.goto(`${shopUrl}/en/special-offers`, { waitUntil: 'networkidle' });
    await page.getByText(t.msg('user.loginRequired')).waitFor();
    const form = page.locator('.account-login');
    await form.getByLabel(t('auth.email')).fill(who);
    await form.getByLabel(t('auth.password')).fill('petras-pass-1');
    await form.getByRole('button', { name: t('auth.login') }).click();
    const offers = page.locator('.special-offer');
    await offers.first().waitFor();
    expect(await offers.count()).toBe(3);
    expect(await offers.first().getByText(t('offers.demo'), { exact: true }).count()).toBe(1);
    // each offer links to its listed product, whose page opens
    const productLink = offers.first().getByRole('link');
    await productLink.click();
    await page.waitForURL(/\/en\/p\//);
    await page.getByRole('button', { name: t('product.addToCart'), exact: true }).waitFor();

    // edit the profile: the new first name is saved and greets the customer
    await page.goto(`${shopUrl}/en/my-account/details`, { waitUntil: 'networkidle' });
    const first = page.getByLabel(t('auth.firstName'));
    await expect.poll(() => first.inputValue()).toBe('Petras');
    await first.fill('Petrė');
    await page.getByRole('button', { name: t('account.save') }).click();
    await page.getByText(t.msg('user.accountUpdated')).waitFor();
    await page.getByRole('link', { name: t('account.dashboard') }).click();
    await page
      .locator('.account .lead')
      .getByText(t('account.hello', { name: 'Petrė' }))
      .waitFor();
    const me = await call<{ firstname: string }>('GET', '/user/me', await sessionToken(page));
    expect(me.firstname).toBe('Petrė');

    expect(errors).toEqual([]);
    await page.close();
  });

  it('subscribes to the newsletter in the footer and confirms it with the e-mail link', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    const subscriber = `news.${Date.now()}@example.com`;
    await page.goto(`${shopUrl}/en`, { waitUntil: 'networkidle' });
    const footer = page.locator('.site-footer');
    await footer.getByLabel(t('newsletter.email')).fill(subscriber);
    await footer.getByRole('button', { name: t('newsletter.subscribe') }).click();
    await footer.getByText(t('newsletter.thanks')).waitFor();

    const mail = await latestMail('mail.newsletter-confirmation', subscriber);
    expect(mail?.link).toMatch(/\/en\/newsletter\//);
    const link = new URL(mail!.link!);
    await page.goto(`${shopUrl}${link.pathname}`, { waitUntil: 'networkidle' });
    await page.getByText(t('newsletter.confirmed')).waitFor();
    expect(await page.locator('.coupon-code').textContent()).toMatch(/\S{4,}/);

    // the link works once
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByText(t.msg('newsletter.invalidUrl')).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});
