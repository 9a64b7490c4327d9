import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, migrate, readMigrations } from '../src/index.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing.ts';

/** migration 0011 on a shop that already has orders: history, stock and pickup backfilled */
describe('migration 0011_order_lifecycle on existing orders', () => {
  let database: TestDatabase;
  let before: string;
  beforeAll(async () => {
    database = await createTestDatabase({ empty: true });
    before = mkdtempSync(path.join(tmpdir(), 'migrations-before-0011-'));
    for (const m of readMigrations(MIGRATIONS_DIR).filter((m) => m.name < '0011'))
      cpSync(path.join(MIGRATIONS_DIR, `${m.name}.sql`), path.join(before, `${m.name}.sql`));
  });
  afterAll(async () => {
    await database?.dispose();
    rmSync(before, { recursive: true, force: true });
  });

  it('keeps the rows and records what is known of them', async () => {
    await migrate(database, { dir: before });
    await database.query(
      `INSERT INTO shipping_methods (code, carrier_code, method_code, title, price_cents, countries)
       VALUES ('storepickup_storepickup', 'storepickup', 'storepickup', '{"lt":"a","en":"a","ru":"a"}', 0, '{LT}')`,
    );
    const order = (n: string, status: string, payment: string, extra: Record<string, unknown> = {}) =>
      database.query(
        `INSERT INTO orders (increment_id, order_token, store_code, status, payment_status, email, personal_details,
           shipping_address, billing_address, shipping_method_code, payment_method_code, subtotal_incl_tax,
           shipping_incl_tax, tax_amount, grand_total, cancel_reason)
         VALUES ($1, $1, 'lt', $2, $3, 'a@example.com', '{}', $4::jsonb, '{}', $5, 'NEOPAY', 100, 0, 17, 100, $6)`,
        [
          n,
          status,
          payment,
          JSON.stringify(extra.address ?? {}),
          extra.method ?? 'courier_courier',
          extra.reason ?? null,
        ],
      );
    await order('1', 'new', 'pending');
    await order('2', 'cancelled', 'cancelled', { reason: 'payment_timeout' });
    await order('3', 'cancelled', 'failed', { address: { pickup_point: { id: 'P1' } } });
    await order('4', 'paid', 'paid', { method: 'storepickup_storepickup' });
    const r = await migrate(database);
    expect(r.applied).toContain('0011_order_lifecycle');
    const rows = await database.query<Record<string, unknown>>(
      `SELECT increment_id, cancelled_by, stock_returned_at IS NOT NULL AS returned, is_pickup FROM orders ORDER BY increment_id`,
    );
    expect(rows).toEqual([
      { increment_id: '1', cancelled_by: null, returned: false, is_pickup: false },
      { increment_id: '2', cancelled_by: 'payment_timeout', returned: true, is_pickup: false },
      { increment_id: '3', cancelled_by: 'payment', returned: true, is_pickup: true },
      { increment_id: '4', cancelled_by: null, returned: false, is_pickup: true },
    ]);
    const history = await database.query<{ increment_id: string; action: string; to_status: string }>(
      `SELECT o.increment_id, h.action, h.to_status FROM order_status_history h JOIN orders o ON o.id = h.order_id
       ORDER BY o.increment_id, h.id`,
    );
    expect(history.map((h) => `${h.increment_id}:${h.action}:${h.to_status}`)).toEqual([
      '1:placed:new',
      '2:placed:new',
      '2:recorded:cancelled',
      '3:placed:new',
      '3:recorded:cancelled',
      '4:placed:new',
      '4:recorded:paid',
    ]);
    const [event] = await database.query<{ id: string; seq: number }>(
      `INSERT INTO order_events (type, order_id, payload) VALUES ('order.created', 1, '{}') RETURNING id, seq`,
    );
    expect(event?.id).toMatch(/^[0-9a-f-]{36}$/);
  });
});
