// Refund limits and allocation (refunds.ts): never more than was paid, lines refunded in parts split
// their VAT exactly, cents conserved, credit notes reconcile with the invoice.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  creditNoteProblems,
  invoiceDue,
  isRefundRefusal,
  orderVatShares,
  planRefund,
  taxContained,
  type RefundPart,
  type RefundableOrder,
} from '../src/index.ts';
import { TWO_RATE_GRAND, twoRateOrder } from './fixtures/refundable-order.ts';

const ORDER = twoRateOrder();
const GRAND = TWO_RATE_GRAND;

const plan = (prior: RefundPart[], refundable: number, req: Parameters<typeof planRefund>[3]) => {
  const r = planRefund(ORDER, prior, refundable, req);
  if (isRefundRefusal(r)) throw new Error(`refused: ${r.error}`);
  return r;
};

describe('planRefund: table', () => {
  it.each([
    // one of two units of the 21 % line: its half of the discounted row (2000 − 194 discount share)
    {
      req: { lines: [{ lineId: 1, qty: 1 }] },
      total: 903,
      byRate: [{ rate: 21, gross: 903, vat: taxContained(903, 21) }],
    },
    // the shipping alone: split over the rates as the invoice splits it
    { req: { shipping: true }, total: 499 },
    // a plain amount, shared over the rates by what each has left
    { req: { amountCents: 1000 }, total: 1000 },
    { req: { full: true }, total: GRAND },
  ])('$req', ({ req, total, byRate }) => {
    const r = plan([], GRAND, req);
    expect(r.total).toBe(total);
    expect(r.byRate.reduce((s, x) => s + x.gross, 0)).toBe(total);
    if (byRate) expect(r.byRate).toMatchObject(byRate);
    for (const s of r.byRate) expect(s.net + s.vat).toBe(s.gross);
  });

  it.each([
    { req: { lines: [{ lineId: 1, qty: 3 }] }, error: 'refund.qtyExceeds' },
    { req: { lines: [{ lineId: 9, qty: 1 }] }, error: 'refund.unknownLine' },
    { req: { lines: [{ lineId: 1, qty: -1 }] }, error: 'refund.invalidQty' },
    { req: { amountCents: 1.5 }, error: 'refund.invalidAmount' },
    { req: {}, error: 'refund.nothing' },
    { req: { amountCents: GRAND + 1 }, error: 'refund.exceedsPaid' },
  ])('refuses $req: $error', ({ req, error }) => {
    const r = planRefund(ORDER, [], GRAND, req);
    expect(isRefundRefusal(r) && r.error).toBe(error);
  });

  it('never refunds more than was paid, nor the shipping twice', () => {
    const first = plan([], 1500, { shipping: true });
    const again = planRefund(ORDER, [first], 1500 - first.total, { shipping: true });
    expect(isRefundRefusal(again) && again.error).toBe('refund.shippingRefunded');
    const tooMuch = planRefund(ORDER, [first], 1500 - first.total, { lines: [{ lineId: 1, qty: 2 }] });
    expect(isRefundRefusal(tooMuch) && tooMuch.error).toBe('refund.exceedsPaid');
    // `full` of an underpaid order: the money that came in, as an amount
    const rest = plan([first], 1500 - first.total, { full: true });
    expect(rest.total).toBe(1500 - first.total);
  });

  it('a full refund after partial ones takes exactly what is left, the invoice VAT to the cent', () => {
    const a = plan([], GRAND, { lines: [{ lineId: 1, qty: 1 }], shipping: true });
    const b = plan([a], GRAND - a.total, { full: true });
    expect(a.total + b.total).toBe(GRAND);
    expect(creditNoteProblems(orderVatShares(ORDER), [a, b])).toEqual([]);
    const invoiceVat = orderVatShares(ORDER).reduce((s, x) => s + x.vat, 0);
    expect([...a.byRate, ...b.byRate].reduce((s, x) => s + x.vat, 0)).toBe(invoiceVat);
  });
});

