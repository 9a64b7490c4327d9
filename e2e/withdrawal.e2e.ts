/**
 * The withdrawal function (docs/legal.md; Directive 2011/83/EU art. 11a) in the browser: a guest on a
 * phone opens their order by the e-mailed token link (Lithuanian), presses "Atsisakyti sutarties
 * čia", names a line and its quantity, confirms, and sees when it was received; the acknowledgement
 * e-mail with that date and time is in the outbox. A customer (English) withdraws from their account's
 * order page, downloads their data and deletes their account. A guest without the e-mail at hand
 * (Russian) starts from the shop's withdrawal page the terms name (`/ru/withdrawal`): order number
 * and e-mail by keyboard, the neutral answer, the order's link e-mailed to the order's address.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { afterSaleT } from '../apps/web/app/i18n/after-sale.ts';
import { axeViolations } from './support/axe.ts';
import { downloadBytes, useBrowser } from './support/browser.ts';
import { expectNoHorizontalScroll, watchErrors } from './support/page.ts';

const shopUrl = inject('shopUrl');
const browser = useBrowser();

async function json(url: string, init?: { method?: string; body?: unknown; token?: string }) {
  const r = await fetch(`${shopUrl}${url}`, {
    method: init?.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      ...(init?.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init?.body ? { body: JSON.stringify(init.body) } : {}),
  });
  return { status: r.status, body: (await r.json()) as { result: never; meta?: Record<string, unknown> } };
}

/** a simple product with units in stock */
async function simpleSku(): Promise<string> {
  const r = await fetch(
    `${shopUrl}/vsbridge/catalog/vue_storefront_catalog/product/_search?size=30&request=${encodeURIComponent(JSON.stringify({ filters: { type_id: 'simple' } }))}`,
  );
  const docs = (
    (await r.json()) as { hits: { hits: { _source: { sku: string; stock: { qty: number } } }[] } }
  ).hits.hits;
  const sku = docs.map((h) => h._source).find((d) => d.stock.qty >= 10)?.sku;
  expect(sku, 'a simple product in stock').toBeDefined();
  return sku as string;
}

