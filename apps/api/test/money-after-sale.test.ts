/**
 * Money after the sale through HTTP (PGlite): the staff record a bank transfer (partial, then the
 * rest: only then is the order paid and its invoice numbered); a partial refund of lines and the
 * shipping with its credit note reconciling with the invoice; a manual refund is a to-do and the
 * customer is told "refunded" only when it is done; a sandbox-paid order is refunded in the sandbox;
 * a cancelled invoiced order gets a credit note; the credit note PDF names the invoice and the amount.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditNoteProblems, formatPrice, vatByRate, type RefundPart } from '@vitrina/domain';
import { address, startApi, type TestApi } from './helpers.ts';
import { uniqueAddress } from './user-helpers.ts';
import { runStaffCli, type StaffCliIo } from '../src/staff/cli.ts';
import { pdfText } from './pdf-text.ts';

const PASSWORD = 'staff password 123';
let api: TestApi;
let cookie = '';

beforeAll(async () => {
  api = await startApi({ PAYMENT_SANDBOX: 'true', PUBLIC_URL: 'https://shop.example' });
  await api.database.query(
    `INSERT INTO payment_methods (code, title, is_server_method, offline, allowed_for_virtual, position)
     VALUES ('NEOPAY', '{"en":"Bank payment (NEOPAY)"}'::jsonb, true, false, true, 10) ON CONFLICT (code) DO NOTHING`,
  );
  await api.database.query(
    "UPDATE stock SET qty = 100, is_in_stock = true WHERE sku IN ('PHN-2001', 'MBA-7000-A')",
  );
  const io: StaffCliIo = {
    env: {},
    cwd: process.cwd(),
    out: () => undefined,
    err: () => undefined,
    readPassword: async () => PASSWORD,
  };
  expect(await runStaffCli(['add', 'kasa@shop.lt', '--role', 'staff'], io, async () => api.database)).toBe(0);
  const r = await api.call({
    method: 'POST',
    url: '/vsbridge/staff/login?storeCode=en',
    payload: { email: 'kasa@shop.lt', password: PASSWORD },
    remoteAddress: uniqueAddress(),
  });
  expect(r.status).toBe(200);
  const raw = r.res.headers['set-cookie'];
  cookie = String(Array.isArray(raw) ? raw[0] : raw).split(';')[0]!;
});
afterAll(async () => api?.close());

type Placed = { orderNumber: string; orderToken: string; grand_total: number };

async function place(payment: string, store = 'lt', company = true): Promise<Placed & { id: number }> {
  const r = await api.call({
    method: 'POST',
    url: `/vsbridge/order/create?storeCode=${store}`,
    remoteAddress: uniqueAddress(),
    payload: {
      cart_id: `offline-${randomBytes(8).toString('hex')}`,
      products: [
        { sku: 'PHN-2001', qty: 2 },
        { sku: 'MBA-7000-A', qty: 1 },
      ],
      addressInformation: {
        shippingAddress: address(),
        billingAddress: address(
          company ? { company: 'UAB „Žąsų ūkis“', company_code: '123456789', vat_id: 'LT123456789012' } : {},
        ),
        shipping_method_code: 'courier',
        shipping_carrier_code: 'courier',
        payment_method_code: payment,
      },
      personalDetails: { firstName: 'Ona', lastName: 'Onaitė', emailAddress: 'ona@example.com' },
      idempotency_key: `money-${randomBytes(8).toString('hex')}`,
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const placed = r.body.result as Placed;
  const [row] = await api.database.query<{ id: number }>('SELECT id FROM orders WHERE increment_id = $1', [
    placed.orderNumber,
  ]);
  return { ...placed, id: row!.id };
}

const staff = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  api.call({
    method,
    url: `/vsbridge/staff${url}${url.includes('?') ? '&' : '?'}storeCode=en`,
    headers: { cookie },
    ...(payload ? { payload } : {}),
  });

/** a bank-transfer order whose whole amount the staff recorded as received */
async function placePaidByTransfer() {
  const o = await place('banktransfer');
  await staff('POST', `/orders/${o.id}/payments`, {
    method: 'banktransfer',
    amountCents: o.grand_total,
    receivedOn: '2026-11-22',
    reference: 'X',
  });
  return o;
}

