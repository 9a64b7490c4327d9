import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ORDER_ACTIONS,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  SHIPPING_STATUSES,
  applyOrderAction,
  isTransitionError,
  orderStatusLabelKey,
  staffActionsFor,
  trackingUrl,
  type OrderAction,
  type OrderActionType,
  type OrderState,
  type OrderStatus,
} from '../src/index.ts';

/** a typical order in each status (courier delivery unless the status says pickup) */
const base = (status: OrderStatus, over: Partial<OrderState> = {}): OrderState => ({
  status,
  paymentStatus: 'pending',
  shippingStatus: 'pending',
  stockHeld: true,
  pickup: false,
  cancelledBy: null,
  ...over,
});
const TYPICAL: Record<OrderStatus, OrderState> = {
  new: base('new'),
  incomming: base('incomming'),
  awaiting_payment: base('awaiting_payment'),
  pending: base('pending'),
  paid: base('paid', { paymentStatus: 'paid' }),
  ready: base('ready', { paymentStatus: 'paid', shippingStatus: 'ready', pickup: true }),
  shipped: base('shipped', { paymentStatus: 'paid', shippingStatus: 'shipped' }),
  collected: base('collected', { paymentStatus: 'paid', shippingStatus: 'delivered', pickup: true }),
  fulfilled: base('fulfilled', { paymentStatus: 'paid', shippingStatus: 'delivered' }),
  completed: base('completed', { paymentStatus: 'paid', shippingStatus: 'delivered' }),
  cancelled: base('cancelled', { paymentStatus: 'cancelled', stockHeld: false, cancelledBy: 'staff' }),
  refunded: base('refunded', { paymentStatus: 'refunded', shippingStatus: 'delivered' }),
};

const ACTION: Record<OrderActionType, OrderAction> = {
  confirm: { type: 'confirm' },
  ready_for_pickup: { type: 'ready_for_pickup' },
  ship: { type: 'ship', carrier: 'omniva', trackingNumber: 'CC123456789EE' },
  collected: { type: 'collected' },
  complete: { type: 'complete' },
  cancel: { type: 'cancel', reason: 'Customer asked' },
  refund: { type: 'refund', restock: true },
  payment_started: { type: 'payment_started' },
  paid: { type: 'paid', stockAvailable: true },
  payment_failed: { type: 'payment_failed', paymentStatus: 'failed' },
  unpaid_expiry: { type: 'unpaid_expiry' },
  refund_done: { type: 'refund_done' },
};

/**
 * Written by hand from the decisions in order-lifecycle.ts (not derived from its table): the status
 * each action leads to from the typical order of each status; absent = forbidden.
 */
const EXPECTED: Record<OrderStatus, Partial<Record<OrderActionType, OrderStatus>>> = {
  new: {
    confirm: 'pending',
    cancel: 'cancelled',
    payment_started: 'awaiting_payment',
    paid: 'paid',
    payment_failed: 'cancelled',
    unpaid_expiry: 'cancelled',
  },
  incomming: {
    confirm: 'pending',
    cancel: 'cancelled',
    payment_started: 'awaiting_payment',
    paid: 'paid',
    payment_failed: 'cancelled',
  },
  awaiting_payment: {
    cancel: 'cancelled',
    payment_started: 'awaiting_payment',
    paid: 'paid',
    payment_failed: 'cancelled',
    unpaid_expiry: 'cancelled',
  },
  pending: {
    ship: 'shipped',
    cancel: 'cancelled',
    payment_started: 'pending',
    paid: 'paid',
    payment_failed: 'cancelled',
  },
  paid: { confirm: 'pending', ship: 'shipped', refund: 'refunded' },
  ready: { collected: 'collected', refund: 'refunded' },
  shipped: { collected: 'fulfilled', complete: 'completed', refund: 'refunded' },
  collected: { complete: 'completed', refund: 'refunded' },
  fulfilled: { complete: 'completed', refund: 'refunded' },
  completed: { refund: 'refunded' },
  cancelled: { paid: 'cancelled', payment_failed: 'cancelled' },
  refunded: {},
};

