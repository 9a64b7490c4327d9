/**
 * Helpers of the account and engagement tests (user, newsletter, review, contact): customers, logins
 * from distinct client addresses, orders, and the e-mails of the outbox (EXPOSE_OUTBOX=true).
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { address, type TestApi } from './helpers.ts';

let counter = 0;

/** a unique e-mail address */
export const uniqueEmail = (prefix = 'customer') => `${prefix}-${Date.now().toString(36)}-${++counter}@example.com`;

/** a client address of its own (each rate-limit test chooses its own) */
export const uniqueAddress = () => `10.${1 + (counter++ % 250)}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

export const PASSWORD = 'correct horse 1';

export type Session = { accessToken: string; refreshToken: string };

export async function register(api: TestApi, email = uniqueEmail(), over: Record<string, unknown> = {}) {
  const r = await api.call({
    method: 'POST',
    url: '/vsbridge/user/create?storeCode=en',
    remoteAddress: uniqueAddress(),
    payload: { customer: { email, firstname: 'Jonas', lastname: 'Jonaitis', ...over }, password: PASSWORD },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result as { id: number; email: string };
}

export async function login(api: TestApi, email: string, password = PASSWORD, remoteAddress = uniqueAddress()) {
  return api.call({ method: 'POST', url: '/vsbridge/user/login?storeCode=en', remoteAddress, payload: { username: email, password } });
}

export async function session(api: TestApi, email: string, password = PASSWORD): Promise<Session> {
  const r = await login(api, email, password);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { accessToken: r.body.result, refreshToken: r.body.meta.refreshToken };
}

/** a registered customer with a session */
export async function customer(api: TestApi, prefix = 'customer') {
  const email = uniqueEmail(prefix);
  const { id } = await register(api, email);
  return { id, email, ...(await session(api, email)) };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** the e-mails of the outbox, newest first */
export async function outbox(api: TestApi, query: { kind?: string; to?: string }) {
  const params = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined));
  const r = await api.call(`/vsbridge/mail/outbox?${params}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result as { id: number; kind: string; to: string; subject: string; text: string; link: string | null; payload: Record<string, unknown> }[];
}

/** places an order for one PHN-2001 (optionally on `cartId`, with a customer token) */
export async function placeOrder(api: TestApi, opts: { token?: string; cartId?: string; sku?: string; email?: string } = {}) {
  const payload = {
    cart_id: opts.cartId ?? `offline-${randomBytes(8).toString('hex')}`,
    products: [{ sku: opts.sku ?? 'PHN-2001', qty: 1 }],
    addressInformation: {
      shippingAddress: address(),
      shipping_method_code: 'courier',
      shipping_carrier_code: 'courier',
      payment_method_code: 'banktransfer',
    },
    personalDetails: { firstName: 'Jonas', lastName: 'Jonaitis', emailAddress: opts.email ?? 'jonas@example.com' },
    idempotency_key: `key-${randomBytes(8).toString('hex')}`,
  };
  return api.call({ method: 'POST', url: '/vsbridge/order/create?storeCode=en', headers: opts.token ? bearer(opts.token) : {}, payload });
}
