/**
 * The ERP's orders export: admin token only; JSON and CSV
 * with lines and totals; stable cursor paging by id or by change time; CSV safely escaped.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { address, startApi, type TestApi } from './helpers.ts';
import { bearer } from './user-helpers.ts';

let api: TestApi;
const numbers: string[] = [];
beforeAll(async () => {
  api = await startApi({ MAIL_OUTBOX_INTERVAL_MS: '0' });
  await api.database.query("UPDATE stock SET qty = 100, is_in_stock = true WHERE sku IN ('PHN-2001', 'ACC-3001')");
  for (let i = 0; i < 5; i++) {
    const r = await api.call({
      method: 'POST',
      url: '/vsbridge/order/create?storeCode=lt',
      payload: {
        cart_id: `offline-${randomBytes(8).toString('hex')}`,
        products: [
          { sku: 'PHN-2001', qty: 1 },
          { sku: 'ACC-3001', qty: i + 1 },
        ],
        addressInformation: {
          // a hostile company name: a formula, a quote, a comma and a line break
          shippingAddress: address(),
          billingAddress: address({ company: i === 0 ? '=HYPERLINK("http://x",",")\nUAB' : 'UAB „Ąžuolas“', company_code: '123456789' }),
          shipping_method_code: 'courier',
          shipping_carrier_code: 'courier',
          payment_method_code: 'cashondelivery',
        },
        personalDetails: { firstName: 'Jonas', lastName: 'Jonaitis', emailAddress: 'jonas@example.com' },
        idempotency_key: `exp-${randomBytes(8).toString('hex')}`,
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    numbers.push(r.body.result.orderNumber);
  }
  // settled: older than the export's hold-back window
  await api.database.query("UPDATE orders SET created_at = now() - interval '1 hour', updated_at = now() - interval '1 hour'");
});
afterAll(async () => api?.close());

const admin = () => bearer(api.adminToken);
type Page = { orders: { id: number; increment_id: string; grand_total: number; subtotal_incl_tax: number; lines: { qty: number; row_total_incl_tax: number }[] }[]; next_cursor: string; has_more: boolean };

async function page(query: string): Promise<Page> {
  const r = await api.call({ url: `/vsbridge/admin/orders${query}`, headers: admin() });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result as Page;
}

describe('orders export', () => {
  it('needs the admin token', async () => {
    expect((await api.call('/vsbridge/admin/orders')).status).toBe(401);
    expect((await api.call({ url: '/vsbridge/admin/orders', headers: bearer('a-customer-token') })).status).toBe(401);
  });

  it('pages by cursor without skipping or repeating, lines and totals included', async () => {
    const seen: string[] = [];
    let p = await page('?limit=2');
    seen.push(...p.orders.map((o) => o.increment_id));
    while (p.has_more) {
      p = await page(`?limit=2&cursor=${p.next_cursor}`);
      seen.push(...p.orders.map((o) => o.increment_id));
    }
    expect(seen).toEqual(numbers);
    // polling again from the last cursor: nothing new yet
    const again = await page(`?cursor=${p.next_cursor}`);
    expect(again.orders).toEqual([]);
    const all = await page('');
    for (const o of all.orders) {
      expect(o.lines).toHaveLength(2);
      expect(o.lines.reduce((s, l) => s + l.row_total_incl_tax, 0)).toBe(o.subtotal_incl_tax);
      // the whole order: how it is delivered and where it is
      expect(o).toMatchObject({ is_pickup: false, pickup_point: null, carrier: null, tracking_number: null });
    }
  });

  it('since=<order id> gives the later orders; since=<ISO> the ones changed since then', async () => {
    const all = await page('');
    const later = await page(`?since=${all.orders[2]!.id}`);
    expect(later.orders.map((o) => o.increment_id)).toEqual(numbers.slice(3));
    // one order changes (e.g. paid): it is the only one changed in the last ten minutes
    await api.database.query("UPDATE orders SET status = 'paid', updated_at = now() - interval '30 seconds' WHERE increment_id = $1", [numbers[1]]);
    const since = new Date(Date.now() - 10 * 60_000).toISOString();
    const changed = await page(`?since=${since}`);
    expect(changed.orders.map((o) => o.increment_id)).toEqual([numbers[1]]);
  });

  it('holds back orders of the last seconds (a transaction may still commit an older one)', async () => {
    await api.database.query("UPDATE orders SET created_at = now() WHERE increment_id = $1", [numbers[4]]);
    const all = await page('');
    expect(all.orders.map((o) => o.increment_id)).not.toContain(numbers[4]);
    await api.database.query("UPDATE orders SET created_at = now() - interval '1 hour' WHERE increment_id = $1", [numbers[4]]);
  });

  it('answers 400 naming a bad since or cursor', async () => {
    const bad = await api.call({ url: '/vsbridge/admin/orders?since=yesterday', headers: admin() });
    expect(bad.status).toBe(400);
    expect(bad.body.result).toContain('since');
    const cursor = await api.call({ url: '/vsbridge/admin/orders?cursor=bm9wZQ', headers: admin() });
    expect(cursor.status).toBe(400);
    expect(cursor.body.result).toContain('cursor');
  });

  it('CSV: one row per line, the cursor in a header, hostile text quoted and defused', async () => {
    const r = await api.call({ url: '/vsbridge/admin/orders?format=csv&limit=1', headers: admin() });
    expect(r.status).toBe(200);
    expect(String(r.res.headers['content-type'])).toBe('text/csv; charset=utf-8');
    expect(r.res.headers['x-next-cursor']).toBeTruthy();
    expect(r.res.headers['x-has-more']).toBe('true');
    const csv = r.res.body;
    const records = csv.split('\r\n').filter(Boolean);
    expect(records[0]).toMatch(/^"order_id","increment_id","created_at",/);
    // the company field: apostrophe before the formula, quotes doubled, the line break kept inside quotes
    expect(csv).toContain(`"'=HYPERLINK(""http://x"","","")\nUAB"`);
    // header + 2 lines of the first order (the record with the embedded line break spans two text lines)
    expect(csv.match(/\r\n/g)).toHaveLength(3);
    const next = await api.call({ url: `/vsbridge/admin/orders?format=csv&limit=1&cursor=${r.res.headers['x-next-cursor']}`, headers: admin() });
    expect(next.res.body).toContain('UAB „Ąžuolas“');
  });
});
