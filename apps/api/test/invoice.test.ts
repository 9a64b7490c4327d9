/**
 * VAT invoices: a PDF with the seller of the settings, the buyer (a company
 * here), the lines with their grade, VAT by rate and the order's totals to the cent, in the order's
 * language; numbers from a gap-free series, one per order; who may download it.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPrice, vatByRate } from '@vitrina/domain';
import { address, startApi, type TestApi } from './helpers.ts';
import { bearer, customer } from './user-helpers.ts';
import { pdfText } from './pdf-text.ts';

const SELLER = {
  SHOP_COMPANY_NAME: 'UAB „Vitrina“ Šiaurės skyrius',
  SHOP_COMPANY_CODE: '305000111',
  SHOP_VAT_CODE: 'LT100012345611',
  SHOP_ADDRESS: 'Žalgirio g. 90, LT-09303 Vilnius',
  SHOP_PHONE: '+370 5 200 0000',
  SHOP_EMAIL: 'saskaitos@vitrina.example',
  SHOP_BANK_NAME: 'AB SEB bankas',
  SHOP_IBAN: 'LT97 7044 0600 0000 0001',
};

let api: TestApi;
beforeAll(async () => {
  api = await startApi({ ...SELLER, PAYMENT_SANDBOX: 'true' });
  await api.database.query(
    `INSERT INTO payment_methods (code, title, is_server_method, offline, allowed_for_virtual, position)
     VALUES ('NEOPAY', '{"en":"Bank payment (NEOPAY)"}'::jsonb, true, false, true, 10) ON CONFLICT (code) DO NOTHING`,
  );
  await api.database.query("UPDATE stock SET qty = 100, is_in_stock = true WHERE sku IN ('PHN-2001', 'MBA-7000-A')");
});
afterAll(async () => api?.close());

type Placed = { orderNumber: string; orderToken: string; grand_total: number; tax_amount: number; [k: string]: unknown };

async function place(opts: { store?: string; token?: string; payment?: string; company?: boolean; skus?: [string, number][] } = {}): Promise<Placed> {
  const billing = address(
    opts.company
      ? { company: 'UAB „Žąsų ūkis“', company_code: '123456789', vat_id: 'LT123456789012', firstname: 'Ona', lastname: 'Onaitė' }
      : { firstname: 'Ona', lastname: 'Onaitė' },
  );
  const r = await api.call({
    method: 'POST',
    url: `/vsbridge/order/create?storeCode=${opts.store ?? 'lt'}`,
    headers: opts.token ? bearer(opts.token) : {},
    payload: {
      cart_id: `offline-${randomBytes(8).toString('hex')}`,
      products: (opts.skus ?? [['PHN-2001', 2], ['MBA-7000-A', 1]]).map(([sku, qty]) => ({ sku, qty })),
      addressInformation: {
        shippingAddress: address(),
        billingAddress: billing,
        shipping_method_code: 'courier',
        shipping_carrier_code: 'courier',
        payment_method_code: opts.payment ?? 'cashondelivery',
      },
      personalDetails: { firstName: 'Ona', lastName: 'Onaitė', emailAddress: 'ona@example.com' },
      idempotency_key: `inv-${randomBytes(8).toString('hex')}`,
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const placed = r.body.result as Placed;
  // a cash-on-delivery order is invoiced at handover (domain invoiceDue): shipped first
  if ((opts.payment ?? 'cashondelivery') === 'cashondelivery')
    for (const body of [{ action: 'confirm' }, { action: 'ship', carrier: 'omniva', trackingNumber: 'CC1EE' }]) {
      const moved = await api.call({ method: 'POST', url: `/vsbridge/admin/orders/${placed.orderNumber}/transition`, headers: await api.staff(), payload: body });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
  return placed;
}

const guestUrl = (o: Placed, token = o.orderToken) =>
  `/vsbridge/order/invoice?number=${o.orderNumber}&orderToken=${encodeURIComponent(token)}`;

async function download(url: string, headers: Record<string, string> = {}) {
  const r = await api.call({ url, headers });
  expect(r.status, String(r.body)).toBe(200);
  expect(r.res.headers['content-type']).toBe('application/pdf');
  return { number: String(r.res.headers['x-invoice-number']), text: await pdfText(r.res.rawPayload), res: r.res };
}

/** the amount printed right after a label (the totals are "label", then "amount") */
function amountAfter(text: string, label: string): string | undefined {
  const lines = text.split('\n').map((l) => l.trim()).filter(Boolean);
  const at = lines.findIndex((l) => l === label);
  return at === -1 ? undefined : lines[at + 1];
}

