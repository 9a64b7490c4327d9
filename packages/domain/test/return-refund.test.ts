// A return's refund as the return page proposes it (refunds.ts returnRefundProposal): the returned
// units priced as planRefund prices them, the shipping and fee only when the whole order comes back,
// never above what may still go back; the staff may lower it, never raise it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isRefundRefusal,
  planRefund,
  returnRefundProposal,
  returnRefundRequest,
  type RefundPart,
} from '../src/index.ts';
import { TWO_RATE_GRAND, twoRateOrder } from './fixtures/refundable-order.ts';

const ORDER = twoRateOrder();
const GRAND = TWO_RATE_GRAND;
const done = (prior: RefundPart[], req: Parameters<typeof planRefund>[3]) => {
  const r = planRefund(ORDER, prior, GRAND, req);
  if (isRefundRefusal(r)) throw new Error(r.error);
  return [...prior, r];
};

describe('returnRefundProposal: table', () => {
  it.each([
    // one of two units of the 21 % line: half its discounted row (2000 − 194), no shipping
    {
      name: 'one unit of one line',
      prior: [],
      returned: [{ lineId: 1, qty: 1 }],
      total: 903,
      shipping: false,
    },
    {
      name: 'a whole line, another kept',
      prior: [],
      returned: [{ lineId: 1, qty: 2 }],
      total: 1806,
      shipping: false,
    },
    // everything comes back: what was paid, shipping and fee included
    {
      name: 'the whole order',
      prior: [],
      returned: [
        { lineId: 1, qty: 2 },
        { lineId: 2, qty: 1 },
      ],
      total: GRAND,
      shipping: true,
    },
    // the last units of an order whose other line went back earlier: now the shipping and fee too
    {
      name: 'the rest after an earlier refund',
      prior: done([], { lines: [{ lineId: 2, qty: 1 }] }),
      returned: [{ lineId: 1, qty: 2 }],
      total: GRAND - (1090 - 106),
      shipping: true,
    },
    // units already refunded are not proposed twice
    {
      name: 'a line already refunded',
      prior: done([], { lines: [{ lineId: 1, qty: 2 }] }),
      returned: [{ lineId: 1, qty: 2 }],
      total: 0,
      shipping: false,
    },
  ])('$name', ({ prior, returned, total, shipping }) => {
    const p = returnRefundProposal(ORDER, prior, GRAND - prior.reduce((s, x) => s + x.total, 0), returned);
    expect(p.total).toBe(total);
    expect(p.request.full === true || p.request.shipping === true).toBe(shipping);
  });

  it('an order paid in part proposes at most the money that came in, as an amount', () => {
    const p = returnRefundProposal(ORDER, [], 500, [{ lineId: 1, qty: 2 }]);
    expect(p).toEqual({ request: { amountCents: 500 }, total: 500 });
    expect(returnRefundProposal(ORDER, [], 0, [{ lineId: 1, qty: 1 }]).total).toBe(0);
  });

  it('the staff may lower it (a plain amount) but not raise it', () => {
    const p = returnRefundProposal(ORDER, [], GRAND, [{ lineId: 1, qty: 1 }]);
    expect(returnRefundRequest(p, 903)).toEqual({ lines: [{ lineId: 1, qty: 1 }] });
    expect(returnRefundRequest(p, 700)).toEqual({ amountCents: 700 });
    expect(returnRefundRequest(p, 904)).toMatchObject({ error: 'refund.aboveReturn', field: 'amountCents' });
    expect(returnRefundRequest(p, 0)).toMatchObject({ error: 'refund.invalidAmount' });
    expect(returnRefundRequest(p, 1.5)).toMatchObject({ error: 'refund.invalidAmount' });
  });
});

describe('returnRefundProposal: properties', () => {
  const orderArb = fc
    .array(
      fc.record({
        qty: fc.integer({ min: 1, max: 5 }),
        unit: fc.integer({ min: 1, max: 50_000 }),
        rate: fc.constantFrom(21, 9, 5, 0),
      }),
      { minLength: 1, maxLength: 4 },
    )
    .chain((ls) =>
      fc.record({
        lines: fc.constant(
          ls.map((l, i) => ({ id: i + 1, qty: l.qty, rowTotal: l.qty * l.unit, rate: l.rate })),
        ),
        discount: fc.integer({ min: 0, max: Math.min(...ls.map((l) => l.qty * l.unit)) }),
        shipping: fc.integer({ min: 0, max: 1500 }),
        paymentFee: fc.integer({ min: 0, max: 200 }),
        defaultRate: fc.constant(21),
      }),
    );

  it('returning every line in returns, one after another, refunds exactly what was paid', () => {
    fc.assert(
      fc.property(orderArb, (order) => {
        const grand =
          order.lines.reduce((s, l) => s + l.rowTotal, 0) -
          order.discount +
          order.shipping +
          order.paymentFee;
        let prior: RefundPart[] = [];
        for (const l of order.lines) {
          const left = grand - prior.reduce((s, x) => s + x.total, 0);
          const p = returnRefundProposal(order, prior, left, [{ lineId: l.id, qty: l.qty }]);
          expect(p.total).toBeLessThanOrEqual(left);
          if (p.total === 0) continue;
          const r = planRefund(order, prior, left, p.request);
          if (isRefundRefusal(r)) throw new Error(r.error);
          expect(r.total).toBe(p.total);
          prior = [...prior, r];
        }
        expect(prior.reduce((s, x) => s + x.total, 0)).toBe(grand);
        // the shipping went back once, with the last return
        expect(prior.filter((x) => x.shipping > 0).length).toBe(order.shipping > 0 ? 1 : 0);
      }),
    );
  });

  it('never proposes more than may go back, whatever was paid', () => {
    fc.assert(
      fc.property(orderArb, fc.integer({ min: 0, max: 100_000 }), (order, paid) => {
        const p = returnRefundProposal(
          order,
          [],
          paid,
          order.lines.map((l) => ({ lineId: l.id, qty: l.qty })),
        );
        expect(p.total).toBeLessThanOrEqual(paid);
        expect(p.total).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
