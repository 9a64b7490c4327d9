// What an order may still give back (refund-offer.ts), against planRefund: the form offers the units
// and shipping the plan accepts and nothing it refuses; refunds never pass what was paid less what
// was refunded; credit notes never pass the invoiced total.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  creditableCents,
  isRefundRefusal,
  paymentSummary,
  planRefund,
  refundedQuantities,
  refundOffer,
  refundsAllPaid,
  type RefundPart,
  type RefundRequest,
} from '../src/index.ts';
import { TWO_RATE_GRAND, twoRateOrder } from './fixtures/refundable-order.ts';

const ORDER = twoRateOrder(3);
const GRAND = TWO_RATE_GRAND;
const part = (lines: [number, number][], shipping = 0, total = 0) =>
  ({ lines: lines.map(([lineId, qty]) => ({ lineId, qty })), shipping, total }) as unknown as RefundPart;

describe('refundOffer: table', () => {
  it.each([
    { prior: [], want: { lines: { '1': 2, '2': 3 }, shipping: 499 } },
    { prior: [part([[1, 1]])], want: { lines: { '1': 1, '2': 3 }, shipping: 499 } },
    {
      prior: [
        part([[1, 1]]),
        part(
          [
            [1, 1],
            [2, 1],
          ],
          499,
        ),
      ],
      want: { lines: { '2': 2 }, shipping: 0 },
    },
    {
      prior: [
        part(
          [
            [1, 2],
            [2, 3],
          ],
          499,
        ),
      ],
      want: { lines: {}, shipping: 0 },
    },
  ])('after $prior.length refunds', ({ prior, want }) => {
    expect(refundOffer(ORDER, prior)).toEqual(want);
  });

  it('offers no shipping on an order without any', () => {
    expect(refundOffer({ ...ORDER, shipping: 0 }, []).shipping).toBe(0);
  });

  it('counts the units each refund took, per line', () => {
    expect(
      refundedQuantities([
        part([
          [1, 1],
          [2, 2],
        ]),
        part([[2, 1]]),
      ]),
    ).toEqual(
      new Map([
        [1, 1],
        [2, 3],
      ]),
    );
  });
});

describe('creditableCents and refundsAllPaid: table', () => {
  it.each([
    { prior: [], want: 5000 },
    { prior: [part([], 0, 1200)], want: 3800 },
    { prior: [part([], 0, 5000)], want: 0 },
    { prior: [part([], 0, 5000), part([], 0, 1)], want: 0 },
  ])('credit left after $prior.length notes', ({ prior, want }) => {
    expect(creditableCents(5000, prior)).toBe(want);
  });

  it.each([
    { paid: 5000, refunded: 0, total: 5000, want: true },
    { paid: 5000, refunded: 1000, total: 3999, want: false },
    { paid: 5000, refunded: 1000, total: 4000, want: true },
  ])('paid $paid, refunded $refunded, refund $total: all back $want', ({ paid, refunded, total, want }) => {
    expect(refundsAllPaid({ paid, refunded }, total)).toBe(want);
  });
});

describe('refunds: properties', () => {
  const request: fc.Arbitrary<RefundRequest> = fc.oneof(
    fc.record({
      lines: fc.array(fc.record({ lineId: fc.constantFrom(1, 2), qty: fc.integer({ min: 0, max: 3 }) }), {
        maxLength: 2,
      }),
      shipping: fc.boolean(),
    }),
    fc.record({ amountCents: fc.integer({ min: 0, max: GRAND }) }),
    fc.constant({ full: true }),
  );

  it('never refunds more than was paid less what was refunded, and the offer follows the refunds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: GRAND }), fc.array(request, { maxLength: 6 }), (paid, asks) => {
        const prior: RefundPart[] = [];
        for (const ask of asks) {
          const summary = paymentSummary(
            GRAND,
            [paid],
            prior.map((p) => p.total),
          );
          const r = planRefund(ORDER, prior, summary.refundable, ask);
          if (isRefundRefusal(r)) continue;
          expect(r.total).toBeLessThanOrEqual(summary.refundable);
          prior.push(r);
        }
        const refunded = prior.reduce((s, p) => s + p.total, 0);
        expect(refunded).toBeLessThanOrEqual(paid);
        const offer = refundOffer(ORDER, prior);
        const taken = refundedQuantities(prior);
        for (const l of ORDER.lines)
          expect(offer.lines[String(l.id)] ?? 0).toBe(l.qty - (taken.get(l.id) ?? 0));
      }),
    );
  });

  it('offers the units and shipping the plan accepts, and not one unit more nor the shipping again', () => {
    fc.assert(
      fc.property(fc.array(request, { maxLength: 4 }), (asks) => {
        const prior: RefundPart[] = [];
        for (const ask of asks) {
          const r = planRefund(ORDER, prior, Number.MAX_SAFE_INTEGER, ask);
          if (!isRefundRefusal(r)) prior.push(r);
        }
        const offer = refundOffer(ORDER, prior);
        const plainBefore = prior.some((p) => p.amount > 0);
        for (const l of ORDER.lines) {
          const left = offer.lines[String(l.id)] ?? 0;
          const all = planRefund(ORDER, prior, Number.MAX_SAFE_INTEGER, {
            lines: [{ lineId: l.id, qty: left }],
          });
          // refused, if at all, for the money (a plain amount before took some of the rate), never for the units
          if (left > 0 && isRefundRefusal(all)) expect(all.error).toBe('refund.exceedsPaid');
          if (left > 0 && !plainBefore) expect(isRefundRefusal(all)).toBe(false);
          const more = planRefund(ORDER, prior, Number.MAX_SAFE_INTEGER, {
            lines: [{ lineId: l.id, qty: left + 1 }],
          });
          expect(isRefundRefusal(more) && more.error).toBe('refund.qtyExceeds');
        }
        const shipping = planRefund(ORDER, prior, Number.MAX_SAFE_INTEGER, { shipping: true });
        if (offer.shipping === 0)
          expect(isRefundRefusal(shipping) && shipping.error).toBe('refund.shippingRefunded');
        else if (isRefundRefusal(shipping))
          expect([plainBefore, shipping.error]).toEqual([true, 'refund.exceedsPaid']);
        else expect(shipping.shipping).toBe(offer.shipping);
      }),
    );
  });

  it('credits at most the invoiced total, in notes that each split their VAT to the cent', () => {
    fc.assert(
      fc.property(fc.array(request, { maxLength: 6 }), (asks) => {
        const prior: RefundPart[] = [];
        for (const ask of asks) {
          const left = creditableCents(GRAND, prior);
          if (left <= 0) break;
          const r = planRefund(ORDER, prior, left, ask);
          if (isRefundRefusal(r)) continue;
          expect(r.byRate.reduce((s, x) => s + x.gross, 0)).toBe(r.total);
          for (const x of r.byRate) expect(x.net + x.vat).toBe(x.gross);
          prior.push(r);
        }
        expect(prior.reduce((s, p) => s + p.total, 0)).toBeLessThanOrEqual(GRAND);
      }),
    );
  });
});
