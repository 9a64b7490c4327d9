/**
 * The retention sweep (apps/api/src/legal/retention.ts, docs/legal.md) on a real database: rows older
 * than their period are deleted, younger ones stay; orders past their accounting retention keep their
 * lines, amounts and invoice but lose the buyer's data; orders within it are untouched. A second sweep
 * finds nothing. PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountingCutoff, RetentionSweeper, sweepRetention } from '../src/legal/retention.ts';
import { address, startApi, type TestApi } from './helpers.ts';
import { register, uniqueAddress, uniqueEmail } from './user-helpers.ts';

const DAY = 86_400_000;
const NOW = new Date();
const ago = (days: number) => new Date(NOW.getTime() - days * DAY).toISOString();
const PERIODS = {
  intervalMs: 0,
  cartDays: 90,
  contactDays: 365,
  newsletterDays: 30,
  stockAlertDays: 365,
  mailDays: 90,
  sessionDays: 30,
};

let api: TestApi;
beforeAll(async () => {
  api = await startApi({ RETENTION_SWEEP_INTERVAL_MS: '0' });
  await api.database.query("UPDATE stock SET qty = 100, is_in_stock = true WHERE sku = 'PHN-2001'");
});
afterAll(async () => api?.close());

const q = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  api.database.query<T>(sql, params);
const exists = async (sql: string, params: unknown[]) => (await q(sql, params)).length > 0;

async function cart(updatedDaysAgo: number): Promise<string> {
  const r = await api.call({ method: 'POST', url: '/vsbridge/cart/create?storeCode=lt' });
  const id = r.body.result as string;
  await api.call({
    method: 'POST',
    url: `/vsbridge/cart/update?cartId=${id}`,
    payload: { cartItem: { sku: 'PHN-2001', qty: 1, quoteId: id } },
  });
  await q('UPDATE carts SET updated_at = $2, shipping_address = $3::jsonb WHERE id = $1', [
    id,
    ago(updatedDaysAgo),
    JSON.stringify({ firstname: 'Ona', email: 'cart@example.com' }),
  ]);
  return id;
}

async function order(email: string, createdAt: string): Promise<number> {
  const r = await api.call({
    method: 'POST',
    url: '/vsbridge/order/create?storeCode=lt',
    remoteAddress: uniqueAddress(),
    payload: {
      cart_id: `offline-${randomBytes(8).toString('hex')}`,
      products: [{ sku: 'PHN-2001', qty: 1 }],
      addressInformation: {
        shippingAddress: address({ email }),
        billingAddress: address({ email }),
        shipping_method_code: 'courier',
        shipping_carrier_code: 'courier',
        payment_method_code: 'cashondelivery',
      },
      personalDetails: { firstName: 'Jonas', lastName: 'Jonaitis', emailAddress: email },
      idempotency_key: `key-${randomBytes(8).toString('hex')}`,
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const [row] = await q<{ id: number }>('SELECT id FROM orders WHERE increment_id = $1', [
    r.body.result.orderNumber,
  ]);
  await q('UPDATE orders SET created_at = $2 WHERE id = $1', [row!.id, createdAt]);
  return row!.id;
}

describe('the retention sweep', () => {
  it('deletes what outlived its period, keeps what did not, and anonymises orders past their accounting retention', async () => {
    const oldCart = await cart(91);
    const youngCart = await cart(89);

    await q(
      `INSERT INTO contact_messages (name, email, message, created_at) VALUES
       ('Old', 'old-contact@example.com', 'hi', $1), ('Young', 'young-contact@example.com', 'hi', $2)`,
      [ago(366), ago(364)],
    );
    await q(
      `INSERT INTO newsletter_subscribers (email, status, confirm_code, status_changed_at) VALUES
       ('nl-pending-old@example.com', 'pending', 'x1', $1), ('nl-pending-young@example.com', 'pending', 'x2', $2),
       ('nl-unsub-old@example.com', 'unsubscribed', 'x3', $1), ('nl-sub-old@example.com', 'subscribed', 'x4', $1)`,
      [ago(31), ago(29)],
    );
    const [product] = await q<{ id: number }>("SELECT id FROM products WHERE sku = 'PHN-2001'");
    await q(
      `INSERT INTO stock_notifications (email, sku, product_id, created_at, notified_at) VALUES
       ('sa-old@example.com', 'PHN-2001', $1, $2, NULL), ('sa-young@example.com', 'PHN-2001', $1, $3, NULL),
       ('sa-sent-old@example.com', 'PHN-2001', $1, $3, $4), ('sa-sent-young@example.com', 'PHN-2001', $1, $3, $5)`,
      [product!.id, ago(366), ago(100), ago(91), ago(89)],
    );
    await q(
      `INSERT INTO outbox (kind, payload, processed_at) VALUES
       ('mail.test', '{"to": "mail-old@example.com"}', $1), ('mail.test', '{"to": "mail-young@example.com"}', $2),
       ('mail.test', '{"to": "mail-unsent@example.com"}', NULL)`,
      [ago(91), ago(89)],
    );
    const customerId = (await register(api, uniqueEmail('ret'))).id;
    await q(
      `INSERT INTO refresh_tokens (customer_id, family_id, token_hash, expires_at) VALUES
       ($1, 'f', 'rt-old', $2), ($1, 'f', 'rt-young', $3)`,
      [customerId, ago(31), ago(29)],
    );
    await q(
      `INSERT INTO password_reset_tokens (customer_id, token_hash, expires_at) VALUES ($1, 'pr-old', $2), ($1, 'pr-young', $3)`,
      [customerId, ago(31), ago(29)],
    );

    // an order of the last year past its retention (placed on 31 December), and one of the first year within it
    const cutoff = accountingCutoff(NOW);
    const oldOrder = await order('old-buyer@example.com', new Date(cutoff.getTime() - 1000).toISOString());
    const keptOrder = await order('kept-buyer@example.com', cutoff.toISOString());
    // the old order was invoiced at handover
    const { cookie } = await api.staff();
    for (const payload of [
      { action: 'confirm' },
      { action: 'ship', carrier: 'omniva', trackingNumber: 'RT1EE' },
    ]) {
      const moved = await api.call({
        method: 'POST',
        url: `/vsbridge/staff/orders/${oldOrder}/transition`,
        headers: { cookie },
        payload,
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
    const invoicesBefore = await q(
      'SELECT number, order_id FROM invoices WHERE order_id = ANY($1::int[]) ORDER BY number',
      [[oldOrder, keptOrder]],
    );

    expect(invoicesBefore).toHaveLength(1);
    // (a staff login prunes expired sessions itself: these come after it)
    await q(
      `INSERT INTO staff_sessions (token_hash, staff_id, expires_at) VALUES ('ss-old', 1, $1), ('ss-young', 1, $2)`,
      [ago(31), ago(29)],
    );
    const result = await sweepRetention(api.database, PERIODS, NOW);

    expect(await exists('SELECT 1 FROM carts WHERE id = $1', [oldCart])).toBe(false);
    expect(await exists('SELECT 1 FROM cart_items WHERE cart_id = $1', [oldCart])).toBe(false);
    expect(await exists('SELECT 1 FROM carts WHERE id = $1', [youngCart])).toBe(true);
    expect(await exists('SELECT 1 FROM cart_items WHERE cart_id = $1', [youngCart])).toBe(true);

    const contacts = (await q<{ email: string }>('SELECT email FROM contact_messages ORDER BY email')).map(
      (r) => r.email,
    );
    expect(contacts).toContain('young-contact@example.com');
    expect(contacts).not.toContain('old-contact@example.com');

    const newsletter = (
      await q<{ email: string }>(
        "SELECT email FROM newsletter_subscribers WHERE email LIKE 'nl-%' ORDER BY email",
      )
    ).map((r) => r.email);
    expect(newsletter).toEqual(['nl-pending-young@example.com', 'nl-sub-old@example.com']);

    const alerts = (
      await q<{ email: string }>(
        "SELECT email FROM stock_notifications WHERE email LIKE 'sa-%' ORDER BY email",
      )
    ).map((r) => r.email);
    expect(alerts).toEqual(['sa-sent-young@example.com', 'sa-young@example.com']);

    const mails = (
      await q<{ to: string }>("SELECT payload->>'to' AS to FROM outbox WHERE kind = 'mail.test' ORDER BY id")
    ).map((r) => r.to);
    expect(mails).toEqual(['mail-young@example.com', 'mail-unsent@example.com']);

    expect(
      (
        await q<{ token_hash: string }>('SELECT token_hash FROM refresh_tokens WHERE customer_id = $1', [
          customerId,
        ])
      ).map((r) => r.token_hash),
    ).toEqual(['rt-young']);
    expect(
      (
        await q<{ token_hash: string }>(
          'SELECT token_hash FROM password_reset_tokens WHERE customer_id = $1',
          [customerId],
        )
      ).map((r) => r.token_hash),
    ).toEqual(['pr-young']);
    expect(
      (
        await q<{ token_hash: string }>("SELECT token_hash FROM staff_sessions WHERE token_hash LIKE 'ss-%'")
      ).map((r) => r.token_hash),
    ).toEqual(['ss-young']);

    // the old order: kept with its lines and amounts, its buyer gone from it and its events
    const [old] = await q<{
      email: string;
      billing_address: Record<string, unknown>;
      shipping_address: Record<string, unknown>;
      personal_details: Record<string, unknown>;
      grand_total: number;
    }>(
      'SELECT email, billing_address, shipping_address, personal_details, grand_total FROM orders WHERE id = $1',
      [oldOrder],
    );
    expect(old!.email).toBe(`erased-${oldOrder}@invalid`);
    expect(JSON.stringify(old)).not.toMatch(/Jonas|Jonaitis|old-buyer|\+370/);
    expect(old!.grand_total).toBeGreaterThan(0);
    expect(await exists('SELECT 1 FROM order_items WHERE order_id = $1', [oldOrder])).toBe(true);
    const events = await q<{ payload: unknown }>('SELECT payload FROM order_events WHERE order_id = $1', [
      oldOrder,
    ]);
    expect(JSON.stringify(events)).not.toContain('old-buyer@example.com');
    // the order within its retention: untouched
    const [kept] = await q<{ email: string; personal_details: Record<string, unknown> }>(
      'SELECT email, personal_details FROM orders WHERE id = $1',
      [keptOrder],
    );
    expect(kept).toMatchObject({ email: 'kept-buyer@example.com', personal_details: { firstName: 'Jonas' } });
    expect(
      await q('SELECT number, order_id FROM invoices WHERE order_id = ANY($1::int[]) ORDER BY number', [
        [oldOrder, keptOrder],
      ]),
    ).toEqual(invoicesBefore);
    expect(result).toMatchObject({
      carts: 1,
      contact_messages: 1,
      newsletter_subscribers: 2,
      stock_notifications: 2,
      outbox: 1,
      sessions: 3,
      orders_anonymised: 1,
    });

    // a second sweep finds nothing more
    const again = await sweepRetention(api.database, PERIODS, NOW);
    expect(Object.values(again).every((n) => n === 0)).toBe(true);
  });

  it('a period of 0 keeps that kind', async () => {
    await q(
      `INSERT INTO contact_messages (name, email, message, created_at) VALUES ('Keep', 'keep@example.com', 'hi', $1)`,
      [ago(4000)],
    );
    const result = await sweepRetention(api.database, { ...PERIODS, contactDays: 0 }, NOW);
    expect(result.contact_messages).toBeUndefined();
    expect(await exists("SELECT 1 FROM contact_messages WHERE email = 'keep@example.com'", [])).toBe(true);
  });

  it('runs in the API process: at start, then every interval, until stopped', async () => {
    await q(
      `INSERT INTO contact_messages (name, email, message, created_at) VALUES ('Due', 'due@example.com', 'hi', $1)`,
      [ago(400)],
    );
    const logged: object[] = [];
    const sweeper = new RetentionSweeper(
      api.database,
      { ...PERIODS, intervalMs: 50 },
      {
        error: (o) => logged.push(o),
        info: (o) => logged.push(o),
      },
    );
    sweeper.start();
    await expect
      .poll(() => exists("SELECT 1 FROM contact_messages WHERE email = 'due@example.com'", []), {
        timeout: 10_000,
      })
      .toBe(false);
    await sweeper.stop();
    // what it did is logged
    expect(
      logged.some(
        (o) => ((o as { retention?: Record<string, number> }).retention?.contact_messages ?? 0) >= 1,
      ),
    ).toBe(true);
  });
});
