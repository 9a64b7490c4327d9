/**
 * The client address behind rate limits and logs: X-Forwarded-For is believed
 * only from the proxies TRUST_PROXY names; by default a forged header changes neither the bucket a
 * request counts in nor the address logged. Also the request log's redaction of secrets (item 11).
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../src/config.ts';
import { redactUrl } from '../src/http/log.ts';
import { startApi, type TestApi } from './helpers.ts';
import { bearer, customer, outbox, placeOrder, uniqueEmail } from './user-helpers.ts';

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['off', false],
    ['false', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['127.0.0.1', ['127.0.0.1']],
    ['10.0.0.0/8, 192.168.1.10', ['10.0.0.0/8', '192.168.1.10']],
    ['loopback,uniquelocal', ['loopback', 'uniquelocal']],
    ['::1,fd00::/8', ['::1', 'fd00::/8']],
  ])('%j → %j', (raw, expected) => {
    expect(parseTrustProxy(raw)).toEqual(expected);
  });

  it.each(['true', 'yes', '-1', '1.5', '11', '10.0.0.0/33', '10.0.0.1/8/1', 'fd00::/129', 'proxy.example.com', '10.0.0.1,,'])(
    'refuses %j',
    (raw) => {
      expect(() => parseTrustProxy(raw)).toThrow(/TRUST_PROXY/);
    },
  );
});

/** an API whose request log is collected as parsed lines */
async function loggedApi(env: Record<string, string>) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const api = await startApi({ RATE_LIMIT_LOGIN_ADDRESS: '2/900', ...env }, { logger: { level: 'info', stream } });
  return { api, lines };
}

const loginFrom = (api: TestApi, remoteAddress: string, forwardedFor: string) =>
  api.call({
    method: 'POST',
    url: '/vsbridge/user/login?storeCode=en',
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { username: uniqueEmail('nobody'), password: 'wrong password 1' },
  });

const loggedAddresses = (lines: Record<string, unknown>[]) =>
  lines.flatMap((l) => (l.req && typeof l.req === 'object' ? [(l.req as { remoteAddress?: string }).remoteAddress] : []));

describe('a forged X-Forwarded-For', () => {
  let api: TestApi;
  let lines: Record<string, unknown>[];
  beforeAll(async () => ({ api, lines } = await loggedApi({})));
  afterAll(() => api.close());

  it('under the default config counts against the real address and is not logged as the client', async () => {
    expect((await loginFrom(api, '198.51.100.7', '203.0.113.1')).status).toBe(401);
    expect((await loginFrom(api, '198.51.100.7', '203.0.113.2')).status).toBe(401);
    // a third "address" of the client's choosing: still the same bucket
    const third = await loginFrom(api, '198.51.100.7', '203.0.113.3');
    expect(third.status).toBe(429);
    const addresses = loggedAddresses(lines);
    expect(addresses.length).toBeGreaterThanOrEqual(3);
    expect(new Set(addresses)).toEqual(new Set(['198.51.100.7']));
  });
});

describe('TRUST_PROXY=1 (one reverse proxy in front)', () => {
  let api: TestApi;
  let lines: Record<string, unknown>[];
  beforeAll(async () => ({ api, lines } = await loggedApi({ TRUST_PROXY: '1' })));
  afterAll(() => api.close());

  it("takes the client from the proxy's X-Forwarded-For", async () => {
    // every client behind the one proxy has its own bucket
    for (const client of ['203.0.113.1', '203.0.113.2', '203.0.113.3'])
      expect((await loginFrom(api, '10.0.0.1', `192.0.2.99, ${client}`)).status).toBe(401);
    expect((await loginFrom(api, '10.0.0.1', '203.0.113.1')).status).toBe(401);
    expect((await loginFrom(api, '10.0.0.1', '203.0.113.1')).status).toBe(429);
    expect(loggedAddresses(lines)).toContain('203.0.113.2');
    expect(loggedAddresses(lines)).not.toContain('10.0.0.1');
    expect(loggedAddresses(lines)).not.toContain('192.0.2.99');
  });
});

