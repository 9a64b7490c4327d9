/**
 * Signed order webhooks: against a local receiver that fails twice and then
 * succeeds, each order event arrives, its signature verifies, and the receiver can deduplicate by id;
 * the failures never touch the order; two dispatchers never send one delivery at once; a receiver
 * that never answers 2xx is given up after WEBHOOK_MAX_ATTEMPTS.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadApiConfig } from '../src/index.ts';
import { WEBHOOK_EVENT_TYPES } from '@vitrina/domain';
import { WebhookDispatcher, webhookBackoffMs } from '../src/integration/webhooks.ts';
import { encryptWebhookSecret } from '../src/integration/webhook-secrets.ts';
import { startApi, type TestApi } from './helpers.ts';
import { placeOrder } from './user-helpers.ts';

const SECRET = 'whsec-test-0123456789abcdef';

type Received = { headers: IncomingHttpHeaders; body: string };

/** a receiver: answers 500 to its first `failFirst` requests, then 204 */
async function receiver(failFirst: number) {
  const received: Received[] = [];
  let calls = 0;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      calls++;
      received.push({ headers: req.headers, body });
      res.statusCode = calls <= failFirst ? 500 : 204;
      res.end(calls <= failFirst ? 'down for maintenance' : undefined);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** what a receiver does (the snippet of docs/integration.md): verify the signature over "<timestamp>.<body>" */
function verify(headers: IncomingHttpHeaders, body: string, secret: string): boolean {
  const timestamp = String(headers['vitrina-timestamp'] ?? '');
  const given = String(headers['vitrina-signature'] ?? '');
  const expected = `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

let api: TestApi;
let hook: Awaited<ReturnType<typeof receiver>>;
let env: Record<string, string>;
beforeAll(async () => {
  hook = await receiver(2);
  env = { WEBHOOK_URLS: hook.url, WEBHOOK_SECRET: SECRET, WEBHOOK_INTERVAL_MS: '0', MAIL_OUTBOX_INTERVAL_MS: '0' };
  api = await startApi(env);
  await api.database.query("UPDATE stock SET qty = 100, is_in_stock = true WHERE sku = 'PHN-2001'");
});
afterAll(async () => {
  await api?.close();
  await hook?.close();
});

const dispatcher = (over: Record<string, string> = {}) =>
  new WebhookDispatcher(api.database, loadApiConfig({ ...env, ...over }).webhooks, quiet, undefined);

describe('order webhooks', () => {
  it('delivers every event, signed, at least once through two failures; the receiver dedupes by id', async () => {
    const placed = await placeOrder(api);
    expect(placed.status).toBe(200);
    const number = placed.body.result.orderNumber as string;
    const staff = await api.staff();
    const act = (action: string, more: Record<string, unknown> = {}) =>
      api.call({ method: 'POST', url: `/vsbridge/admin/orders/${number}/transition`, headers: staff, payload: { action, ...more } });
    const confirmed = await act('confirm');
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const cancelled = await act('cancel', { reason: 'Out of stock at the supplier' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const events = await api.database.query<{ id: string; type: string }>(
      'SELECT e.id, e.type FROM order_events e JOIN orders o ON o.id = e.order_id WHERE o.increment_id = $1 ORDER BY e.seq',
      [number],
    );
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['order.created', 'order.cancelled']));

    const d = dispatcher();
    // first run, on the database's clock: every event is due at once; the receiver refuses two
    expect(await d.runOnce()).toBe(events.length);
    // retries, each run pretending the backoff has passed
    for (let i = 1; i <= 5; i++) await d.runOnce(later(i * 120));

    const byId = new Map<string, Received>();
    for (const r of hook.received) {
      expect(verify(r.headers, r.body, SECRET)).toBe(true);
      expect(verify(r.headers, r.body, 'another-secret-0123456789')).toBe(false);
      const body = JSON.parse(r.body) as { id: string; type: string; data: { order: { incrementId: string } } };
      expect(r.headers['vitrina-event-id']).toBe(body.id);
      expect(r.headers['vitrina-event-type']).toBe(body.type);
      expect(r.headers['content-type']).toBe('application/json');
      expect(body.data.order.incrementId).toBe(number);
      // the whole order travels with each event: addresses, delivery, pickup point
      const order = (JSON.parse(r.body) as { data: { order: Record<string, unknown> } }).data.order;
      expect(order).toMatchObject({ isPickup: false, pickupPoint: null, shippingMethod: expect.any(String), paymentMethod: expect.any(String) });
      expect(order.email).toMatch(/@/);
      expect(order.shippingAddress).toMatchObject({ city: expect.any(String) });
      expect(order.billingAddress).toMatchObject({ city: expect.any(String) });
      byId.set(body.id, r);
    }
    // two refused requests were sent again: more requests than events, every event once after dedupe
    expect(hook.received.length).toBe(events.length + 2);
    expect([...byId.keys()].sort()).toEqual(events.map((e) => e.id).sort());
    const rowsLeft = await api.database.query<{ status: string; n: number }>(
      'SELECT status, count(*)::int AS n FROM webhook_deliveries GROUP BY status',
    );
    expect(rowsLeft).toEqual([{ status: 'delivered', n: events.length }]);
    // the order went on regardless of the receiver
    const order = await api.database.query<{ status: string }>('SELECT status FROM orders WHERE increment_id = $1', [number]);
    expect(order[0]!.status).toBe('cancelled');
  });

  it('two dispatchers at once never send one delivery twice', async () => {
    const before = hook.received.length;
    expect((await placeOrder(api)).status).toBe(200);
    const [a, b] = [dispatcher(), dispatcher()];
    const sent = await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
    expect(sent.reduce((s, n) => s + n, 0)).toBe(1);
    expect(hook.received.length).toBe(before + 1);
  });

  it('gives a delivery up after WEBHOOK_MAX_ATTEMPTS and backs off exponentially', async () => {
    expect([1, 2, 3, 4].map(webhookBackoffMs)).toEqual([10_000, 20_000, 40_000, 80_000]);
    expect(webhookBackoffMs(30)).toBe(3_600_000);
    const dead = await receiver(1000);
    try {
      const d = dispatcher({ WEBHOOK_MAX_ATTEMPTS: '3' });
      // a second endpoint (as the back office makes one), whose receiver never answers 2xx
      await api.database.query(
        `INSERT INTO webhook_endpoints (url, events, secret_encrypted, secret_hint, created_by)
         VALUES ($1, $2::jsonb, $3, 'test', 'test')`,
        [dead.url, JSON.stringify(WEBHOOK_EVENT_TYPES), encryptWebhookSecret(await d.secretKey(), SECRET)],
      );
      expect((await placeOrder(api)).status).toBe(200);
      for (let i = 0; i < 5; i++) await d.runOnce(later(i * 120));
      expect(dead.received).toHaveLength(3);
      const [row] = await api.database.query<{ status: string; attempts: number; last_status: number; last_error: string }>(
        'SELECT status, attempts, last_status, last_error FROM webhook_deliveries WHERE url = $1',
        [dead.url],
      );
      expect(row).toMatchObject({ status: 'failed', attempts: 3, last_status: 500 });
      expect(row!.last_error).toContain('down for maintenance');
    } finally {
      await dead.close();
    }
  });
});