describe('applyOrderAction: every status × action of the typical order', () => {
  for (const status of ORDER_STATUSES)
    for (const type of ORDER_ACTIONS) {
      const expected = EXPECTED[status][type];
      it(`${status} + ${type} -> ${expected ?? 'refused'}`, () => {
        const r = applyOrderAction(TYPICAL[status], ACTION[type]);
        if (expected === undefined) {
          expect(isTransitionError(r)).toBe(true);
          if (isTransitionError(r)) expect(r.error.key).toMatch(/^order\.lifecycle\./);
        } else {
          expect(isTransitionError(r)).toBe(false);
          if (!isTransitionError(r)) expect(r.state.status).toBe(expected);
        }
      });
    }
});

const ok = (r: ReturnType<typeof applyOrderAction>) => {
  if (isTransitionError(r)) throw new Error(`refused: ${r.error.key}`);
  return r;
};

describe('guards and effects', () => {
  it('ready for pickup only for pickup orders, from pending or paid', () => {
    expect(
      ok(applyOrderAction({ ...TYPICAL.paid, pickup: true }, ACTION.ready_for_pickup)).state,
    ).toMatchObject({
      status: 'ready',
      shippingStatus: 'ready',
    });
    expect(applyOrderAction(TYPICAL.paid, ACTION.ready_for_pickup)).toMatchObject({
      error: { key: 'order.lifecycle.notPickup' },
    });
  });

  it('ship needs a carrier and a tracking number; it e-mails the customer', () => {
    expect(
      applyOrderAction(TYPICAL.paid, { type: 'ship', carrier: 'dpd', trackingNumber: ' ' }),
    ).toMatchObject({
      error: { key: 'order.lifecycle.trackingRequired' },
    });
    const r = ok(applyOrderAction(TYPICAL.paid, ACTION.ship));
    expect(r.effects).toEqual({
      returnStock: false,
      takeStock: null,
      email: 'shipped',
      events: ['order.status_changed'],
    });
  });

  it('collected: a pickup order is collected, a courier order fulfilled', () => {
    expect(ok(applyOrderAction({ ...TYPICAL.shipped, pickup: true }, ACTION.collected)).state.status).toBe(
      'collected',
    );
    expect(ok(applyOrderAction(TYPICAL.shipped, ACTION.collected)).state.status).toBe('fulfilled');
  });

  it('complete records the money of a cash-on-delivery order and asks for feedback', () => {
    const r = ok(applyOrderAction({ ...TYPICAL.shipped, paymentStatus: 'pending' }, ACTION.complete));
    expect(r.state).toMatchObject({ status: 'completed', paymentStatus: 'paid' });
    expect(r.effects.email).toBe('feedback_request');
    expect(r.effects.events).toEqual(['order.paid', 'order.status_changed']);
  });

  it('cancel needs a reason, refuses a paid order, returns the stock and sends the cancellation', () => {
    expect(applyOrderAction(TYPICAL.new, { type: 'cancel', reason: '  ' })).toMatchObject({
      error: { key: 'order.lifecycle.reasonRequired' },
    });
    expect(applyOrderAction({ ...TYPICAL.pending, paymentStatus: 'paid' }, ACTION.cancel)).toMatchObject({
      error: { key: 'order.lifecycle.paidUseRefund' },
    });
    const r = ok(applyOrderAction(TYPICAL.awaiting_payment, ACTION.cancel));
    expect(r.state).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'staff',
      paymentStatus: 'cancelled',
      stockHeld: false,
    });
    expect(r.effects).toEqual({
      returnStock: true,
      takeStock: null,
      email: 'cancelled',
      events: ['order.status_changed', 'order.cancelled'],
    });
    // a second cancel is refused: the stock is not returned again
    expect(isTransitionError(applyOrderAction(r.state, ACTION.cancel))).toBe(true);
  });

  it('refund returns stock only when chosen, and only once', () => {
    const keep = ok(applyOrderAction(TYPICAL.completed, { type: 'refund', restock: false }));
    expect(keep.effects.returnStock).toBe(false);
    expect(keep.state.stockHeld).toBe(true);
    const back = ok(applyOrderAction(TYPICAL.shipped, ACTION.refund));
    expect(back.effects.returnStock).toBe(true);
    // decided, not made: the money is due back until `refund_done`; the refund's own mails tell the customer
    expect(back.state).toMatchObject({
      status: 'refunded',
      paymentStatus: 'refund_due',
      shippingStatus: 'returned',
    });
    expect(back.effects.email).toBeNull();
    const done = ok(applyOrderAction(back.state, ACTION.refund_done));
    expect(done.state).toMatchObject({ status: 'refunded', paymentStatus: 'refunded' });
    expect(isTransitionError(applyOrderAction(done.state, ACTION.refund_done))).toBe(true);
    expect(applyOrderAction(TYPICAL.pending, ACTION.refund)).toMatchObject({
      error: { key: 'order.lifecycle.notPaid' },
    });
  });

  it('completing a bank-transfer order does not make it paid; recording the money later does', () => {
    const shipped = { ...TYPICAL.shipped, paymentStatus: 'pending' as const, payOnDelivery: false };
    const completed = ok(applyOrderAction(shipped, ACTION.complete));
    expect(completed.state).toMatchObject({ status: 'completed', paymentStatus: 'pending' });
    expect(completed.effects.events).not.toContain('order.paid');
    const paid = ok(applyOrderAction(completed.state, ACTION.paid));
    expect(paid.state).toMatchObject({ status: 'completed', paymentStatus: 'paid' });
    // cash on delivery: completing records it
    expect(
      ok(applyOrderAction({ ...shipped, payOnDelivery: true }, ACTION.complete)).state.paymentStatus,
    ).toBe('paid');
  });

  it('money after a cancellation: refund due after the staff cancelled, then refunded without stock', () => {
    const due = ok(applyOrderAction(TYPICAL.cancelled, ACTION.paid));
    expect(due.state).toMatchObject({ status: 'cancelled', paymentStatus: 'refund_due', stockHeld: false });
    expect(due.effects.takeStock).toBeNull();
    const refunded = ok(applyOrderAction(due.state, ACTION.refund));
    expect(refunded.state.status).toBe('refunded');
    expect(refunded.effects.returnStock).toBe(false);
  });

  it('a payment that cancelled the order: paying again takes the stock (checked), a late paid forces it', () => {
    const failed = ok(applyOrderAction(TYPICAL.awaiting_payment, ACTION.payment_failed));
    expect(failed.state).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'payment',
      paymentStatus: 'failed',
    });
    expect(failed.effects).toMatchObject({ returnStock: true, email: null });
    const again = ok(applyOrderAction(failed.state, ACTION.payment_started));
    expect(again.state).toMatchObject({ status: 'awaiting_payment', stockHeld: true, cancelledBy: null });
    expect(again.effects.takeStock).toBe('check');
    const late = ok(applyOrderAction(failed.state, { type: 'paid', stockAvailable: false }));
    expect(late.state).toMatchObject({ status: 'paid', stockHeld: true });
    expect(late.effects).toMatchObject({
      takeStock: 'force',
      email: 'paid',
      events: ['order.paid', 'order.status_changed'],
    });
  });

  it('a payment after the timeout revives the order only when its units are all there', () => {
    const expired = ok(applyOrderAction(TYPICAL.awaiting_payment, ACTION.unpaid_expiry)).state;
    expect(expired).toMatchObject({ status: 'cancelled', cancelledBy: 'payment_timeout' });
    expect(ok(applyOrderAction(expired, { type: 'paid', stockAvailable: true })).state.status).toBe('paid');
    const gone = ok(applyOrderAction(expired, { type: 'paid', stockAvailable: false }));
    expect(gone.state).toMatchObject({ status: 'cancelled', paymentStatus: 'refund_due' });
    expect(gone.effects.email).toBeNull();
    expect(isTransitionError(applyOrderAction(expired, ACTION.payment_started))).toBe(true);
  });

  it('the staff actions offered match the table', () => {
    expect(staffActionsFor(TYPICAL.new)).toEqual(['confirm', 'cancel']);
    expect(staffActionsFor({ ...TYPICAL.paid, pickup: true })).toEqual([
      'confirm',
      'ready_for_pickup',
      'ship',
      'refund',
    ]);
    expect(staffActionsFor(TYPICAL.refunded)).toEqual([]);
  });
});