describe('VAT invoice PDF', () => {
  it('carries the seller, the company buyer, the graded lines and the order totals to the cent (lt)', async () => {
    const order = await place({ company: true });
    const { number, text, res } = await download(guestUrl(order));
    expect(number).toMatch(/^VIT-\d{6}$/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${number}.pdf"`);
    expect(text).toContain('PVM sąskaita faktūra');
    expect(text).toContain(number);
    // seller from the settings, Lithuanian letters intact
    for (const v of [SELLER.SHOP_COMPANY_NAME, SELLER.SHOP_COMPANY_CODE, SELLER.SHOP_VAT_CODE, SELLER.SHOP_ADDRESS, SELLER.SHOP_BANK_NAME])
      expect(text).toContain(v);
    expect(text).toContain('LT97 7044 0600 0000 0001');
    // the buyer: a legal person
    expect(text).toContain('UAB „Žąsų ūkis“');
    expect(text).toContain('Įmonės kodas: 123456789');
    expect(text).toContain('PVM mokėtojo kodas: LT123456789012');
    // the lines, a graded one with its grade
    expect(text).toContain('Būklė: A+');
    expect(text).toContain('MBA-7000-A');
    // the order's own amounts, as the order answered them
    expect(amountAfter(text, 'Iš viso su PVM')).toBe(formatPrice(order.grand_total, 'lt').replace(/\u00a0/g, ' '));
    expect(amountAfter(text, 'PVM iš viso')).toBe(formatPrice(order.tax_amount, 'lt').replace(/\u00a0/g, ' '));
    expect(amountAfter(text, 'Iš viso be PVM')).toBe(
      formatPrice(order.grand_total - order.tax_amount, 'lt').replace(/\u00a0/g, ' '),
    );
    // VAT by rate adds up to the order's VAT (one rate here: 21 %)
    const stored = await api.database.query<{ row_total_incl_tax: number; tax_percent: number }>(
      'SELECT row_total_incl_tax, tax_percent FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.increment_id = $1',
      [order.orderNumber],
    );
    const shares = vatByRate(
      stored.map((s) => ({ row_total_incl_tax: s.row_total_incl_tax, tax_rate_percent: s.tax_percent })),
      Number(order.discount_amount),
      Number(order.shipping_incl_tax) + Number(order.payment_fee),
      21,
    );
    expect(shares.reduce((s, r) => s + r.vat, 0)).toBe(order.tax_amount);
    expect(shares.reduce((s, r) => s + r.gross, 0)).toBe(order.grand_total);
    expect(text).toContain('21 %');
  });

  it('is in the order’s language: Russian and English', async () => {
    const ru = await download(guestUrl(await place({ store: 'ru' })));
    expect(ru.text).toContain('Счёт-фактура НДС');
    expect(ru.text).toContain('Итого с НДС');
    expect(ru.text).toContain('Ona Onaitė');
    const en = await download(guestUrl(await place({ store: 'en' })));
    expect(en.text).toContain('VAT invoice');
    expect(en.text).toContain('Condition: A+');
  });

  it('a bilingual document writes its amounts the Lithuanian way (the Lithuanian text prevails) and keeps the IBAN whole', async () => {
    const order = await place({ store: 'en', skus: [['MBA-7000-A', 1], ['PHN-2001', 4]] });
    const en = await download(guestUrl(order));
    const lt = (cents: number) => formatPrice(cents, 'lt').replace(/\u00a0/g, ' ');
    // 1 000 € and more: "1 092,00 €", never "1,092.00 €"
    expect(order.grand_total).toBeGreaterThan(100_000);
    expect(en.text).toContain(lt(order.grand_total));
    expect(en.text).not.toContain(formatPrice(order.grand_total, 'en'));
    // on one line of the PDF, never "LT97 7044 0600 0000" and "0001" below it
    expect(en.text.split('\n').some((l) => l.trim().endsWith('LT97 7044 0600 0000 0001'))).toBe(true);
    // its credit note names itself so in English too, and says nothing of the order being paid
    const { cookie } = await api.staff();
    const [row] = await api.database.query<{ id: number }>('SELECT id FROM orders WHERE increment_id = $1', [order.orderNumber]);
    const staff = (url: string, payload: Record<string, unknown>) => api.call({ method: 'POST', url: `/vsbridge/staff${url}`, headers: { cookie }, payload });
    const today = new Date().toISOString().slice(0, 10);
    expect((await staff(`/orders/${row!.id}/payments`, { method: 'cashondelivery', amountCents: order.grand_total, receivedOn: today })).status).toBe(200);
    const refunded = await staff(`/orders/${row!.id}/refunds`, { amountCents: 1000, reason: 'Kainos skirtumas' });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    const note = await download(`/vsbridge/staff/orders/${row!.id}/credit-notes/${refunded.body.result.creditNote}`, { cookie });
    expect(note.text).toContain('Serija ir numeris / Credit note number');
    expect(note.text).toContain('This credit note was issued electronically');
    expect(note.text).not.toContain('Apmokėta');
    expect(note.text).toContain(lt(-1000));
  });

  it('numbers invoices once per order, from a series without gaps', async () => {
    const a = await place();
    const b = await place();
    const first = await download(guestUrl(a));
    const again = await download(guestUrl(a));
    expect(again.number).toBe(first.number);
    // two first downloads at once still make one invoice
    const [x, y] = await Promise.all([download(guestUrl(b)), download(guestUrl(b))]);
    expect(x.number).toBe(y.number);
    expect(Number(x.number.slice(4))).toBe(Number(first.number.slice(4)) + 1);
    const all = await api.database.query<{ number: string }>('SELECT number FROM invoices ORDER BY number');
    const ns = all.map((r) => Number(r.number.slice(4)));
    expect(ns).toEqual(ns.map((_, i) => i + 1));
  });

  it('refuses an order paid online before it is paid (409), with no number used', async () => {
    const before = await api.database.query<{ n: number }>('SELECT count(*)::int AS n FROM invoices');
    const order = await place({ payment: 'NEOPAY' });
    const r = await api.call(guestUrl(order));
    expect(r.status).toBe(409);
    expect(r.body.code).toBe(409);
    const after = await api.database.query<{ n: number }>('SELECT count(*)::int AS n FROM invoices');
    expect(after[0]!.n).toBe(before[0]!.n);
  });
});

describe('who may download an invoice', () => {
  it('a wrong order token or an unknown number: 404', async () => {
    const order = await place();
    expect((await api.call(guestUrl(order, `${order.orderToken.slice(0, -2)}xx`))).status).toBe(404);
    expect((await api.call(guestUrl({ ...order, orderNumber: '999999999' }))).status).toBe(404);
  });

  it('the customer downloads their own order’s; another customer gets 404; no token 401', async () => {
    const owner = await customer(api, 'inv-owner');
    const other = await customer(api, 'inv-other');
    const order = await place({ token: owner.accessToken });
    const url = `/vsbridge/user/order-invoice?number=${order.orderNumber}`;
    const mine = await download(url, bearer(owner.accessToken));
    expect(mine.text).toContain(order.orderNumber);
    const theirs = await api.call({ url, headers: bearer(other.accessToken) });
    expect(theirs.status).toBe(404);
    expect(theirs.res.headers['content-type']).toContain('json');
    expect((await api.call(url)).status).toBe(401);
  });

  it('staff with a staff session; without one 401, ADMIN_TOKEN too', async () => {
    const order = await place();
    const url = `/vsbridge/admin/orders/${order.orderNumber}/invoice`;
    expect((await api.call(url)).status).toBe(401);
    expect((await api.call({ url, headers: bearer('wrong-token-wrong-token') })).status).toBe(401);
    expect((await api.call({ url, headers: bearer(api.adminToken) })).status).toBe(401);
    const staff = await download(url, await api.staff());
    expect(staff.text).toContain(order.orderNumber);
  });
});