describe('planRefund: properties', () => {
  const orderArb = fc
    .record({
      lines: fc.array(
        fc.record({
          qty: fc.integer({ min: 1, max: 7 }),
          price: fc.integer({ min: 1, max: 90_000 }),
          rate: fc.constantFrom(0, 5, 9, 21),
        }),
        { minLength: 1, maxLength: 4 },
      ),
      discountPct: fc.integer({ min: 0, max: 50 }),
      shipping: fc.integer({ min: 0, max: 2000 }),
      fee: fc.integer({ min: 0, max: 300 }),
    })
    .map(({ lines, discountPct, shipping, fee }): RefundableOrder => {
      const rows = lines.map((l, i) => ({ id: i + 1, qty: l.qty, rowTotal: l.price * l.qty, rate: l.rate }));
      const subtotal = rows.reduce((s, l) => s + l.rowTotal, 0);
      return {
        lines: rows,
        discount: Math.floor((subtotal * discountPct) / 100),
        shipping,
        paymentFee: fee,
        defaultRate: 21,
      };
    });
  const stepArb = fc.oneof(
    fc.record({ kind: fc.constant('line' as const), line: fc.nat(), qty: fc.integer({ min: 1, max: 3 }) }),
    fc.record({ kind: fc.constant('shipping' as const) }),
    fc.record({ kind: fc.constant('amount' as const), cents: fc.integer({ min: 1, max: 5000 }) }),
  );

  it('sum of refunds ≤ paid; cents conserved; a full refund at the end reconciles with the invoice exactly', () => {
    fc.assert(
      fc.property(
        orderArb,
        fc.array(stepArb, { maxLength: 8 }),
        fc.integer({ min: 0, max: 100 }),
        (order, steps, paidPct) => {
          const shares = orderVatShares(order);
          const grand = shares.reduce((s, x) => s + x.gross, 0);
          const paid = paidPct === 100 ? grand : Math.floor((grand * paidPct) / 100);
          const done: RefundPart[] = [];
          const refunded = () => done.reduce((s, p) => s + p.total, 0);
          for (const step of steps) {
            const req =
              step.kind === 'line'
                ? { lines: [{ lineId: order.lines[step.line % order.lines.length]!.id, qty: step.qty }] }
                : step.kind === 'shipping'
                  ? { shipping: true }
                  : { amountCents: step.cents };
            const r = planRefund(order, done, paid - refunded(), req);
            if (isRefundRefusal(r)) continue;
            // cents conserved within the refund: parts = rates = total; net + VAT = gross
            const parts = r.lines.reduce((s, l) => s + l.gross, 0) + r.shipping + r.paymentFee + r.amount;
            expect(parts).toBe(r.total);
            expect(r.byRate.reduce((s, x) => s + x.gross, 0)).toBe(r.total);
            for (const x of r.byRate) expect(x.net + x.vat).toBe(x.gross);
            done.push(r);
            expect(refunded()).toBeLessThanOrEqual(paid);
            expect(creditNoteProblems(shares, done)).toEqual([]);
          }
          if (paid - refunded() > 0) {
            const rest = planRefund(order, done, paid - refunded(), { full: true });
            if (isRefundRefusal(rest)) throw new Error(rest.error);
            done.push(rest);
          }
          expect(refunded()).toBe(paid);
          expect(creditNoteProblems(shares, done)).toEqual([]);
          if (paid === grand) {
            // everything credited: per rate the invoice's gross and VAT exactly
            for (const s of shares) {
              const g = done.flatMap((d) => d.byRate).filter((x) => x.rate === s.rate);
              expect(g.reduce((a, x) => a + x.gross, 0)).toBe(s.gross);
              expect(g.reduce((a, x) => a + x.vat, 0)).toBe(s.vat);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a line refunded unit by unit adds up to the line refunded at once', () => {
    fc.assert(
      fc.property(orderArb, (order) => {
        const line = order.lines[0]!;
        const whole = planRefund(order, [], Number.MAX_SAFE_INTEGER, {
          lines: [{ lineId: line.id, qty: line.qty }],
        });
        const parts: RefundPart[] = [];
        for (let k = 0; k < line.qty; k++) {
          const r = planRefund(order, parts, Number.MAX_SAFE_INTEGER, {
            lines: [{ lineId: line.id, qty: 1 }],
          });
          if (isRefundRefusal(r)) return; // a line of 0 € after the discount
          parts.push(r);
        }
        if (isRefundRefusal(whole)) return;
        expect(parts.reduce((s, p) => s + p.total, 0)).toBe(whole.total);
        const vat = (ps: RefundPart[]) => ps.flatMap((p) => p.byRate).reduce((s, x) => s + x.vat, 0);
        expect(vat(parts)).toBe(vat([whole]));
      }),
    );
  });
});

describe('invoiceDue: when the number is taken', () => {
  it.each([
    { m: 'banktransfer', status: 'new', pay: 'pending', want: null },
    { m: 'banktransfer', status: 'shipped', pay: 'pending', want: null },
    { m: 'banktransfer', status: 'paid', pay: 'paid', want: 'paid' },
    { m: 'NEOPAY', status: 'awaiting_payment', pay: 'pending', want: null },
    { m: 'NEOPAY', status: 'paid', pay: 'paid', want: 'paid' },
    { m: 'cashondelivery', status: 'pending', pay: 'pending', want: null },
    { m: 'cashondelivery', status: 'shipped', pay: 'pending', want: 'handover' },
    { m: 'cashondelivery', status: 'collected', pay: 'pending', want: 'handover' },
    { m: 'cashondelivery', status: 'cancelled', pay: 'cancelled', want: null },
    { m: 'banktransfer', status: 'refunded', pay: 'refund_due', want: 'paid' },
  ])('$m, $status / $pay -> $want', ({ m, status, pay, want }) => {
    expect(invoiceDue({ payment_method_code: m, status, payment_status: pay })).toBe(want);
  });
});
