/**
 * Stock hoarding by orders nobody pays: cash on delivery and bank transfer had no cap at all (one
 * guest order by cash on delivery took all 30 units of a product, 37,502.70 EUR). Now every order
 * is capped as it is placed: units per line (ORDER_LINE_MAX_UNITS), open unpaid orders of any
 * payment method per customer, e-mail and client address (ORDERS_OPEN_MAX_PER_*), orders placed
 * per address (RATE_LIMIT_ORDER_ADDRESS); and a bank transfer never made expires after
 * BANK_TRANSFER_ORDER_TTL_DAYS like an online payment does. Refusals name the field, in the
 * shopper's language.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadApiConfig } from '../src/index.ts';
import { UnpaidOrderSweeper } from '../src/order/unpaid.ts';
import { address, startApi, type TestApi } from './helpers.ts';
import { uniqueAddress, uniqueEmail } from './user-helpers.ts';

const ENV = {
  UNPAID_ORDER_SWEEP_INTERVAL_MS: '0',
  MAIL_OUTBOX_INTERVAL_MS: '0',
  ORDER_LINE_MAX_UNITS: '5',
  ORDERS_OPEN_MAX_PER_CUSTOMER: '2',
  ORDERS_OPEN_MAX_PER_EMAIL: '2',
  ORDERS_OPEN_MAX_PER_ADDRESS: '3',
  RATE_LIMIT_ORDER_ADDRESS: '6/3600',
  BANK_TRANSFER_ORDER_TTL_DAYS: '7',
};

let api: TestApi;
let sweeper: UnpaidOrderSweeper;
beforeAll(async () => {
  api = await startApi(ENV);
  await api.database.query("UPDATE stock SET qty = 30, is_in_stock = true WHERE sku = 'PHN-2001'");
  const quiet = { info: () => undefined, error: () => undefined };
  sweeper = new UnpaidOrderSweeper(api.database, loadApiConfig(ENV), quiet, async () => undefined);
});
afterAll(async () => api?.close());

function place(payment: string, opts: { qty?: number; from?: string; email?: string; store?: string } = {}) {
  return api.call({
    method: 'POST',
    url: `/vsbridge/order/create?storeCode=${opts.store ?? 'en'}`,
    remoteAddress: opts.from ?? uniqueAddress(),
    payload: {
      cart_id: `offline-${randomBytes(8).toString('hex')}`,
      products: [{ sku: 'PHN-2001', qty: opts.qty ?? 1 }],
      addressInformation: {
        shippingAddress: address(),
        shipping_method_code: 'courier',
        shipping_carrier_code: 'courier',
        payment_method_code: payment,
      },
      personalDetails: {
        firstName: 'Jonas',
        lastName: 'Jonaitis',
        emailAddress: opts.email ?? uniqueEmail('hoard'),
      },
      idempotency_key: `hoard-${randomBytes(8).toString('hex')}`,
    },
  });
}

const stock = async () =>
  Number((await api.database.query<{ qty: number }>("SELECT qty FROM stock WHERE sku = 'PHN-2001'"))[0]?.qty);

describe('units per order line', () => {
  it('a cash-on-delivery order for all 30 units is refused naming the line, in the shopper language; 5 are fine', async () => {
    const before = await stock();
    const all = await place('cashondelivery', { qty: 30 });
    expect(all.status).toBe(400);
    expect(all.body.errors).toEqual([
      { field: 'products[0].qty', message: expect.stringContaining('At most 5 units') },
    ]);
    const lt = await place('banktransfer', { qty: 6, store: 'lt' });
    expect(lt.status).toBe(400);
    expect(lt.body.result).toContain('ne daugiau kaip 5 vnt.');
    const ru = await place('banktransfer', { qty: 6, store: 'ru' });
    expect(ru.body.result).toContain('не более 5 шт.');
    expect(await stock()).toBe(before);
    expect((await place('cashondelivery', { qty: 5 })).status).toBe(200);
    expect(await stock()).toBe(before - 5);
  });
});

describe('open unpaid orders of any payment method', () => {
  it('per e-mail: a third open order answers 429 on the payment method, from any address', async () => {
    const email = uniqueEmail('hoard-mail');
    expect((await place('cashondelivery', { email })).status).toBe(200);
    expect((await place('banktransfer', { email })).status).toBe(200);
    const third = await place('cashondelivery', { email: email.toUpperCase() });
    expect(third.status).toBe(429);
    expect(third.body.errors).toEqual([
      {
        field: 'addressInformation.payment_method_code',
        message: expect.stringContaining('You already have 2 orders'),
      },
    ]);
  });

  it('per client address, whatever the e-mails', async () => {
    const from = uniqueAddress();
    for (let i = 0; i < 3; i++) expect((await place('banktransfer', { from })).status).toBe(200);
    const lt = await place('cashondelivery', { from, store: 'lt' });
    expect(lt.status).toBe(429);
    expect(lt.body.result).toContain('Jau turite 3 dar neapmokėtus');
  });

  it('order creation is rate-limited per address', async () => {
    const from = uniqueAddress();
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await place('cashondelivery', { from, qty: 99 }));
    // refused orders count too: a flood cannot probe for free
    expect(answers.slice(0, 6).map((a) => a.status)).toEqual([400, 400, 400, 400, 400, 400]);
    expect(answers[6]!.status).toBe(429);
    expect(answers[6]!.body.result).toMatch(/Too many attempts/);
  });
});

describe('bank transfers never made', () => {
  it('expire after BANK_TRANSFER_ORDER_TTL_DAYS, their units back; younger ones and cash on delivery stay', async () => {
    const before = await stock();
    const old = (await place('banktransfer', { qty: 2 })).body.result.orderNumber as string;
    const young = (await place('banktransfer', { qty: 1 })).body.result.orderNumber as string;
    const cod = (await place('cashondelivery', { qty: 1 })).body.result.orderNumber as string;
    expect(await stock()).toBe(before - 4);
    const ageDays = (number: string, days: number) =>
      api.database.query(
        'UPDATE orders SET created_at = now() - make_interval(days => $2) WHERE increment_id = $1',
        [number, days],
      );
    await ageDays(old, 8);
    await ageDays(young, 6);
    await ageDays(cod, 30);
    expect(await sweeper.sweep()).toEqual([old]);
    const rows = await api.database.query<{
      increment_id: string;
      status: string;
      cancel_reason: string | null;
    }>(
      'SELECT increment_id, status, cancel_reason FROM orders WHERE increment_id = ANY($1::text[]) ORDER BY id',
      [[old, young, cod]],
    );
    expect(rows.map((r) => [r.status, r.cancel_reason])).toEqual([
      ['cancelled', 'payment_timeout'],
      ['new', null],
      ['new', null],
    ]);
    expect(await stock()).toBe(before - 2);
  });
});