const orderRow = async (id: number) =>
  (
    await api.database.query<{ status: string; payment_status: string }>(
      'SELECT status, payment_status FROM orders WHERE id = $1',
      [id],
    )
  )[0]!;
const invoiceCount = async (id: number) =>
  (
    await api.database.query<{ n: number }>('SELECT count(*)::int AS n FROM invoices WHERE order_id = $1', [
      id,
    ])
  )[0]!.n;
const mails = async (id: number) =>
  (
    await api.database.query<{ kind: string; payload: { subject: string; text: string } }>(
      "SELECT kind, payload FROM outbox WHERE (payload->>'orderId')::int = $1 ORDER BY id",
      [id],
    )
  ).map((m) => ({ kind: m.kind, subject: m.payload.subject, text: m.payload.text }));

describe('a bank transfer recorded by the staff', () => {
  it('partial: stays unpaid with paid vs due shown, no invoice number; the rest: paid, invoiced, audited', async () => {
    const o = await place('banktransfer');
    // no invoice before the money: the download is refused and no number is used
    const early = await api.call({
      url: `/vsbridge/order/invoice?number=${o.orderNumber}&orderToken=${o.orderToken}`,
    });
    expect(early.status).toBe(409);
    expect(await invoiceCount(o.id)).toBe(0);

    const part = await staff('POST', `/orders/${o.id}/payments`, {
      method: 'banktransfer',
      amountCents: 10000,
      receivedOn: '2026-11-20',
      reference: 'SEB 123',
    });
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(part.body.result.money).toMatchObject({
      paid: 10000,
      due: o.grand_total,
      outstanding: o.grand_total - 10000,
      // what the page's form offers: exactly what the route accepts, and not a cent more (below)
      recordable: o.grand_total - 10000,
    });
    expect(await orderRow(o.id)).toMatchObject({ payment_status: 'pending' });
    expect(await invoiceCount(o.id)).toBe(0);

    // more than is left: refused, naming the field; a bad date: 400 naming it
    const over = await staff('POST', `/orders/${o.id}/payments`, {
      method: 'banktransfer',
      amountCents: part.body.result.money.recordable + 1,
      receivedOn: '2026-11-21',
      reference: '',
    });
    expect(over.status).toBe(400);
    expect(JSON.stringify(over.body.errors)).toContain('amountCents');
    const badDay = await staff('POST', `/orders/${o.id}/payments`, {
      method: 'banktransfer',
      amountCents: 1,
      receivedOn: '2999-01-01',
      reference: '',
    });
    expect(badDay.status).toBe(400);
    expect(JSON.stringify(badDay.body.errors)).toContain('receivedOn');

    const rest = await staff('POST', `/orders/${o.id}/payments`, {
      method: 'banktransfer',
      amountCents: o.grand_total - 10000,
      receivedOn: '2026-11-21',
      reference: 'SEB 124',
    });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(rest.body.result.money).toMatchObject({ paid: o.grand_total, outstanding: 0, recordable: 0 });
    expect(await orderRow(o.id)).toMatchObject({ status: 'paid', payment_status: 'paid' });
    expect(rest.body.result.invoice.number).toMatch(/^VIT-\d{6}$/);
    // the date of supply: the day the money was received, not the day it was recorded
    expect(rest.body.result.invoice.supplied_on).toBe('2026-11-21');
    expect(rest.body.result.payments.map((p: { reference: string }) => p.reference)).toEqual([
      'SEB 123',
      'SEB 124',
    ]);
    const audits = await api.database.query<{ details: { amountCents: number } }>(
      "SELECT details FROM staff_audit_log WHERE action = 'order.payment_recorded' AND target = $1 ORDER BY id",
      [`order:${o.id}`],
    );
    expect(audits.map((a) => a.details.amountCents)).toEqual([10000, o.grand_total - 10000]);
    expect((await mails(o.id)).filter((m) => m.kind === 'mail.order-paid')).toHaveLength(1);
    // nothing is due any more
    expect(
      (
        await staff('POST', `/orders/${o.id}/payments`, {
          method: 'banktransfer',
          amountCents: 1,
          receivedOn: '2026-11-21',
          reference: '',
        })
      ).status,
    ).toBe(409);
  });
});

