/**
 * The order as the integrations send it: the ERP's CSV export and the refund webhooks carry the whole
 * order as the JSON export and the order events do: both addresses, the pickup point, the carrier
 * and the tracking number.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { address, startApi, type TestApi } from './helpers.ts';
import { bearer } from './user-helpers.ts';

let api: TestApi;
let cookie: string;
beforeAll(async () => {
  api = await startApi({ MAIL_OUTBOX_INTERVAL_MS: '0', WEBHOOK_INTERVAL_MS: '0' });
  cookie = (await api.staff()).cookie;
  await api.database.query("UPDATE stock SET qty = 100, is_in_stock = true WHERE sku = 'PHN-2001'");
});
afterAll(async () => api?.close());

const staff = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  api.call({
    method,
    url: `/vsbridge/staff${url}${url.includes('?') ? '&' : '?'}storeCode=en`,
    headers: { cookie },
    ...(payload ? { payload } : {}),
  });

/** a parcel-locker order paid by bank transfer, confirmed and shipped with a tracking number */
async function shippedLockerOrder() {
  const shippingAddress = { ...address(), street: [], city: 'Vilnius', postcode: 'LT-07150' };
  const r = await api.call({
    method: 'POST',
    url: '/vsbridge/order/create?storeCode=lt',
    payload: {
      cart_id: `offline-${randomBytes(8).toString('hex')}`,
      products: [{ sku: 'PHN-2001', qty: 1 }],
      addressInformation: {
        shippingAddress,
        billingAddress: address({ city: 'Kaunas' }),
        shipping_method_code: 'omniva',
        shipping_carrier_code: 'omniva',
        pickup_point_id: 'omniva-LT-1',
        payment_method_code: 'banktransfer',
      },
      personalDetails: { firstName: 'Ona', lastName: 'Onaitė', emailAddress: 'ona@example.com' },
      idempotency_key: `whole-${randomBytes(8).toString('hex')}`,
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const number = r.body.result.orderNumber as string;
  const [row] = await api.database.query<{ id: number; grand_total: number }>(
    'SELECT id, grand_total FROM orders WHERE increment_id = $1',
    [number],
  );
  const paid = await staff('POST', `/orders/${row!.id}/payments`, {
    method: 'banktransfer',
    amountCents: row!.grand_total,
    receivedOn: '2026-11-22',
    reference: number,
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  for (const action of [
    { action: 'confirm' },
    { action: 'ship', carrier: 'Omniva', trackingNumber: 'CC123456789EE' },
  ]) {
    const t = await api.call({
      method: 'POST',
      url: `/vsbridge/admin/orders/${number}/transition`,
      headers: { cookie },
      payload: action,
    });
    expect(t.status, JSON.stringify(t.body)).toBe(200);
  }
  return { id: row!.id, number };
}

/** one CSV line's fields (RFC 4180 quoting) */
function csvFields(line: string): string[] {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      out.push(field);
      field = '';
    } else field += c;
  }
  out.push(field);
  return out;
}

describe('the whole order in the integrations', () => {
  it('the CSV export has the delivery address, the pickup point, the carrier and the tracking number', async () => {
    const o = await shippedLockerOrder();
    await api.database.query(
      "UPDATE orders SET created_at = now() - interval '1 hour', updated_at = now() - interval '1 hour'",
    );
    const r = await api.call({ url: '/vsbridge/admin/orders?format=csv', headers: bearer(api.adminToken) });
    expect(r.status).toBe(200);
    const [header, ...lines] = r.res.body.trim().split('\r\n');
    const columns = csvFields(header!);
    const line = lines.find((l) => l.includes(o.number))!;
    expect(line).toBeDefined();
    const value = (name: string) => csvFields(line)[columns.indexOf(name)];
    expect(value('shipping_city')).toBe('Vilnius');
    expect(value('billing_city')).toBe('Kaunas');
    expect(value('is_pickup')).toBe('1');
    expect(value('pickup_point_id')).toBe('omniva-LT-1');
    expect(value('pickup_point_name')).toBe('Vilnius Akropolis');
    expect(value('carrier')).toBe('Omniva');
    expect(value('tracking_number')).toBe('CC123456789EE');
    // the older columns keep their places
    expect(columns.slice(0, 3)).toEqual(['order_id', 'increment_id', 'created_at']);
    expect(columns.indexOf('line_tax_percent')).toBeLessThan(columns.indexOf('shipping_firstname'));
  });

  it('a refund event carries the whole order too', async () => {
    const o = await shippedLockerOrder();
    const detail = (await staff('GET', `/orders/${o.id}`)).body.result;
    const r = await staff('POST', `/orders/${o.id}/refunds`, {
      lines: [{ lineId: detail.lines[0].id, qty: 1 }],
      shipping: true,
      reason: 'Grąžinta',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [event] = await api.database.query<{
      payload: { order: Record<string, unknown>; refund: Record<string, unknown> };
    }>("SELECT payload FROM order_events WHERE order_id = $1 AND type = 'refund.created'", [o.id]);
    expect(event!.payload.refund).toMatchObject({ status: 'pending' });
    expect(event!.payload.order).toMatchObject({
      incrementId: o.number,
      isPickup: true,
      pickupPoint: { id: 'omniva-LT-1' },
      carrier: 'Omniva',
      trackingNumber: 'CC123456789EE',
      shippingAddress: expect.objectContaining({ city: 'Vilnius' }),
      billingAddress: expect.objectContaining({ city: 'Kaunas' }),
      shippingMethod: 'omniva_omniva',
      paymentMethod: 'banktransfer',
    });
  });
});