describe('TRUST_PROXY with the proxy addresses', () => {
  let api: TestApi;
  beforeAll(async () => ({ api } = await loggedApi({ TRUST_PROXY: '10.0.0.0/8' })));
  afterAll(() => api.close());

  it('believes the header from the proxy only', async () => {
    // a client reaching the shop directly: its header is ignored, its own address counts
    expect((await loginFrom(api, '198.51.100.9', '203.0.113.1')).status).toBe(401);
    expect((await loginFrom(api, '198.51.100.9', '203.0.113.2')).status).toBe(401);
    expect((await loginFrom(api, '198.51.100.9', '203.0.113.3')).status).toBe(429);
    // through the proxy: the client it names
    expect((await loginFrom(api, '10.1.2.3', '203.0.113.4')).status).toBe(401);
  });
});

describe('request log redaction', () => {
  it.each([
    ['/vsbridge/user/me?token=eyJ.abc.def&storeCode=en', '/vsbridge/user/me?token=[redacted]&storeCode=en'],
    ['/vsbridge/cart/pull?token=a&cartId=XYZ', '/vsbridge/cart/pull?token=[redacted]&cartId=[redacted]'],
    ['/vsbridge/order/pull?number=000000012&orderToken=secret', '/vsbridge/order/pull?number=000000012&orderToken=[redacted]'],
    ['/reset-password?token=abc&email=a%40b.lt', '/reset-password?token=[redacted]&email=[redacted]'],
    ['/en/reset-password?email=a%40b.lt&token=abc', '/en/reset-password?email=[redacted]&token=[redacted]'],
    ['/vsbridge/mailer/mail-confirmation?email=a%40b.lt&code=c0de', '/vsbridge/mailer/mail-confirmation?email=[redacted]&code=[redacted]'],
    ['/vsbridge/x?%74oken=abc&TOKEN=d', '/vsbridge/x?%74oken=[redacted]&TOKEN=[redacted]'],
    ['/vsbridge/neopay/payment/cart-123/SWEDBANK', '/vsbridge/neopay/payment/[redacted]/SWEDBANK'],
    ['/vsbridge/mokilizingas/payment/cart-123', '/vsbridge/mokilizingas/payment/[redacted]'],
    ['/vsbridge/neopay/payment/return?token=signed', '/vsbridge/neopay/payment/return?token=[redacted]'],
    ['/vsbridge/neopay/payment/banks/client-1', '/vsbridge/neopay/payment/banks/client-1'],
    ['/en/newsletter/a%40b.lt/c0de', '/en/newsletter/[redacted]/[redacted]'],
    ['/newsletter/a%40b.lt/c0de', '/newsletter/[redacted]/[redacted]'],
    ['/newsletter/a%40b.lt', '/newsletter/[redacted]'],
    ['/review/Tok3n-_x/000000012', '/review/[redacted]/000000012'],
    ['/ru/review/Tok3n-_x/000000012.data', '/ru/review/[redacted]/000000012.data'],
    ['/_page-data/en/review/Tok3n-_x/000000012', '/_page-data/en/review/[redacted]/000000012'],
    ['/en/order-completed?number=000000012&token=Tok3n', '/en/order-completed?number=000000012&token=[redacted]'],
    ['/reviews/x', '/reviews/x'],
    ['/vsbridge/catalog/vue_storefront_catalog/product/_search?request=%7B%7D', '/vsbridge/catalog/vue_storefront_catalog/product/_search?request=%7B%7D'],
  ])('%s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });

  it('logs none of the tokens the shop issues, nor the e-mail of a reset link, wherever they appear in a URL', async () => {
    const { api, lines } = await loggedApi({ EXPOSE_OUTBOX: 'true', MAIL_OUTBOX_INTERVAL_MS: '0' });
    try {
      // every token kind: access and refresh tokens, a cart id, an order token and number, a
      // password reset token (with its e-mail), a newsletter confirmation code
      const me = await customer(api, 'logged');
      const cartId = (await api.call({ method: 'POST', url: '/vsbridge/cart/create', headers: bearer(me.accessToken) })).body
        .result as string;
      const order = (await placeOrder(api, { email: 'guest-logged@example.com' })).body.result as {
        orderNumber: string;
        orderToken: string;
      };
      expect(
        (await api.call({ method: 'POST', url: '/vsbridge/user/reset-password', payload: { email: me.email } })).status,
      ).toBe(200);
      const reset = new URL((await outbox(api, { kind: 'mail.password-reset', to: me.email }))[0]!.link!);
      const resetToken = reset.searchParams.get('token')!;
      const subscriber = uniqueEmail('logged-news');
      expect(
        (await api.call({ method: 'POST', url: '/vsbridge/mailer/subscribe', payload: { email: subscriber } })).status,
      ).toBe(200);
      const confirm = new URL((await outbox(api, { kind: 'mail.newsletter-confirmation', to: subscriber }))[0]!.link!);
      const code = confirm.pathname.split('/').pop()!;
      const secrets = {
        accessToken: me.accessToken,
        refreshToken: me.refreshToken,
        cartId,
        orderToken: order.orderToken,
        resetToken,
        resetEmail: me.email,
        newsletterCode: code,
        newsletterEmail: subscriber,
      };
      for (const [kind, value] of Object.entries(secrets)) expect(value, kind).toMatch(/.{8,}/);
      const q = (value: string) => encodeURIComponent(value);
      const urls = [
        `/vsbridge/user/me?token=${q(me.accessToken)}`,
        `/vsbridge/cart/pull?token=${q(me.accessToken)}&cartId=${q(cartId)}`,
        `/vsbridge/order/pull?number=${order.orderNumber}&orderToken=${q(order.orderToken)}`,
        `/vsbridge/order/invoice?number=${order.orderNumber}&orderToken=${q(order.orderToken)}`,
        `/review/${q(order.orderToken)}/${order.orderNumber}`,
        `/en/review/${q(order.orderToken)}/${order.orderNumber}`,
        `/_page-data/ru/review/${q(order.orderToken)}/${order.orderNumber}`,
        `/en/order-completed?number=${order.orderNumber}&token=${q(order.orderToken)}`,
        `/vsbridge/neopay/payment/${q(order.orderToken)}/SWEDBANK`,
        `/vsbridge/mokilizingas/payment/${q(cartId)}`,
        reset.pathname + reset.search,
        confirm.pathname + confirm.search,
        `/vsbridge/mailer/mail-confirmation?email=${q(subscriber)}&code=${q(code)}`,
      ];
      // the log of the requests above (the test-only outbox reads name the addresses) is not the point
      lines.length = 0;
      for (const url of urls) await api.call({ method: 'GET', url });
      await api.call({ method: 'POST', url: '/vsbridge/user/refresh', payload: { refreshToken: me.refreshToken } });
      const logged = lines.filter((l) => l.msg === 'incoming request');
      expect(logged.length).toBeGreaterThanOrEqual(urls.length);
      const text = JSON.stringify(lines);
      for (const [kind, value] of Object.entries(secrets)) {
        expect(text, kind).not.toContain(value);
        expect(text, kind).not.toContain(encodeURIComponent(value));
      }
    } finally {
      await api.close();
    }
  });

  it('logs no token, cart id or Authorization header of a real request', async () => {
    const { api, lines } = await loggedApi({});
    try {
      await api.call({
        method: 'GET',
        url: '/vsbridge/cart/pull?token=secret-access-token&cartId=secret-cart-id',
        headers: { authorization: 'Bearer secret-bearer-token' },
      });
      await api.call({
        method: 'POST',
        url: '/vsbridge/user/refresh',
        payload: { refreshToken: 'secret-refresh-token' },
      });
      const text = JSON.stringify(lines);
      expect(lines.some((l) => l.msg === 'incoming request')).toBe(true);
      expect(text).toContain('[redacted]');
      for (const secret of ['secret-access-token', 'secret-cart-id', 'secret-bearer-token', 'secret-refresh-token'])
        expect(text).not.toContain(secret);
    } finally {
      await api.close();
    }
  });
});