async function place(store: string, email: string, token?: string) {
  const address = {
    firstname: 'Ona',
    lastname: 'Onaitė',
    city: 'Vilnius',
    postcode: 'LT-01100',
    street: ['Gedimino pr. 1'],
    countryId: 'LT',
    telephone: '+37060000000',
    email,
  };
  const r = await json(`/vsbridge/order/create?storeCode=${store}`, {
    method: 'POST',
    token,
    body: {
      cart_id: `offline-${randomBytes(8).toString('hex')}`,
      products: [{ sku: await simpleSku(), qty: 2 }],
      addressInformation: {
        shippingAddress: address,
        shipping_method_code: 'courier',
        shipping_carrier_code: 'courier',
        payment_method_code: 'cashondelivery',
      },
      personalDetails: { firstName: 'Ona', lastName: 'Onaitė', emailAddress: email },
      idempotency_key: `k-${randomBytes(8).toString('hex')}`,
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result as { orderNumber: string; orderToken: string };
}

describe('withdrawal from the contract', () => {
  it('a guest withdraws by the token link on a phone; the acknowledgement with date and time is e-mailed', async () => {
    const t = afterSaleT('lt');
    const email = `w-${randomBytes(4).toString('hex')}@example.com`;
    const o = await place('lt', email);
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const errors = watchErrors(page);
    await page.goto(`${shopUrl}/order-completed?number=${o.orderNumber}&token=${o.orderToken}`);
    await page.getByRole('link', { name: t('withdrawal.button') }).click();
    await page.getByRole('heading', { name: t('withdrawal.title') }).waitFor();
    await page.getByRole('button', { name: t('withdrawal.continue') }).click();
    await page.getByText(t('withdrawal.chooseSome')).waitFor();
    await page.getByRole('spinbutton').first().fill('1');
    await page.getByRole('button', { name: t('withdrawal.continue') }).click();
    await page.getByRole('heading', { name: t('withdrawal.reviewTitle') }).waitFor();
    await expectNoHorizontalScroll(page, 'withdrawal review (390 px)');
    await page.getByRole('button', { name: t('withdrawal.confirm') }).click();
    const done = page.getByTestId('withdrawal-done');
    await done.waitFor();
    const text = (await done.textContent()) ?? '';
    const at = /\d{4}-\d{2}-\d{2} \d{2}:\d{2} \(Europe\/Vilnius\)/.exec(text)?.[0];
    expect(at, text).toBeDefined();
    const mails = await json(
      `/vsbridge/mail/outbox?kind=mail.withdrawal-acknowledgement&to=${encodeURIComponent(email)}`,
    );
    const [ack] = mails.body.result as { subject: string; text: string }[];
    expect(ack?.subject).toContain(o.orderNumber);
    expect(ack?.text).toContain(at as string);
    expect(errors).toEqual([]);
  });

  it('a customer withdraws from the account order page, downloads their data and deletes the account', async () => {
    const t = afterSaleT('en');
    const email = `c-${randomBytes(4).toString('hex')}@example.com`;
    const password = 'withdraw pass 1';
    const created = await json('/vsbridge/user/create?storeCode=en', {
      method: 'POST',
      body: { customer: { email, firstname: 'Ona', lastname: 'Onaitė' }, password },
    });
    expect(created.status).toBe(200);
    const login = await json('/vsbridge/user/login?storeCode=en', {
      method: 'POST',
      body: { username: email, password },
    });
    const o = await place('en', email, login.body.result as string);

    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    const errors = watchErrors(page);
    await page.goto(`${shopUrl}/en/my-account`);
    const form = page.locator('.account-login');
    await form.getByLabel('E-mail address').fill(email);
    await form.getByLabel('Password').fill(password);
    await form.getByRole('button', { name: 'Log in' }).click();
    await page.locator('.account .lead').waitFor();
    await page.goto(`${shopUrl}/en/my-account/orders`);
    await page.getByRole('link', { name: o.orderNumber }).first().click();
    await page.getByRole('link', { name: t('withdrawal.button') }).click();
    await page.getByRole('spinbutton').first().fill('2');
    await page.getByRole('button', { name: t('withdrawal.continue') }).click();
    await page.getByRole('button', { name: t('withdrawal.confirm') }).click();
    await page.getByTestId('withdrawal-done').waitFor();

    await page.goto(`${shopUrl}/en/my-account/details`);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: t('privacy.download') }).click();
    const data = JSON.parse((await downloadBytes(await downloading)).toString('utf8')) as {
      data: { customers: { email: string }[]; orders: unknown[] };
    };
    expect(data.data.customers[0]?.email).toBe(email);
    expect(data.data.orders).toHaveLength(1);

    await page.getByLabel(t('privacy.password')).fill(password);
    await page.getByRole('button', { name: t('privacy.delete') }).click();
    await page.waitForURL(`${shopUrl}/en`);
    const again = await json('/vsbridge/user/login?storeCode=en', {
      method: 'POST',
      body: { username: email, password },
    });
    expect(again.status).toBe(401);
    expect(errors).toEqual([]);
  });

  it('a guest without the e-mail asks for the order link on /withdrawal by keyboard; it is e-mailed to the order address', async () => {
    const t = afterSaleT('ru');
    const email = `g-${randomBytes(4).toString('hex')}@example.com`;
    const o = await place('ru', email);
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const errors = watchErrors(page);
    await page.goto(`${shopUrl}/ru/withdrawal`);
    await page.getByRole('heading', { name: t('withdrawalLink.title') }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await expectNoHorizontalScroll(page, 'withdrawal link form (390 px)');
    // the keyboard only: the number field, Tab to the e-mail, Enter sends
    const number = page.getByLabel(t('withdrawalLink.number'));
    await number.focus();
    await page.keyboard.type(o.orderNumber);
    await page.keyboard.press('Tab');
    expect(
      await page.getByLabel(t('withdrawalLink.email')).evaluate((e) => e === document.activeElement),
    ).toBe(true);
    await page.keyboard.type(email.toUpperCase());
    await page.keyboard.press('Enter');
    const sent = page.getByTestId('withdrawal-link-sent');
    await sent.waitFor();
    expect(await sent.textContent()).toContain('Если заказ с таким номером');
    expect(await axeViolations(page)).toEqual([]);
    const mails = await json(
      `/vsbridge/mail/outbox?kind=mail.withdrawal-link&to=${encodeURIComponent(email)}`,
    );
    const [mail] = mails.body.result as { link: string; subject: string }[];
    expect(mail?.subject).toContain(o.orderNumber);
    expect(mail?.link).toBe(`${shopUrl}/ru/withdrawal?number=${o.orderNumber}&token=${o.orderToken}`);
    // the e-mailed link opens the order
    await page.goto(mail!.link);
    await page.getByRole('button', { name: t('withdrawal.continue') }).waitFor();
    expect(errors).toEqual([]);
  });
});