describe('a bank transfer order shipped before its money came (the company order of the finding)', () => {
  it('shipped and completed, it stays unpaid and uninvoiced until the payment is recorded', async () => {
    const o = await place('banktransfer');
    for (const body of [
      { action: 'confirm' },
      { action: 'ship', carrier: 'omniva', trackingNumber: 'CC2EE' },
      { action: 'complete' },
    ])
      expect((await staff('POST', `/orders/${o.id}/transition`, body)).status).toBe(200);
    expect(await orderRow(o.id)).toMatchObject({ status: 'completed', payment_status: 'pending' });
    expect(await invoiceCount(o.id)).toBe(0);
    const r = await staff('POST', `/orders/${o.id}/payments`, {
      method: 'banktransfer',
      amountCents: o.grand_total,
      receivedOn: '2026-11-23',
      reference: 'LT-9',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await orderRow(o.id)).toMatchObject({ status: 'completed', payment_status: 'paid' });
    expect(await invoiceCount(o.id)).toBe(1);
  });
});

describe('refunds', () => {
  it('partial (lines and shipping): a manual to-do with a credit note reconciling with the invoice; "refunded" only once done', async () => {
    const o = await placePaidByTransfer();
    const detail = (await staff('GET', `/orders/${o.id}`)).body.result;
    const phone = detail.lines.find((l: { sku: string }) => l.sku === 'PHN-2001');
    // the refund form offers every unit and the shipping before any refund
    expect(detail.refund_offer.lines[phone.id]).toBe(phone.qty);
    expect(detail.refund_offer.shipping).toBe(detail.shipping_incl_tax);
    const r = await staff('POST', `/orders/${o.id}/refunds`, {
      lines: [{ lineId: phone.id, qty: 1 }],
      shipping: true,
      reason: 'Grąžinta viena prekė',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const { refund, creditNote } = r.body.result;
    expect(refund).toMatchObject({ method: 'manual', status: 'pending' });
    expect(creditNote).toMatch(/^VITK-\d{6}$/);
    // exact: one unit of the phone (no discount here) and the shipping
    const [stored] = await api.database.query<{ shipping_incl_tax: number; price_incl_tax: number }>(
      'SELECT o.shipping_incl_tax, i.price_incl_tax FROM orders o JOIN order_items i ON i.order_id = o.id WHERE o.id = $1 AND i.sku = $2',
      [o.id, 'PHN-2001'],
    );
    expect(refund.total_cents).toBe(stored!.price_incl_tax + stored!.shipping_incl_tax);
    const parts = refund.parts as RefundPart;
    expect(parts.byRate.reduce((s, x) => s + x.gross, 0)).toBe(refund.total_cents);
    // the credit note's VAT per rate never exceeds the invoice's (the invoice: vatByRate of the order)
    const items = await api.database.query<{ row_total_incl_tax: number; tax_percent: number }>(
      'SELECT row_total_incl_tax, tax_percent FROM order_items WHERE order_id = $1',
      [o.id],
    );
    const invoiceVat = vatByRate(
      items.map((i) => ({ row_total_incl_tax: i.row_total_incl_tax, tax_rate_percent: i.tax_percent })),
      0,
      stored!.shipping_incl_tax,
      21,
    );
    expect(creditNoteProblems(invoiceVat, [parts])).toEqual([]);
    // told "we will refund", not "refunded"
    let m = await mails(o.id);
    expect(m.filter((x) => x.kind === 'mail.order-refund-decided')).toHaveLength(1);
    expect(m.find((x) => x.kind === 'mail.order-refund-decided')!.subject).toContain(
      formatPrice(refund.total_cents, 'lt'),
    );
    expect(
      m.filter((x) => x.kind === 'mail.order-refund-made' || x.kind === 'mail.order-refunded'),
    ).toHaveLength(0);
    // the order is still paid (a part went back); the form offers what is left, more is refused
    expect(await orderRow(o.id)).toMatchObject({ status: 'paid', payment_status: 'paid' });
    const after = (await staff('GET', `/orders/${o.id}`)).body.result;
    expect(after.refund_offer.lines[phone.id] ?? 0).toBe(phone.qty - 1);
    expect(after.refund_offer.shipping).toBe(0);
    const tooMany = await staff('POST', `/orders/${o.id}/refunds`, {
      lines: [{ lineId: phone.id, qty: after.refund_offer.lines[phone.id] + 1 }],
      reason: 'x',
    });
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(tooMany.body.errors)).toContain('lines');
    const tooMuch = await staff('POST', `/orders/${o.id}/refunds`, {
      amountCents: o.grand_total,
      reason: 'x',
    });
    expect(tooMuch.status).toBe(400);

    // the staff made the transfer: done, the customer told "refunded"
    const done = await staff('POST', `/orders/${o.id}/refunds/${refund.id}/done`, {
      reference: 'SEB back 1',
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.result.refund).toMatchObject({ status: 'done', reference: 'SEB back 1' });
    m = await mails(o.id);
    expect(m.filter((x) => x.kind === 'mail.order-refund-made')).toHaveLength(1);
    expect((await staff('POST', `/orders/${o.id}/refunds/${refund.id}/done`, { reference: '' })).status).toBe(
      409,
    );

    // the rest: everything paid has gone back once the second is done
    const full = await staff('POST', `/orders/${o.id}/refunds`, {
      full: true,
      reason: 'Visas užsakymas grąžintas',
    });
    expect(full.status, JSON.stringify(full.body)).toBe(200);
    expect(full.body.result.refund.total_cents).toBe(o.grand_total - refund.total_cents);
    expect(await orderRow(o.id)).toMatchObject({ status: 'refunded', payment_status: 'refund_due' });
    await staff('POST', `/orders/${o.id}/refunds/${full.body.result.refund.id}/done`, {
      reference: 'SEB back 2',
    });
    expect(await orderRow(o.id)).toMatchObject({ status: 'refunded', payment_status: 'refunded' });
    const notes = await api.database.query<{ parts: RefundPart; total_cents: number }>(
      'SELECT parts, total_cents FROM credit_notes WHERE order_id = $1 ORDER BY id',
      [o.id],
    );
    expect(notes.reduce((s, n) => s + n.total_cents, 0)).toBe(o.grand_total);
    expect(
      creditNoteProblems(
        invoiceVat,
        notes.map((n) => n.parts),
      ),
    ).toEqual([]);
    // the buyer downloads the credit note where the invoice is; the staff too; the ERP export carries it
    const first = await api.call({
      url: `/vsbridge/order/credit-note?number=${o.orderNumber}&orderToken=${o.orderToken}&note=${creditNote}`,
    });
    expect(first.status).toBe(200);
    expect(first.res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(first.res.rawPayload);
    const invoiceNumber = (await staff('GET', `/orders/${o.id}`)).body.result.invoice.number;
    expect(text).toContain('Kreditinė PVM sąskaita faktūra');
    expect(text).toContain(creditNote);
    expect(text).toContain(invoiceNumber);
    expect(text).toContain(formatPrice(-refund.total_cents, 'lt').replace(/\u00a0/g, ' '));
    expect(text).toContain('Grąžinta viena prekė');
    const byStaff = await api.call({
      url: `/vsbridge/staff/orders/${o.id}/credit-notes/${creditNote}`,
      headers: { cookie },
    });
    expect(byStaff.status).toBe(200);
    expect(
      (
        await api.call({
          url: `/vsbridge/order/credit-note?number=${o.orderNumber}&orderToken=wrong&note=${creditNote}`,
        })
      ).status,
    ).toBe(404);
    await api.database.query(
      "UPDATE orders SET updated_at = now() - interval '1 minute', created_at = now() - interval '1 minute' WHERE id = $1",
      [o.id],
    );
    const exported = await api.call({
      url: `/vsbridge/admin/orders?since=${o.id - 1}&limit=1`,
      headers: { authorization: `Bearer ${api.adminToken}` },
    });
    expect(exported.status, JSON.stringify(exported.body)).toBe(200);
    const mine = exported.body.result.orders.find(
      (x: { increment_id: string }) => x.increment_id === o.orderNumber,
    );
    expect(
      mine.credit_notes.map((n: { number: string; totalCents: number }) => [n.number, n.totalCents]),
    ).toEqual([
      [creditNote, refund.total_cents],
      [expect.stringMatching(/^VITK-/), o.grand_total - refund.total_cents],
    ]);
    const events = await api.database.query<{ type: string }>(
      "SELECT type FROM order_events WHERE order_id = $1 AND type IN ('refund.created', 'order.refunded', 'credit_note.issued') ORDER BY seq",
      [o.id],
    );
    // the buyer's order page lists them (order/pull), to download beside the invoice
    const pulled = await api.call(`/vsbridge/order/pull?number=${o.orderNumber}&orderToken=${o.orderToken}`);
    expect(pulled.body.result.credit_notes).toEqual([creditNote, expect.stringMatching(/^VITK-/)]);
    expect(events.map((e) => e.type)).toEqual([
      'credit_note.issued',
      'refund.created',
      'order.refunded',
      'credit_note.issued',
      'refund.created',
      'order.refunded',
    ]);
  });

  it('after a plain amount, the form offers only units the API accepts: each offered line refunds, one more unit is refused', async () => {
    const o = await placePaidByTransfer();
    // a goodwill refund of all but 1.00 €: no unit of a line costing more than that fits any more
    const goodwill = await staff('POST', `/orders/${o.id}/refunds`, {
      amountCents: o.grand_total - 100,
      reason: 'Kompensacija',
    });
    expect(goodwill.status, JSON.stringify(goodwill.body)).toBe(200);
    const detail = (await staff('GET', `/orders/${o.id}`)).body.result;
    expect(detail.money.refundable).toBe(100);
    for (const l of detail.lines as { id: number; qty: number; price_incl_tax: number }[]) {
      const offered: number = detail.refund_offer.lines[l.id] ?? 0;
      if (l.price_incl_tax > 100) expect(offered).toBe(0);
      const more = await staff('POST', `/orders/${o.id}/refunds`, {
        lines: [{ lineId: l.id, qty: offered + 1 }],
        reason: 'x',
      });
      expect(more.status).toBe(400);
    }
    expect(detail.refund_offer.shipping).toBe(detail.shipping_incl_tax > 100 ? 0 : detail.shipping_incl_tax);
    // the rest of the money still goes back in full
    const rest = await staff('POST', `/orders/${o.id}/refunds`, { full: true, reason: 'Grąžinta' });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(rest.body.result.refund.total_cents).toBe(100);
  });

  it('an order paid in the sandbox is refunded in the sandbox at once; the old refund action no longer claims money went back before it did', async () => {
    const o = await place('NEOPAY', 'en', false);
    const start = await api.call({ url: `/vsbridge/neopay/payment/${o.orderToken}` });
    expect(start.status).toBe(302);
    const token = String(start.res.headers.location).split('?')[1]!;
    const answer = await api.call({
      method: 'POST',
      url: '/vsbridge/payment/sandbox/neopay',
      payload: { request: token, outcome: 'paid' },
      headers: { 'content-type': 'application/json' },
    });
    expect([200, 302, 303]).toContain(answer.status);
    expect(await orderRow(o.id)).toMatchObject({ payment_status: 'paid' });
    const r = await staff('POST', `/orders/${o.id}/transition`, {
      action: 'refund',
      reason: 'Customer withdrew',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [refund] = await api.database.query<{ method: string; status: string; total_cents: number }>(
      'SELECT method, status, total_cents FROM refunds WHERE order_id = $1',
      [o.id],
    );
    expect(refund).toMatchObject({ method: 'provider', status: 'done', total_cents: o.grand_total });
    expect(await orderRow(o.id)).toMatchObject({ status: 'refunded', payment_status: 'refunded' });
    const m = await mails(o.id);
    expect(m.map((x) => x.kind)).toEqual(
      expect.arrayContaining(['mail.order-refund-decided', 'mail.order-refund-made']),
    );
    expect(m.find((x) => x.kind === 'mail.order-refund-decided')!.subject).toMatch(/^We will refund/);
    expect(m.filter((x) => x.kind === 'mail.order-refunded')).toHaveLength(0);
  });
});

describe('cancelling an invoiced order', () => {
  it('issues a credit note of the whole invoice: the invoice is never silently invalidated', async () => {
    // a cash-on-delivery order invoiced under the former rule (at once), then cancelled
    const o = await place('cashondelivery');
    await api.database.query(
      `INSERT INTO invoice_series (prefix, last_number) VALUES ('VIT-', 1) ON CONFLICT (prefix) DO UPDATE SET last_number = invoice_series.last_number + 1`,
    );
    const [{ n }] = (await api.database.query<{ n: number }>(
      "SELECT last_number AS n FROM invoice_series WHERE prefix = 'VIT-'",
    )) as [{ n: number }];
    const number = `VIT-${String(n).padStart(6, '0')}`;
    await api.database.query(`INSERT INTO invoices (order_id, number, seller) VALUES ($1, $2, '{}'::jsonb)`, [
      o.id,
      number,
    ]);
    const r = await staff('POST', `/orders/${o.id}/transition`, {
      action: 'cancel',
      reason: 'Pirkėjas atsisakė',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const notes = await api.database.query<{
      number: string;
      invoice_number: string;
      kind: string;
      total_cents: number;
    }>('SELECT number, invoice_number, kind, total_cents FROM credit_notes WHERE order_id = $1', [o.id]);
    expect(notes).toEqual([
      {
        number: expect.stringMatching(/^VITK-\d{6}$/),
        invoice_number: number,
        kind: 'cancellation',
        total_cents: o.grand_total,
      },
    ]);
    // no money came in: no refund
    expect((await api.database.query('SELECT id FROM refunds WHERE order_id = $1', [o.id])).length).toBe(0);
  });

  it('money that came in for a cancelled order (part of a bank transfer) is refunded: a to-do, the customer told', async () => {
    const o = await place('banktransfer');
    await staff('POST', `/orders/${o.id}/payments`, {
      method: 'banktransfer',
      amountCents: 5000,
      receivedOn: '2026-11-24',
      reference: 'P1',
    });
    const r = await staff('POST', `/orders/${o.id}/transition`, {
      action: 'cancel',
      reason: 'Nesumokėta visa suma',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const refunds = await api.database.query<{ method: string; status: string; total_cents: number }>(
      'SELECT method, status, total_cents FROM refunds WHERE order_id = $1',
      [o.id],
    );
    expect(refunds).toEqual([{ method: 'manual', status: 'pending', total_cents: 5000 }]);
    expect((await mails(o.id)).filter((m) => m.kind === 'mail.order-refund-decided')).toHaveLength(1);
    // never invoiced: no credit note
    expect(await invoiceCount(o.id)).toBe(0);
  });

  it('a cash-on-delivery order is invoiced at handover, not before', async () => {
    const o = await place('cashondelivery');
    await staff('POST', `/orders/${o.id}/transition`, { action: 'confirm' });
    expect(await invoiceCount(o.id)).toBe(0);
    await staff('POST', `/orders/${o.id}/transition`, {
      action: 'ship',
      carrier: 'omniva',
      trackingNumber: 'CC1EE',
    });
    expect(await invoiceCount(o.id)).toBe(1);
  });
});
