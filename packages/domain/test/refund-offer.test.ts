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

/** the refunds `asks` make one after another, each accepted (the table's premise) */
const refunds = (asks: RefundRequest[], refundable = Number.MAX_SAFE_INTEGER) => {
  const prior: RefundPart[] = [];
  for (const ask of asks) {
    const r = planRefund(ORDER, prior, refundable, ask);
    if (isRefundRefusal(r)) throw new Error(`refused: ${r.error}`);
    prior.push(r);
  }
  return prior;
};

describe('refundOffer: table', () => {
  const paidAll = Number.MAX_SAFE_INTEGER;
  it.each([
    { asks: [], refundable: paidAll, want: { lines: { '1': 2, '2': 3 }, shipping: 499 } },
    {
      asks: [{ lines: [{ lineId: 1, qty: 1 }] }],
      refundable: paidAll,
      want: { lines: { '1': 1, '2': 3 }, shipping: 499 },
    },
    {
      asks: [
        { lines: [{ lineId: 1, qty: 1 }] },
        {
          lines: [
            { lineId: 1, qty: 1 },
            { lineId: 2, qty: 1 },
          ],
          shipping: true,
        },
      ],
      refundable: paidAll,
      want: { lines: { '2': 2 }, shipping: 0 },
    },
    { asks: [{ full: true }], refundable: paidAll, want: { lines: {}, shipping: 0 } },
    // 10.00 € left to refund: one unit of the 21 % line (8.98 € after the discount's share) fits, two do not
    { asks: [], refundable: 1000, want: { lines: { '1': 1, '2': 3 }, shipping: 499 } },
    // nothing paid: nothing to offer
    { asks: [], refundable: 0, want: { lines: {}, shipping: 0 } },
  ])('after $asks.length refunds, $refundable cents refundable', ({ asks, refundable, want }) => {
    expect(refundOffer(ORDER, refunds(asks as RefundRequest[]), refundable)).toEqual(want);
  });

  it('after a plain amount, offers only the units the money left still covers', () => {
    // 29.00 € paid, 25.00 € refunded as an amount: 4.00 € left, less than a 21 % unit or the 4.99 € shipping
    const prior = refunds([{ amountCents: 2500 }]);
    const offer = refundOffer(ORDER, prior, 400);
    for (const [id, qty] of Object.entries(offer.lines)) {
      const plan = planRefund(ORDER, prior, 400, { lines: [{ lineId: Number(id), qty }] });
      expect(isRefundRefusal(plan)).toBe(false);
    }
    // the amount took each rate's share: ~2.95 € left at 9 %, less than a 9 % unit (~3.28 €)
    expect(offer.lines).toEqual({});
    expect(offer.shipping).toBe(0);
  });

  it('offers no shipping on an order without any', () => {
    expect(refundOffer({ ...ORDER, shipping: 0 }, [], Number.MAX_SAFE_INTEGER).shipping).toBe(0);
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
        const refundable = paid - refunded;
        const offer = refundOffer(ORDER, prior, refundable);
        const taken = refundedQuantities(prior);
        for (const l of ORDER.lines) {
          const offered = offer.lines[String(l.id)] ?? 0;
          expect(offered).toBeLessThanOrEqual(l.qty - (taken.get(l.id) ?? 0));
          if (offered > 0)
            expect(
              isRefundRefusal(
                planRefund(ORDER, prior, refundable, { lines: [{ lineId: l.id, qty: offered }] }),
              ),
            ).toBe(false);
        }
      }),
    );
  });

  it('offers the units and shipping the plan accepts, and not one unit more nor the shipping it refuses', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: GRAND }), fc.array(request, { maxLength: 4 }), (paid, asks) => {
        const prior: RefundPart[] = [];
        const left = () => paid - prior.reduce((s, p) => s + p.total, 0);
        for (const ask of asks) {
          const r = planRefund(ORDER, prior, left(), ask);
          if (!isRefundRefusal(r)) prior.push(r);
        }
        const refundable = left();
        const offer = refundOffer(ORDER, prior, refundable);
        const plan = (ask: RefundRequest) => planRefund(ORDER, prior, refundable, ask);
        for (const l of ORDER.lines) {
          const offered = offer.lines[String(l.id)] ?? 0;
          if (offered > 0)
            expect(isRefundRefusal(plan({ lines: [{ lineId: l.id, qty: offered }] }))).toBe(false);
          expect(isRefundRefusal(plan({ lines: [{ lineId: l.id, qty: offered + 1 }] }))).toBe(true);
        }
        const shipping = plan({ shipping: true });
        if (offer.shipping === 0) expect(isRefundRefusal(shipping)).toBe(true);
        else expect(!isRefundRefusal(shipping) && shipping.shipping).toBe(offer.shipping);
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
