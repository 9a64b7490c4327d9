import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signJwt, verifyJwt } from '../src/payment/jwt.ts';
import { bumpCatalogVersion, setMeta } from '@vitrina/db';
import { createTestDatabase } from '@vitrina/db/testing';
import { buildApi, loadApiConfig } from '../src/index.ts';
import { loadPaymentConfig, providerModes, type PaymentConfig } from '../src/payment/config.ts';
import { NeopayProvider } from '../src/payment/providers.ts';
import { address, startApi, type TestApi } from './helpers.ts';

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;

async function addPaymentMethods(api: TestApi) {
  await api.database.query(
    `INSERT INTO payment_methods (code, title, is_server_method, offline, allowed_for_virtual, position)
     VALUES ('NEOPAY', '{"en":"Bank payment (NEOPAY)"}'::jsonb, true, false, true, 10),
            ('MOKILIZINGAS', '{"en":"Financing (Mokilizingas)"}'::jsonb, true, false, true, 11)
     ON CONFLICT (code) DO NOTHING`,
  );
}

let seq = 0;
async function placeOrder(api: TestApi, payment: string, store = 'en') {
  const cart = (await api.call({ method: 'POST', url: `/vsbridge/cart/create?storeCode=${store}` })).body
    .result as string;
  const line = await api.call({
    method: 'POST',
    url: `/vsbridge/cart/update?cartId=${cart}`,
    payload: { cartItem: { sku: 'PHN-2001', qty: 1 } },
  });
  expect(line.status, JSON.stringify(line.body)).toBe(200);
  const r = await api.call({
    method: 'POST',
    url: `/vsbridge/order/create?storeCode=${store}`,
    payload: {
      cart_id: cart,
      products: [{ sku: 'PHN-2001', qty: 1 }],
      addressInformation: {
        shippingAddress: address(),
        billingAddress: address({
          company: 'UAB Bandymas',
          company_code: '123456789',
          vat_id: 'LT123456789',
        }),
        shipping_method_code: 'courier',
        shipping_carrier_code: 'courier',
        payment_method_code: payment,
      },
      personalDetails: { firstName: 'Jonas', lastName: 'Jonaitis', emailAddress: 'jonas@example.com' },
      idempotency_key: `payment-test-${Date.now()}-${++seq}`,
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { cart, order: r.body.result as { orderNumber: string; orderToken: string; grand_total: number } };
}

async function orderRow(api: TestApi, number: string) {
  const [row] = await api.database.query<{ status: string; payment_status: string }>(
    'SELECT status, payment_status FROM orders WHERE increment_id = $1',
    [number],
  );
  return row;
}
async function paymentsOf(api: TestApi, number: string) {
  return api.database.query<{ status: string; amount_cents: number; external_id: string }>(
    'SELECT p.status, p.amount_cents, p.external_id FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.increment_id = $1 ORDER BY p.id',
    [number],
  );
}
const location = (res: { headers: Record<string, unknown> }) => String(res.headers.location ?? '');
const stockOf = async (api: TestApi, sku: string): Promise<number> =>
  Number((await api.database.query<{ qty: number }>('SELECT qty FROM stock WHERE sku = $1', [sku]))[0]?.qty);

/** follows the sandbox: page, chosen outcome (posts the notification), the return redirect */
async function sandboxOutcome(api: TestApi, redirect: string, outcome: 'paid' | 'cancelled' | 'failed') {
  const page = await api.call(redirect);
  expect(page.status).toBe(200);
  const html = String(page.res.body);
  expect(html).toContain('SANDBOX');
  // no script at all, its own form only, never framed
  expect(page.res.headers['content-security-policy']).toBe(
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  );
  const request = /name="request" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const slug = /action="\/vsbridge\/payment\/sandbox\/(\w+)"/.exec(html)?.[1] ?? '';
  const posted = await api.app.inject({
    method: 'POST',
    url: `/vsbridge/payment/sandbox/${slug}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ request, outcome }).toString(),
  });
  expect(posted.statusCode).toBe(303);
  const back = await api.app.inject(location(posted));
  expect(back.statusCode).toBe(303);
  return { page: html, returnUrl: location(posted), storefront: location(back) };
}

describe('payments in sandbox mode (no credentials, PAYMENT_SANDBOX=true)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi({ PAYMENT_SANDBOX: 'true' });
    await addPaymentMethods(api);
  });
  afterAll(async () => api?.close());

  it('lists the sandbox banks, labelled sandbox, per country', async () => {
    const { status, body } = await api.call('/vsbridge/neopay/payment/banks/LT');
    expect(status).toBe(200);
    expect(body.result.length).toBeGreaterThan(2);
    for (const b of body.result) {
      expect(b).toMatchObject({
        country: 'LT',
        sandbox: true,
        bic: expect.stringMatching(/^[A-Z0-9]{8,11}$/),
      });
      expect(b.name).toContain('(sandbox)');
    }
    const all = (await api.call('/vsbridge/neopay/payment/banks/some-client')).body.result as {
      country: string;
    }[];
    expect(new Set(all.map((b) => b.country))).toEqual(new Set(['LT', 'LV', 'EE']));
  });

  it('NEOPAY: the payment purpose is in the language of the store view', async () => {
    for (const [store, word] of [
      ['lt', 'Užsakymas'],
      ['ru', 'Заказ'],
    ] as const) {
      const { cart, order } = await placeOrder(api, 'NEOPAY', store);
      const res = await api.app.inject(`/vsbridge/neopay/payment/${cart}/HABALT22`);
      expect(claimsOf(location(res).split('?')[1] ?? '').paymentPurpose).toBe(`${word} ${order.orderNumber}`);
    }
  });

  it('NEOPAY: redirects to the sandbox with the signed request; paying marks the order paid; repeats change nothing', async () => {
    const { cart, order } = await placeOrder(api, 'NEOPAY');
    const res = await api.app.inject(`/vsbridge/neopay/payment/${cart}/HABALT22`);
    expect(res.statusCode).toBe(302);
    const redirect = location(res);
    expect(redirect).toMatch(/^\/vsbridge\/payment\/sandbox\/neopay\?[\w-]+\.[\w-]+\.[\w-]+$/);
    const claims = claimsOf(redirect.split('?')[1] ?? '');
    expect(claims).toMatchObject({
      projectId: 'sandbox',
      amount: order.grand_total / 100,
      currency: 'EUR',
      transactionId: expect.stringMatching(new RegExp(`^${order.orderNumber}-`)),
      paymentPurpose: `Order ${order.orderNumber}`,
      serviceType: 'pisp',
      clientRedirectUrl: '/vsbridge/neopay/payment/return',
      defaultLocale: 'EN',
      bank: 'HABALT22',
    });
    expect(await orderRow(api, order.orderNumber)).toEqual({
      status: 'awaiting_payment',
      payment_status: 'pending',
    });

    const done = await sandboxOutcome(api, redirect, 'paid');
    expect(done.page).toContain('Sandbox payment — no money moves');
    expect(done.storefront).toBe(
      `/en/order-completed?number=${order.orderNumber}&token=${encodeURIComponent(order.orderToken)}&payment=paid`,
    );
    expect(await orderRow(api, order.orderNumber)).toEqual({ status: 'paid', payment_status: 'paid' });

    // the same notification again, and the return again: idempotent
    const token = new URL(done.returnUrl, 'http://x').searchParams.get('token') ?? '';
    const again = await api.call({
      method: 'POST',
      url: '/vsbridge/neopay/payment/notification',
      payload: { token },
    });
    expect(again.status).toBe(200);
    expect(again.body.result).toMatchObject({
      status: 'paid',
      changed: false,
      orderNumber: order.orderNumber,
    });
    expect((await api.app.inject(done.returnUrl)).statusCode).toBe(303);
    expect((await paymentsOf(api, order.orderNumber)).map((p) => p.status)).toEqual(['paid']);

    // a paid order's payment link leads to its page, no new attempt
    const link = await api.app.inject(`/vsbridge/neopay/payment/${order.orderToken}/-`);
    expect(link.statusCode).toBe(302);
    expect(location(link)).toContain('payment=paid');
    expect(await paymentsOf(api, order.orderNumber)).toHaveLength(1);
  });

  it('NEOPAY: cancel (stock released), then pay again from the order token link; failure is recorded', async () => {
    const stockBefore = await stockOf(api, 'PHN-2001');
    const { cart, order } = await placeOrder(api, 'NEOPAY', 'lt');
    expect(await stockOf(api, 'PHN-2001')).toBe(stockBefore - 1);
    const first = await api.app.inject(`/vsbridge/neopay/payment/${cart}/CBVILT2X`);
    const cancelled = await sandboxOutcome(api, location(first), 'cancelled');
    expect(cancelled.page).toContain('Bandomasis mokėjimas — pinigai nepervedami');
    expect(cancelled.storefront).toMatch(/^\/order-completed\?number=\d+&token=[\w-]+&payment=cancelled$/);
    // the cancelled payment cancels the order and gives its unit back
    expect(await orderRow(api, order.orderNumber)).toEqual({
      status: 'cancelled',
      payment_status: 'cancelled',
    });
    expect(await stockOf(api, 'PHN-2001')).toBe(stockBefore);

    // paying again takes the unit anew; the failure gives it back again
    const second = await api.app.inject(`/vsbridge/neopay/payment/${order.orderToken}/CBVILT2X`);
    expect(await stockOf(api, 'PHN-2001')).toBe(stockBefore - 1);
    expect(await orderRow(api, order.orderNumber)).toEqual({
      status: 'awaiting_payment',
      payment_status: 'pending',
    });
    const failed = await sandboxOutcome(api, location(second), 'failed');
    expect(failed.storefront).toContain('payment=failed');
    expect(await orderRow(api, order.orderNumber)).toEqual({
      status: 'cancelled',
      payment_status: 'failed',
    });
    expect(await stockOf(api, 'PHN-2001')).toBe(stockBefore);

    const third = await api.app.inject(`/vsbridge/neopay/payment/${order.orderToken}`);
    expect((await sandboxOutcome(api, location(third), 'paid')).storefront).toContain('payment=paid');
    expect(await stockOf(api, 'PHN-2001')).toBe(stockBefore - 1);
    expect((await paymentsOf(api, order.orderNumber)).map((p) => p.status)).toEqual([
      'cancelled',
      'failed',
      'paid',
    ]);
    expect(await orderRow(api, order.orderNumber)).toEqual({ status: 'paid', payment_status: 'paid' });
  });

  it('MOKILIZINGAS: redirect, sandbox page, paid', async () => {
    const { cart, order } = await placeOrder(api, 'MOKILIZINGAS', 'ru');
    const res = await api.app.inject(`/vsbridge/mokilizingas/payment/${cart}`);
    expect(res.statusCode).toBe(302);
    expect(location(res)).toMatch(/^\/vsbridge\/payment\/sandbox\/mokilizingas\?token=/);
    const done = await sandboxOutcome(api, location(res), 'paid');
    expect(done.page).toContain('Тестовый платёж');
    expect(done.storefront).toMatch(/^\/ru\/order-completed\?.*payment=paid$/);
    expect(await orderRow(api, order.orderNumber)).toEqual({ status: 'paid', payment_status: 'paid' });
  });

  it('refuses tampered and foreign tokens, unknown orders and other payment methods', async () => {
    const { cart, order } = await placeOrder(api, 'NEOPAY');
    const redirect = location(await api.app.inject(`/vsbridge/neopay/payment/${cart}/-`));
    const token = redirect.split('?')[1] ?? '';
    const [h, , s] = token.split('.');
    const claims = claimsOf(token);
    // the sandbox page refuses a request whose amount was changed
    expect(
      (await api.call(`/vsbridge/payment/sandbox/neopay?${h}.${b64({ ...claims, amount: 0.01 })}.${s}`))
        .status,
    ).toBe(400);
    // a notification signed with another key, or tampered, or unsigned, changes nothing
    const forged = signJwt(
      {
        transactions: {
          [String(claims.transactionId)]: { status: 'success', amount: claims.amount, currency: 'EUR' },
        },
      },
      'not-the-key',
    );
    const tampered = `${h}.${b64({ transactions: { [String(claims.transactionId)]: { status: 'success', amount: claims.amount, currency: 'EUR' } } })}.${s}`;
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ transactionId: claims.transactionId, status: 'success', amount: claims.amount, currency: 'EUR' })}.`;
    for (const t of [forged, tampered, none, 'garbage']) {
      const r = await api.call({
        method: 'POST',
        url: '/vsbridge/neopay/payment/notification?storeCode=en',
        payload: { token: t },
      });
      expect(r.status).toBe(400);
      expect(r.body.result).toBe('The payment answer could not be verified.');
    }
    // the return with a forged token goes to the storefront without changing the order
    const ret = await api.app.inject(`/vsbridge/neopay/payment/return?token=${forged}`);
    expect(ret.statusCode).toBe(303);
    expect(location(ret)).toBe('/order-completed?payment=unverified');
    expect(await orderRow(api, order.orderNumber)).toEqual({
      status: 'awaiting_payment',
      payment_status: 'pending',
    });

    expect((await api.call('/vsbridge/neopay/payment/no-such-cart-0123456789abcdef/-')).status).toBe(404);
    const cod = await placeOrder(api, 'cashondelivery');
    expect((await api.call(`/vsbridge/neopay/payment/${cod.cart}/-`)).status).toBe(400);
  });
});

describe('pickup point sent with the order', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(async () => api?.close());

  it('requires a pickup point of the carrier in the country for a parcel-locker method and keeps it with the order', async () => {
    const cart = (await api.call({ method: 'POST', url: '/vsbridge/cart/create?storeCode=en' })).body
      .result as string;
    await api.call({
      method: 'POST',
      url: `/vsbridge/cart/update?cartId=${cart}`,
      payload: { cartItem: { sku: 'PHN-2001', qty: 1 } },
    });
    const body = (pickup?: string) => ({
      cart_id: cart,
      products: [{ sku: 'PHN-2001', qty: 1 }],
      addressInformation: {
        shippingAddress: address(),
        shipping_method_code: 'omniva',
        shipping_carrier_code: 'omniva',
        payment_method_code: 'cashondelivery',
        ...(pickup ? { pickup_point_id: pickup } : {}),
      },
      idempotency_key: `pickup-${pickup ?? 'none'}`,
    });
    const missing = await api.call({
      method: 'POST',
      url: '/vsbridge/order/create?storeCode=en',
      payload: body(),
    });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].field).toBe('addressInformation.pickup_point_id');
    // a Latvian point for a Lithuanian address is refused
    expect(
      (
        await api.call({
          method: 'POST',
          url: '/vsbridge/order/create?storeCode=en',
          payload: body('omniva-LV-1'),
        })
      ).status,
    ).toBe(400);
    const ok = await api.call({
      method: 'POST',
      url: '/vsbridge/order/create?storeCode=en',
      payload: body('omniva-LT-2'),
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const [row] = await api.database.query<{
      shipping_address: { pickup_point: { id: string; name: string } };
    }>('SELECT shipping_address FROM orders WHERE increment_id = $1', [ok.body.result.orderNumber]);
    expect(row?.shipping_address.pickup_point).toMatchObject({ id: 'omniva-LT-2', name: 'Kaunas Mega' });
  });
});

describe('payments with NEOPAY credentials (the real adapter)', () => {
  const KEY = 'neopay-project-key-for-tests';
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi({
      NEOPAY_PROJECT_ID: '1234',
      NEOPAY_PROJECT_KEY: KEY,
      PUBLIC_URL: 'https://shop.example',
    });
    await addPaymentMethods(api);
  });
  afterAll(async () => api?.close());

  it('signs the request with the project key for the NEOPAY widget; verifies signature AND amount of the notification', async () => {
    const { cart, order } = await placeOrder(api, 'NEOPAY');
    const res = await api.app.inject(`/vsbridge/neopay/payment/${cart}/HABALT22`);
    expect(res.statusCode).toBe(302);
    const url = location(res);
    expect(url.startsWith('https://psd2.neopay.lt/widget.html?')).toBe(true);
    const request = verifyJwt(url.split('?')[1] ?? '', KEY);
    expect(request).toMatchObject({
      projectId: 1234,
      amount: order.grand_total / 100,
      serviceType: 'pisp',
      clientRedirectUrl: 'https://shop.example/vsbridge/neopay/payment/return',
      bank: 'HABALT22',
    });
    const tx = String(request?.transactionId);
    const notify = (status: string, amount: number) =>
      api.call({
        method: 'POST',
        url: '/vsbridge/neopay/payment/notification?storeCode=en',
        payload: { token: signJwt({ transactions: { [tx]: { status, amount, currency: 'EUR' } } }, KEY) },
      });

    const wrong = await notify('success', order.grand_total / 100 - 0.01);
    expect(wrong.status).toBe(400);
    expect(wrong.body.result).toBe('The paid amount does not match the order.');
    expect(await orderRow(api, order.orderNumber)).toEqual({
      status: 'awaiting_payment',
      payment_status: 'pending',
    });

    expect((await notify('pending', order.grand_total / 100)).body.result).toMatchObject({
      status: 'pending',
      changed: false,
    });
    expect((await notify('success', order.grand_total / 100)).body.result).toMatchObject({
      status: 'paid',
      changed: true,
    });
    expect((await notify('success', order.grand_total / 100)).body.result).toMatchObject({
      status: 'paid',
      changed: false,
    });
    // a late cancellation never un-pays an order
    expect((await notify('canceled', order.grand_total / 100)).body.result).toMatchObject({
      status: 'paid',
      changed: false,
    });
    expect(await orderRow(api, order.orderNumber)).toEqual({ status: 'paid', payment_status: 'paid' });

    // the form-encoded notification body and the browser's return are accepted too
    const form = await api.app.inject({
      method: 'POST',
      url: '/vsbridge/neopay/payment/notification',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${signJwt({ transactionId: tx, status: 'success', amount: order.grand_total / 100, currency: 'EUR' }, KEY)}`,
    });
    expect(form.statusCode).toBe(200);
    const ret = await api.app.inject(
      `/vsbridge/neopay/payment/return?token=${signJwt({ transactionId: tx, status: 'success', amount: order.grand_total / 100, currency: 'EUR' }, KEY)}`,
    );
    expect(location(ret)).toContain('payment=paid');
  });

  it('a cancelled order whose units sold meanwhile cannot be paid again; a late "paid" takes them back all the same', async () => {
    const { cart, order } = await placeOrder(api, 'NEOPAY');
    const tx = String(
      verifyJwt(location(await api.app.inject(`/vsbridge/neopay/payment/${cart}/-`)).split('?')[1] ?? '', KEY)
        ?.transactionId,
    );
    const notify = (status: string) =>
      api.call({
        method: 'POST',
        url: '/vsbridge/neopay/payment/notification?storeCode=en',
        payload: {
          token: signJwt(
            { transactions: { [tx]: { status, amount: order.grand_total / 100, currency: 'EUR' } } },
            KEY,
          ),
        },
      });
    expect((await notify('canceled')).status).toBe(200);
    expect(await orderRow(api, order.orderNumber)).toEqual({
      status: 'cancelled',
      payment_status: 'cancelled',
    });
    // another buyer takes the released units
    await api.database.query("UPDATE stock SET qty = 0, is_in_stock = false WHERE sku = 'PHN-2001'");
    // the "pay again" link leads back to the order page, which says the products are not available
    const again = await api.app.inject(`/vsbridge/neopay/payment/${order.orderToken}/-`);
    expect(again.statusCode).toBe(302);
    expect(location(again)).toBe(
      `/en/order-completed?number=${order.orderNumber}&token=${encodeURIComponent(order.orderToken)}&payment=cancelled&unavailable=1`,
    );
    expect(await orderRow(api, order.orderNumber)).toEqual({
      status: 'cancelled',
      payment_status: 'cancelled',
    });
    expect(await paymentsOf(api, order.orderNumber)).toHaveLength(1);
    expect(await stockOf(api, 'PHN-2001')).toBe(0);
    // the bank reports the first attempt paid after all: the order is paid and its unit taken (stock -1 for the staff)
    expect((await notify('success')).body.result).toMatchObject({ status: 'paid', changed: true });
    expect(await orderRow(api, order.orderNumber)).toEqual({ status: 'paid', payment_status: 'paid' });
    expect(await stockOf(api, 'PHN-2001')).toBe(-1);
    await api.database.query("UPDATE stock SET qty = 10, is_in_stock = true WHERE sku = 'PHN-2001'");
  });

  it('has no sandbox page when configured; MOKILIZINGAS without credentials is off, not a sandbox', async () => {
    expect((await api.call('/vsbridge/payment/sandbox/neopay?x.y.z')).status).toBe(400);
    expect(await offeredCodes(api)).toEqual(expect.arrayContaining(['NEOPAY']));
    expect(await offeredCodes(api)).not.toContain('MOKILIZINGAS');
    expect((await api.call('/vsbridge/payment/sandbox/mokilizingas?token=a.b.c')).status).toBe(503);
  });
});

describe('NEOPAY bank list and payment configuration', () => {
  it('reads the banks from the provider country list (cached) and skips disabled ones', async () => {
    let calls = 0;
    const fake = (async (url: string) => {
      calls += 1;
      expect(url).toBe('https://psd2.neopay.lt/api/countries/1234');
      return new Response(
        JSON.stringify([
          {
            code: 'LT',
            aspsps: [
              { bic: 'HABALT22', name: 'Swedbank', logo: 'https://x/s.png' },
              { bic: 'OLD', name: 'Closed', isDisabled: true },
            ],
          },
          { code: 'LV', aspsps: [{ bic: 'HABALV22', name: 'Swedbank' }] },
        ]),
        { headers: { 'content-type': 'application/json' } },
      );
    }) as unknown as typeof fetch;
    const p = new NeopayProvider({
      projectId: '1234',
      key: 'k',
      widgetUrl: 'https://psd2.neopay.lt/widget.html',
      countriesUrl: 'https://psd2.neopay.lt/api/countries/1234',
      sandbox: false,
      fetch: fake,
    });
    expect(await p.banks('LT')).toEqual([
      { bic: 'HABALT22', name: 'Swedbank', country: 'LT', logo: 'https://x/s.png' },
    ]);
    expect((await p.banks('1234')).map((b) => b.bic)).toEqual(['HABALT22', 'HABALV22']);
    expect(calls).toBe(1);
  });

  it('takes credentials together or not at all; PAYMENT_SANDBOX true/false/unset', () => {
    expect(loadPaymentConfig({})).toEqual({ neopay: null, mokilizingas: null, sandbox: 'demo' });
    expect(loadPaymentConfig({ PAYMENT_SANDBOX: 'true' }).sandbox).toBe('on');
    expect(loadPaymentConfig({ PAYMENT_SANDBOX: '1' }).sandbox).toBe('on');
    expect(loadPaymentConfig({ PAYMENT_SANDBOX: '0' }).sandbox).toBe('off');
    expect(() => loadPaymentConfig({ PAYMENT_SANDBOX: 'yes' })).toThrow(/PAYMENT_SANDBOX/);
    expect(() => loadPaymentConfig({ NEOPAY_PROJECT_ID: '1' })).toThrow(/together/);
    expect(() => loadPaymentConfig({ MOKILIZINGAS_SECRET: 's' })).toThrow(/together/);
    expect(loadPaymentConfig({ PAYMENT_SANDBOX: 'false' }).sandbox).toBe('off');
    expect(loadPaymentConfig({ NEOPAY_PROJECT_ID: '1', NEOPAY_PROJECT_KEY: 'k' }).neopay).toEqual({
      projectId: '1',
      projectKey: 'k',
      apiUrl: 'https://psd2.neopay.lt',
    });
  });
});

describe('PAYMENT_SANDBOX=false without credentials', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi({ PAYMENT_SANDBOX: 'false' });
  });
  afterAll(async () => api?.close());
  it('answers 503 instead of a sandbox', async () => {
    expect((await api.call('/vsbridge/neopay/payment/banks/LT')).status).toBe(503);
    expect((await api.call('/vsbridge/payment/sandbox/neopay?a.b.c')).status).toBe(503);
  });
});

describe('which provider runs a sandbox', () => {
  const neopay = { projectId: '1', projectKey: 'k', apiUrl: 'https://psd2.neopay.lt' };
  const mokilizingas = { merchantId: 'm', secret: 's', url: 'https://mokilizingas.example' };
  const credentials = {
    none: { neopay: null, mokilizingas: null },
    neopay: { neopay, mokilizingas: null },
    mokilizingas: { neopay: null, mokilizingas },
    both: { neopay, mokilizingas },
  } as const;
  // [PAYMENT_SANDBOX, demo shop, credentials] -> [neopay, mokilizingas]
  const table: [PaymentConfig['sandbox'], boolean, keyof typeof credentials, string, string][] = [
    ['demo', true, 'none', 'sandbox', 'sandbox'],
    ['demo', false, 'none', 'off', 'off'],
    ['demo', true, 'neopay', 'live', 'off'],
    ['demo', true, 'mokilizingas', 'off', 'live'],
    ['demo', false, 'neopay', 'live', 'off'],
    ['demo', true, 'both', 'live', 'live'],
    ['on', true, 'none', 'sandbox', 'sandbox'],
    ['on', false, 'none', 'sandbox', 'sandbox'],
    ['on', false, 'neopay', 'live', 'sandbox'],
    ['on', false, 'mokilizingas', 'sandbox', 'live'],
    ['on', false, 'both', 'live', 'live'],
    ['off', true, 'none', 'off', 'off'],
    ['off', false, 'none', 'off', 'off'],
    ['off', true, 'neopay', 'live', 'off'],
    ['off', false, 'both', 'live', 'live'],
  ];
  it.each(table)(
    'PAYMENT_SANDBOX %s, demo %s, credentials %s: neopay %s, mokilizingas %s',
    (sandbox, demo, creds, neo, mok) => {
      expect(providerModes({ ...credentials[creds], sandbox }, demo)).toEqual({
        neopay: neo,
        mokilizingas: mok,
      });
    },
  );
});

/** the codes the checkout offers for a new cart with one product */
async function offeredCodes(api: TestApi): Promise<string[]> {
  const cart = (await api.call({ method: 'POST', url: '/vsbridge/cart/create?storeCode=en' })).body
    .result as string;
  await api.call({
    method: 'POST',
    url: `/vsbridge/cart/update?cartId=${cart}`,
    payload: { cartItem: { sku: 'PHN-2001', qty: 1 } },
  });
  const res = await api.call(`/vsbridge/cart/payment-methods?cartId=${cart}&storeCode=en`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.result as { code: string }[]).map((m) => m.code);
}

describe('PAYMENT_SANDBOX unset in a shop that is not the demo', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi();
    await addPaymentMethods(api);
  });
  afterAll(async () => api?.close());

  it('offers neither provider and refuses an order for one; their routes answer 503', async () => {
    expect(await offeredCodes(api)).toEqual(['cashondelivery', 'banktransfer']);
    const cart = (await api.call({ method: 'POST', url: '/vsbridge/cart/create?storeCode=en' })).body
      .result as string;
    const order = await api.call({
      method: 'POST',
      url: '/vsbridge/order/create?storeCode=en',
      payload: {
        cart_id: cart,
        products: [{ sku: 'PHN-2001', qty: 1 }],
        addressInformation: {
          shippingAddress: address(),
          billingAddress: address(),
          shipping_method_code: 'courier',
          shipping_carrier_code: 'courier',
          payment_method_code: 'NEOPAY',
        },
        personalDetails: { firstName: 'Jonas', lastName: 'Jonaitis', emailAddress: 'jonas@example.com' },
        idempotency_key: `payment-test-off-${Date.now()}`,
      },
    });
    expect(order.status).toBe(400);
    for (const url of [
      '/vsbridge/neopay/payment/banks/LT',
      '/vsbridge/payment/sandbox/neopay?a.b.c',
      '/vsbridge/payment/sandbox/mokilizingas?token=a.b.c',
      `/vsbridge/neopay/payment/${cart}/-`,
      `/vsbridge/mokilizingas/payment/${cart}`,
      '/vsbridge/neopay/payment/return?token=a.b.c',
    ])
      expect((await api.call(url)).status, url).toBe(503);
    const notified = await api.call({
      method: 'POST',
      url: '/vsbridge/mokilizingas/payment/notification',
      payload: { token: 'a.b.c' },
    });
    expect(notified.status).toBe(503);
  });

  it('in the demo shop the sandbox is on, and goes off at once when the demo data is removed', async () => {
    // the flag as the demo's seeding sets it (markDemoSeeded): with a new catalogue version, under
    // which the shop keeps it
    await setMeta(api.database, 'demo_catalog', true);
    await bumpCatalogVersion(api.database);
    expect(await offeredCodes(api)).toEqual(expect.arrayContaining(['NEOPAY', 'MOKILIZINGAS']));
    const { cart } = await placeOrder(api, 'NEOPAY');
    const redirect = location(await api.app.inject(`/vsbridge/neopay/payment/${cart}/-`));
    expect(redirect).toMatch(/^\/vsbridge\/payment\/sandbox\/neopay\?/);
    expect((await api.call(redirect)).status).toBe(200);

    // the operator removes the demo through the running shop (what `npm run demo:remove` does)
    await setMeta(api.database, 'demo_data', {
      skus: [],
      categoryIds: [],
      coupons: ['DEMO-ONLY'],
      pickupPoints: [],
      cmsPages: [],
      cmsBlocks: [],
      bannerImages: [],
    });
    const removed = await api.call({
      method: 'POST',
      url: '/vsbridge/admin/catalog/import?removeDemo=true',
      headers: { authorization: `Bearer ${api.adminToken}` },
      payload: {},
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.result.demo_removed).toMatchObject({ products: 0 });
    expect(await offeredCodes(api)).toEqual(['cashondelivery', 'banktransfer']);
    expect((await api.call(redirect)).status).toBe(503);
    expect((await api.call(`/vsbridge/neopay/payment/${cart}/-`)).status).toBe(503);
  });
});

describe('the demo flag, read with the catalogue version', () => {
  let api: TestApi;
  afterAll(async () => api?.close());

  /** the statements reading `meta` while `run` runs */
  async function metaReadsOf(run: () => Promise<unknown>): Promise<number> {
    const { query } = api.database;
    let reads = 0;
    api.database.query = ((sql: string, params?: readonly unknown[]) => {
      if (/\bfrom meta\b/i.test(sql)) reads++;
      return query.call(api.database, sql, params);
    }) as typeof query;
    try {
      await run();
    } finally {
      api.database.query = query;
    }
    return reads;
  }

  it('costs no statement while the version is reused; the demo removed through this process is seen at once', async () => {
    // the version reused a minute, as a shop reuses it a second: a flag set meanwhile by another
    // process is not asked for again, and the listings read no `meta`
    api = await startApi({ CATALOG_VERSION_TTL_MS: '60000' });
    await addPaymentMethods(api);
    // the shop's lists and settings read once, as in a running shop
    expect(await offeredCodes(api)).toEqual(['cashondelivery', 'banktransfer']);
    await setMeta(api.database, 'demo_catalog', true);
    let offered: string[] = [];
    expect(await metaReadsOf(async () => (offered = await offeredCodes(api)))).toBe(0);
    expect(offered).toEqual(['cashondelivery', 'banktransfer']);

    // an import through this process forgets the version, and the flag read with it
    const imported = await api.call({
      method: 'POST',
      url: '/vsbridge/admin/catalog/import',
      headers: { authorization: `Bearer ${api.adminToken}` },
      payload: {},
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(await offeredCodes(api)).toEqual(expect.arrayContaining(['NEOPAY', 'MOKILIZINGAS']));
  });

  it("is seen as another process sets it, once this process's version is older than CATALOG_VERSION_TTL_MS", async () => {
    await api.close();
    api = await startApi({ CATALOG_VERSION_TTL_MS: '50' });
    await addPaymentMethods(api);
    expect(await offeredCodes(api)).toEqual(['cashondelivery', 'banktransfer']);
    await setMeta(api.database, 'demo_catalog', true);
    await vi.waitFor(async () =>
      expect(await offeredCodes(api)).toEqual(expect.arrayContaining(['NEOPAY', 'MOKILIZINGAS'])),
    );
    await setMeta(api.database, 'demo_catalog', false);
    await vi.waitFor(async () => expect(await offeredCodes(api)).toEqual(['cashondelivery', 'banktransfer']));
  });
});

describe('the start log', () => {
  /** the warn lines buildApi logs on a database that is (or is not) the demo */
  async function startWarnings(env: Record<string, string>, demo: boolean): Promise<string[]> {
    const database = await createTestDatabase();
    if (demo) await setMeta(database, 'demo_catalog', true);
    const warnings: string[] = [];
    const logger = {
      level: 'info',
      info() {},
      error() {},
      debug() {},
      fatal() {},
      trace() {},
      silent() {},
      warn(msg: unknown) {
        warnings.push(String(msg));
      },
      child() {
        return logger;
      },
    };
    const app = await buildApi({ database, config: loadApiConfig(env), logger: logger as never });
    await app.close();
    await database.dispose();
    return warnings;
  }

  it('says loudly when the shop is the demo and for each payment sandbox that is on', async () => {
    const demo = await startWarnings({}, true);
    expect(demo.filter((l) => l.startsWith('DEMO SHOP'))).toHaveLength(1);
    expect(demo).toContain('PAYMENT SANDBOX ON for neopay: anyone can mark their own order paid');
    expect(demo).toContain('PAYMENT SANDBOX ON for mokilizingas: anyone can mark their own order paid');

    const real = await startWarnings({ NEOPAY_PROJECT_ID: '1', NEOPAY_PROJECT_KEY: 'k' }, false);
    expect(real.filter((l) => l.startsWith('DEMO SHOP') || l.startsWith('PAYMENT SANDBOX'))).toEqual([]);

    const asked = await startWarnings(
      { PAYMENT_SANDBOX: 'true', NEOPAY_PROJECT_ID: '1', NEOPAY_PROJECT_KEY: 'k' },
      false,
    );
    expect(asked.filter((l) => l.startsWith('PAYMENT SANDBOX'))).toEqual([
      'PAYMENT SANDBOX ON for mokilizingas: anyone can mark their own order paid',
    ]);
  });
});
