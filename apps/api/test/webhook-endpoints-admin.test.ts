/**
 * Webhook endpoints in the back office, through HTTP: only an admin opens them (401 anonymous, 403
 * staff and catalog); WEBHOOK_URLS/WEBHOOK_SECRET make the first endpoint once; a new endpoint's
 * secret is made by the server, shown once and stored encrypted; "send a test" reaches a real local
 * receiver with a signature that verifies; a 500 is recorded in the delivery log and "retry" sends
 * it again; an endpoint gets only the events it chose; a stale form is refused.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadApiConfig } from '../src/index.ts';
import { WebhookDispatcher } from '../src/integration/webhooks.ts';
import { WebhookEndpoints } from '../src/integration/webhook-endpoints.ts';
import { startApi, type TestApi } from './helpers.ts';
import { placeOrder } from './user-helpers.ts';
import { staffCookie, type StaffRole } from './staff-helpers.ts';

const ENV_SECRET = 'whsec-env-0123456789abcdef';
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** a receiver answering the statuses of `answers` in turn (then 204), keeping what it got */
async function receiver(answers: number[] = []) {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      const status = answers[received.length - 1] ?? 204;
      res.statusCode = status;
      res.end(status >= 300 ? 'receiver is down' : undefined);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function verifies(headers: IncomingHttpHeaders, body: string, secret: string): boolean {
  const expected = `v1=${createHmac('sha256', secret)
    .update(`${String(headers['vitrina-timestamp'])}.${body}`)
    .digest('hex')}`;
  const given = String(headers['vitrina-signature'] ?? '');
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

const signIn = async (api: TestApi, email: string, role: StaffRole) => ({
  cookie: await staffCookie(api, email, role),
});

let api: TestApi;
let envHook: Awaited<ReturnType<typeof receiver>>;
const who: Record<'anonymous' | 'staff' | 'catalog' | 'admin', Record<string, string>> = {
  anonymous: {},
  staff: {},
  catalog: {},
  admin: {},
};
const env = () => ({
  WEBHOOK_URLS: envHook.url,
  WEBHOOK_SECRET: ENV_SECRET,
  WEBHOOK_INTERVAL_MS: '0',
  MAIL_OUTBOX_INTERVAL_MS: '0',
});
beforeAll(async () => {
  envHook = await receiver();
  api = await startApi(env());
  who.admin = await signIn(api, 'owner@hooks.lt', 'admin');
  who.catalog = await signIn(api, 'cat@hooks.lt', 'catalog');
  who.staff = await signIn(api, 'clerk@hooks.lt', 'staff');
  await api.database.query("UPDATE stock SET qty = 100, is_in_stock = true WHERE sku = 'PHN-2001'");
});
afterAll(async () => {
  await api?.close();
  await envHook?.close();
});

const call = (
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
  store = 'en',
) =>
  api.call({
    method,
    url: `/vsbridge/staff/webhooks${url}${url.includes('?') ? '&' : '?'}storeCode=${store}`,
    headers,
    payload: payload as never,
  });

describe('who may open the webhooks', () => {
  it('every route: 401 anonymous, 403 staff and catalog, 200 admin', async () => {
    const first = (await call('GET', '', who.admin)).body.result.items[0];
    const routes: [method: 'GET' | 'POST', url: string, payload?: () => unknown][] = [
      ['GET', ''],
      ['POST', '', () => ({ url: `https://role-${Math.random()}.example.lt/h`, events: ['order.created'] })],
      ['GET', `/${first.id}`],
      [
        'POST',
        `/${first.id}`,
        async () => ({
          url: envHook.url,
          events: [...first.events],
          active: true,
          version: (await call('GET', `/${first.id}`, who.admin)).body.result.endpoint.version,
        }),
      ],
      ['POST', `/${first.id}/test`],
    ];
    for (const [method, url, payload] of routes)
      for (const [role, status] of [
        ['anonymous', 401],
        ['staff', 403],
        ['catalog', 403],
        ['admin', 200],
      ] as const) {
        const r = await call(
          method,
          url,
          who[role],
          payload ? await payload() : method === 'POST' ? {} : undefined,
        );
        expect(r.status, `${method} ${url} as ${role}: ${JSON.stringify(r.body)}`).toBe(status);
      }
  });
});

describe('endpoints', () => {
  it('WEBHOOK_URLS and WEBHOOK_SECRET made the first endpoint, with every event, once', async () => {
    const list = (await call('GET', '', who.admin)).body.result;
    const fromEnv = list.items.filter((e: { url: string }) => e.url === envHook.url);
    expect(fromEnv).toHaveLength(1);
    expect(fromEnv[0]).toMatchObject({
      active: true,
      created_by: 'environment',
      secret_hint: `…${ENV_SECRET.slice(-4)}`,
    });
    expect(fromEnv[0].events).toEqual(list.events);
    // another process starting with the same environment makes nothing more
    await new WebhookDispatcher(
      api.database,
      loadApiConfig(env()).webhooks,
      quiet,
      undefined,
    ).ensureDefaults();
    const again = (await call('GET', '', who.admin)).body.result.items.filter(
      (e: { url: string }) => e.url === envHook.url,
    );
    expect(again).toHaveLength(1);
  });

  it('a new endpoint: the secret is shown once, stored encrypted; a test event is signed with it; a 500 is logged and retried', async () => {
    const hook = await receiver([500]);
    try {
      const made = await call('POST', '', who.admin, {
        url: hook.url,
        events: ['order.paid'],
        description: 'ERP',
      });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const { endpoint, secret } = made.body.result as {
        endpoint: { id: number; version: number; secret_hint: string };
        secret: string;
      };
      expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{40,}$/);
      expect(endpoint.secret_hint).toBe(`…${secret.slice(-4)}`);
      // never shown again, never stored as it is
      const opened = await call('GET', `/${endpoint.id}`, who.admin);
      expect(JSON.stringify(opened.body)).not.toContain(secret);
      const [stored] = await api.database.query<{ secret_encrypted: string }>(
        'SELECT secret_encrypted FROM webhook_endpoints WHERE id = $1',
        [endpoint.id],
      );
      expect(stored!.secret_encrypted).not.toContain(secret);
      expect(stored!.secret_encrypted.startsWith('v1.')).toBe(true);
      const audit = await api.database.query<{ details: unknown }>(
        "SELECT details FROM staff_audit_log WHERE action LIKE 'webhook.%'",
      );
      expect(JSON.stringify(audit)).not.toContain(secret);

      const envTests = () => envHook.received.filter((r) => r.body.includes('webhook.test')).length;
      const envTestsBefore = envTests();
      // send a test: the receiver answers 500 the first time; the log says so
      const test = await call('POST', `/${endpoint.id}/test`, who.admin, {});
      expect(test.status, JSON.stringify(test.body)).toBe(200);
      expect(test.body.result).toMatchObject({
        event_type: 'webhook.test',
        status: 'pending',
        attempts: 1,
        last_status: 500,
      });
      expect(test.body.result.last_error).toContain('receiver is down');
      expect(hook.received).toHaveLength(1);
      expect(verifies(hook.received[0]!.headers, hook.received[0]!.body, secret)).toBe(true);
      expect(verifies(hook.received[0]!.headers, hook.received[0]!.body, ENV_SECRET)).toBe(false);
      expect(JSON.parse(hook.received[0]!.body)).toMatchObject({
        type: 'webhook.test',
        data: { test: true },
      });
      // the test went to this endpoint alone
      expect(envTests()).toBe(envTestsBefore);

      // retry: sent again now, delivered, recorded
      const retried = await call(
        'POST',
        `/${endpoint.id}/deliveries/${test.body.result.id}/retry`,
        who.admin,
        {},
      );
      expect(retried.status, JSON.stringify(retried.body)).toBe(200);
      expect(retried.body.result).toMatchObject({
        status: 'delivered',
        attempts: 2,
        last_status: 204,
        last_error: null,
      });
      expect(hook.received).toHaveLength(2);
      expect(hook.received[1]!.headers['vitrina-event-id']).toBe(
        hook.received[0]!.headers['vitrina-event-id'],
      );
      const log = (await call('GET', `/${endpoint.id}`, who.admin)).body.result;
      expect(log.deliveries.items[0]).toMatchObject({
        event_type: 'webhook.test',
        status: 'delivered',
        attempts: 2,
      });
      expect(log.endpoint).toMatchObject({ delivered: 1, failed: 0, pending: 0 });
      // a delivered one is not "retried"
      expect(
        (await call('POST', `/${endpoint.id}/deliveries/${test.body.result.id}/retry`, who.admin, {})).status,
      ).toBe(409);

      // an order: this endpoint chose order.paid only, so order.created goes to the environment's endpoint alone
      expect((await placeOrder(api)).status).toBe(200);
      await new WebhookDispatcher(api.database, loadApiConfig(env()).webhooks, quiet, undefined).runOnce();
      expect(hook.received).toHaveLength(2);
      expect(envHook.received.some((r) => JSON.parse(r.body).type === 'order.created')).toBe(true);
      expect(envHook.received.every((r) => verifies(r.headers, r.body, ENV_SECRET))).toBe(true);

      // a new secret: shown once, signs from now on
      const rotated = await call('POST', `/${endpoint.id}/secret`, who.admin, {
        version: log.endpoint.version,
      });
      expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
      expect(rotated.body.result.secret).not.toBe(secret);
      await call('POST', `/${endpoint.id}/test`, who.admin, {});
      expect(verifies(hook.received[2]!.headers, hook.received[2]!.body, rotated.body.result.secret)).toBe(
        true,
      );
    } finally {
      await hook.close();
    }
  });

  it('refuses a bad address, no events, a taken address and a stale form, naming the field (lt and en)', async () => {
    const bad = await call('POST', '', who.admin, { url: 'ftp://x', events: ['order.paid'] });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('url');
    const badLt = await call('POST', '', who.admin, { url: 'nope', events: ['order.paid'] }, 'lt');
    expect(JSON.stringify(badLt.body)).toContain('Įveskite visą adresą');
    const none = await call('POST', '', who.admin, { url: 'https://a.example.lt/h', events: [] });
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.body)).toContain('events');
    const unknown = await call('POST', '', who.admin, {
      url: 'https://a.example.lt/h',
      events: ['order.exploded'],
    });
    expect(unknown.status).toBe(400);
    const taken = await call('POST', '', who.admin, { url: envHook.url, events: ['order.paid'] });
    expect(taken.status).toBe(409);
    const made = (
      await call('POST', '', who.admin, { url: 'https://b.example.lt/h', events: ['order.paid'] })
    ).body.result.endpoint;
    const input = {
      url: made.url,
      events: ['order.paid', 'order.created'],
      active: true,
      version: made.version,
    };
    expect((await call('POST', `/${made.id}`, who.admin, input)).status).toBe(200);
    const stale = await call('POST', `/${made.id}`, who.admin, { ...input, active: false });
    expect(stale.status).toBe(409);
    expect(JSON.stringify(stale.body)).toContain('Someone else saved this endpoint');
    const staleLt = await call('POST', `/${made.id}`, who.admin, { ...input, active: false }, 'lt');
    expect(JSON.stringify(staleLt.body)).toContain('Kažkas kitas išsaugojo');
  });

  it('in production an address must be https', async () => {
    const config = loadApiConfig({ ...env(), NODE_ENV: 'production' }).webhooks;
    expect(config.httpsOnly).toBe(true);
    const dispatcher = new WebhookDispatcher(api.database, config, quiet, undefined);
    const service = new WebhookEndpoints(api.database, dispatcher, config.httpsOnly);
    const actor = { staffId: null, email: 'test' };
    await expect(
      service.create(actor, {
        url: 'http://erp.example.lt/h',
        events: ['order.paid'],
        active: true,
        description: '',
      }),
    ).rejects.toMatchObject({
      statusCode: 400,
      key: 'webhooks.httpsRequired',
    });
    const made = await service.create(actor, {
      url: 'https://erp.example.lt/h',
      events: ['order.paid'],
      active: true,
      description: '',
    });
    expect(made.endpoint.url).toBe('https://erp.example.lt/h');
  });
});
