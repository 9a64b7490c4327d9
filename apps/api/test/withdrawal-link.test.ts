/**
 * The withdrawal page's way in without the confirmation e-mail (docs/legal.md; Directive 2011/83/EU
 * Annex I(A): the consumer may withdraw "on our website"): order number + the order's e-mail address
 * -> the order's own withdrawal link is e-mailed to the ORDER's address through the outbox. The
 * answer is the same whether or not an order matched; bad input is a 400 naming the field in the
 * shopper's language; the requests are limited per client address and per order number.
 * PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { address, startApi, type TestApi } from './helpers.ts';
import { bearer, customer, outbox, uniqueAddress, uniqueEmail } from './user-helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startApi({
    EXPOSE_OUTBOX: 'true',
    MAIL_OUTBOX_INTERVAL_MS: '0',
    PUBLIC_URL: 'https://shop.example',
    RATE_LIMIT_WITHDRAWAL_LINK_ADDRESS: '4/3600',
    RATE_LIMIT_WITHDRAWAL_LINK_ORDER: '2/3600',
  });
});
afterAll(async () => api?.close());

async function place(store: string, email: string, token?: string) {
  const r = await api.call({
    method: 'POST',
    url: `/vsbridge/order/create?storeCode=${store}`,
    remoteAddress: uniqueAddress(),
    headers: token ? bearer(token) : {},
    payload: {
      cart_id: `offline-${randomBytes(8).toString('hex')}`,
      products: [{ sku: 'PHN-2001', qty: 1 }],
      addressInformation: {
        shippingAddress: address({ email }),
        shipping_method_code: 'courier',
        shipping_carrier_code: 'courier',
        payment_method_code: 'cashondelivery',
      },
      personalDetails: { firstName: 'Ona', lastName: 'Onaitė', emailAddress: email },
      idempotency_key: `key-${randomBytes(8).toString('hex')}`,
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result as { orderNumber: string; orderToken: string };
}

const ask = (payload: unknown, storeCode = 'en', remoteAddress = uniqueAddress()) =>
  api.call({
    method: 'POST',
    url: `/vsbridge/withdrawal/link?storeCode=${storeCode}`,
    remoteAddress,
    payload: payload as Record<string, unknown>,
  });

const NEUTRAL = {
  en: 'If an order with this number and e-mail address exists, we have sent its withdrawal link to that address.',
  lt: 'Jei užsakymas su šiuo numeriu ir el. pašto adresu yra, jo sutarties atsisakymo nuorodą išsiuntėme tuo adresu.',
  ru: 'Если заказ с таким номером и адресом электронной почты существует, мы отправили ссылку для отказа от него на этот адрес.',
};

const linkMails = (to: string) => outbox(api, { kind: 'mail.withdrawal-link', to });

describe('POST /vsbridge/withdrawal/link', () => {
  it("a matching number and e-mail: one e-mail to the order's address with the order's own token link, in the order's language", async () => {
    const email = uniqueEmail('guest-link');
    const o = await place('lt', email);
    // typed as people type: other case, spaces around
    const r = await ask({ number: ` ${o.orderNumber} `, email: `  ${email.toUpperCase()} ` }, 'en');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.result).toBe(NEUTRAL.en);
    const mails = await linkMails(email);
    expect(mails).toHaveLength(1);
    const link = `https://shop.example/withdrawal?number=${o.orderNumber}&token=${o.orderToken}`;
    expect(mails[0]?.payload.to).toBe(email);
    expect(mails[0]?.link).toBe(link);
    expect(mails[0]?.text).toContain(link);
    expect(mails[0]?.subject).toContain(o.orderNumber);
    // Lithuanian: the order's language, whatever the page asking
    expect(mails[0]?.subject).toMatch(/sutarties atsisakymo nuoroda/i);
    // the link opens the order's withdrawal page for a guest
    const view = await api.call(
      `/vsbridge/withdrawal?number=${o.orderNumber}&orderToken=${o.orderToken}&storeCode=lt`,
    );
    expect(view.status).toBe(200);
  });

  it('an order of an account: the account link (no token), and the e-mail says to sign in', async () => {
    const c = await customer(api, 'link-account');
    const o = await place('ru', c.email, c.accessToken);
    const r = await ask({ number: o.orderNumber, email: c.email }, 'ru');
    expect(r.body.result).toBe(NEUTRAL.ru);
    const [mail] = await linkMails(c.email);
    expect(mail?.link).toBe(`https://shop.example/ru/withdrawal?number=${o.orderNumber}`);
    expect(mail?.text).not.toContain(o.orderToken);
    expect(mail?.text).toMatch(/войдите в свою учётную запись/);
  });

  it('a wrong e-mail or an unknown number: the same answer, and no e-mail', async () => {
    const email = uniqueEmail('guest-other');
    const o = await place('en', email);
    const stranger = uniqueEmail('stranger');
    const before = (await outbox(api, { kind: 'mail.withdrawal-link' })).length;
    for (const [payload, store] of [
      [{ number: o.orderNumber, email: stranger }, 'lt'],
      [{ number: '999999999', email }, 'en'],
      [{ number: '999999998', email: stranger }, 'ru'],
    ] as const) {
      const r = await ask(payload, store);
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ code: 200, result: NEUTRAL[store] });
    }
    expect(await linkMails(email)).toHaveLength(0);
    expect(await linkMails(stranger)).toHaveLength(0);
    expect((await outbox(api, { kind: 'mail.withdrawal-link' })).length).toBe(before);
  });

  it.each([
    [
      'lt',
      { number: '', email: 'nope' },
      [
        { field: 'number', message: 'Laukas privalomas' },
        { field: 'email', message: 'Įveskite teisingą el. pašto adresą.' },
      ],
    ],
    ['en', { email: 'a@b.lt' }, [{ field: 'number', message: 'Field is required' }]],
    ['ru', { number: '1'.repeat(40), email: 'a@b.lt' }, [{ field: 'number' }]],
    ['en', { number: 12, email: ['x'] }, [{ field: 'number' }, { field: 'email' }]],
  ])(
    "bad input (%s) is a 400 naming the field in the shopper's language, never a 500",
    async (store, payload, errors) => {
      const r = await ask(payload, store);
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.errors).toEqual(expect.arrayContaining(errors.map((e) => expect.objectContaining(e))));
    },
  );

  it('a body that is not JSON of an object is a 400', async () => {
    const r = await api.call({
      method: 'POST',
      url: '/vsbridge/withdrawal/link?storeCode=en',
      remoteAddress: uniqueAddress(),
      headers: { 'content-type': 'application/json' },
      payload: '"just a string"',
    });
    expect(r.status).toBe(400);
  });

  it("is limited per order number (any address) with a 429 in the shopper's language", async () => {
    const email = uniqueEmail('guest-limit');
    const o = await place('en', email);
    expect((await ask({ number: o.orderNumber, email })).status).toBe(200);
    expect((await ask({ number: o.orderNumber, email: uniqueEmail('x') })).status).toBe(200);
    const refused = await ask({ number: o.orderNumber, email }, 'lt');
    expect(refused.status).toBe(429);
    expect(refused.body.result).toBe('Per daug bandymų. Pabandykite dar kartą po 60 min.');
    expect(Number(refused.res.headers['retry-after'])).toBeGreaterThan(3500);
    expect(await linkMails(email)).toHaveLength(1);
    // another order is not held up
    const other = uniqueEmail('guest-limit-other');
    const o2 = await place('en', other);
    expect((await ask({ number: o2.orderNumber, email: other })).status).toBe(200);
  });

  it('is limited per client address (any number)', async () => {
    const from = uniqueAddress();
    for (let i = 0; i < 4; i++)
      expect((await ask({ number: `88800000${i}`, email: uniqueEmail('probe') }, 'en', from)).status).toBe(
        200,
      );
    const refused = await ask({ number: '888000009', email: uniqueEmail('probe') }, 'ru', from);
    expect(refused.status).toBe(429);
    expect(refused.body.result).toBe('Слишком много попыток. Попробуйте ещё раз через 60 мин.');
    expect((await ask({ number: '888000009', email: uniqueEmail('probe') })).status).toBe(200);
  });
});