describe('labels and tracking', () => {
  it('"shipped" reads "shipped / ready to pick up" only for pickup orders', () => {
    expect(orderStatusLabelKey('shipped', true)).toBe('orderStatus.shipped');
    expect(orderStatusLabelKey('shipped', false)).toBe('orderStatus.shippedCourier');
    expect(orderStatusLabelKey('paid', false)).toBe('orderStatus.paid');
  });
  it('tracking links for known carriers, the number only for others', () => {
    expect(trackingUrl('Omniva', 'CC 1/2')).toBe('https://mano.omniva.lt/track/CC%201%2F2');
    expect(trackingUrl('LP Express', 'X1')).toContain('lpexpress.lt');
    expect(trackingUrl('Venipak', 'V1')).toContain('venipak.com');
    expect(trackingUrl('dpd', 'D1')).toContain('dpdgroup.com');
    expect(trackingUrl('Some courier', 'X1')).toBeNull();
    expect(trackingUrl('omniva', '')).toBeNull();
  });
});

describe('property: any sequence of actions', () => {
  const actionArb: fc.Arbitrary<OrderAction> = fc.oneof(
    fc.constant<OrderAction>({ type: 'confirm' }),
    fc.constant<OrderAction>({ type: 'ready_for_pickup' }),
    fc.record({
      type: fc.constant('ship' as const),
      carrier: fc.constantFrom('omniva', ''),
      trackingNumber: fc.constantFrom('T1', ''),
    }),
    fc.constant<OrderAction>({ type: 'collected' }),
    fc.constant<OrderAction>({ type: 'complete' }),
    fc.record({ type: fc.constant('cancel' as const), reason: fc.constantFrom('why', '') }),
    fc.record({ type: fc.constant('refund' as const), restock: fc.boolean() }),
    fc.constant<OrderAction>({ type: 'payment_started' }),
    fc.record({ type: fc.constant('paid' as const), stockAvailable: fc.boolean() }),
    fc.record({
      type: fc.constant('payment_failed' as const),
      paymentStatus: fc.constantFrom('failed' as const, 'cancelled' as const),
    }),
    fc.constant<OrderAction>({ type: 'unpaid_expiry' }),
    fc.constant<OrderAction>({ type: 'refund_done' }),
  );

  it('stays in the table (statuses, pairs of the hand-written matrix) and returns stock at most once per take', () => {
    // every (from, action, to) a typical order allows; guards may only narrow these
    const allowedPairs = new Set<string>();
    for (const s of ORDER_STATUSES)
      for (const [a, to] of Object.entries(EXPECTED[s])) allowedPairs.add(`${s}|${a}|${to}`);
    // the variants the typical matrix does not show (other payment / pickup / who-cancelled states)
    for (const extra of [
      'paid|ready_for_pickup|ready',
      'pending|ready_for_pickup|ready',
      'pending|refund|refunded',
      'shipped|collected|collected',
      'ready|collected|collected',
      'ready|cancel|cancelled',
      'ready|paid|ready',
      'ready|payment_failed|ready',
      'shipped|paid|shipped',
      'shipped|payment_failed|shipped',
      'collected|paid|collected',
      'fulfilled|paid|fulfilled',
      'collected|payment_failed|collected',
      'fulfilled|payment_failed|fulfilled',
      'cancelled|payment_started|awaiting_payment',
      'cancelled|paid|paid',
      'cancelled|refund|refunded',
      'refunded|refund_done|refunded',
      'completed|paid|completed',
      'cancelled|refund_done|cancelled',
    ])
      allowedPairs.add(extra);

    fc.assert(
      fc.property(fc.boolean(), fc.array(actionArb, { maxLength: 40 }), (pickup, actions) => {
        let s = base('new', { pickup });
        let takes = 1; // placing the order took the units
        let returns = 0;
        for (const a of actions) {
          const r = applyOrderAction(s, a);
          if (isTransitionError(r)) continue;
          const n = r.state;
          expect(
            allowedPairs.has(`${s.status}|${a.type}|${n.status}`),
            `${s.status}|${a.type}|${n.status}`,
          ).toBe(true);
          expect(ORDER_STATUSES).toContain(n.status);
          expect(PAYMENT_STATUSES).toContain(n.paymentStatus);
          expect(SHIPPING_STATUSES).toContain(n.shippingStatus);
          expect(n.status === 'cancelled').toBe(n.cancelledBy !== null);
          if (n.status === 'cancelled') expect(n.stockHeld).toBe(false);
          if (n.status === 'paid') expect(n.paymentStatus).toBe('paid');
          expect(n.pickup).toBe(pickup);
          if (r.effects.returnStock) {
            expect(s.stockHeld).toBe(true);
            returns++;
          }
          if (r.effects.takeStock) {
            expect(s.stockHeld).toBe(false);
            takes++;
          }
          expect(returns).toBeLessThanOrEqual(takes);
          expect(n.stockHeld).toBe(takes > returns);
          s = n;
        }
      }),
      { numRuns: 2000 },
    );
  });
});
