/**
 * The order lifecycle: the spec's order statuses
 * (accounts-checkout-routes.md §3 "Order status labels"), with a payment status and a shipping status
 * beside them, the actions of the staff and of the system, and the transitions allowed, as ONE table
 * (`TRANSITIONS`). `applyOrderAction` is the only way an order's statuses change: the API
 * (apps/api/src/order/lifecycle.ts) locks the order row, asks this function, and does what its
 * `effects` say (return or take stock, events, e-mail) in the same transaction.
 *
 * What each status means in this shop (the spec lists the labels, not their meaning):
 * - `new`: placed; nobody has acted on it yet (cash on delivery, bank transfer, or an online payment
 *   not started).
 * - `awaiting_payment`: the shopper went to the online payment (NEOPAY, MOKILIZINGAS); no money yet.
 * - `incomming` (the spec's spelling): not written by this shop. No action leads to it; an order that
 *   arrives in it (an import from an older system) is handled like `new` (confirm, pay, cancel).
 * - `pending`: the shop confirmed the order and is preparing it (lt "Vykdomas"); it may be paid or
 *   not (cash on delivery, bank transfer): the payment status says which.
 * - `paid`: the money is in (online payment or a confirmed transfer) and the order is being prepared.
 * - `ready`: ready to pick up at the shop (store pickup) or the chosen pickup point; pickup orders only.
 * - `shipped`: handed to the carrier with a tracking number. For a pickup-point order the label reads
 *   "shipped / ready to pick up" (the spec's wording); for a courier order "shipped".
 * - `collected`: a pickup order's customer has the goods.
 * - `fulfilled`: a courier order's customer has the goods (delivered). The same staff action
 *   (`collected`) reaches `collected` or `fulfilled`, by the kind of delivery.
 * - `completed`: the order is over: goods delivered and money in (completing a cash-on-delivery order
 *   records its payment). The customer is asked for feedback.
 * - `cancelled`: the order will not be fulfilled; its units are back in stock. Who cancelled it is
 *   kept (`cancelledBy`): the staff (with a reason), the payment (cancelled or failed at the provider:
 *   the shopper may pay again), or the unpaid-order sweep (`payment_timeout`).
 * - `refunded`: the money went back to the customer (a full refund); its units return to stock only
 *   when the staff chooses so (`restock`), once.
 *
 * Stock: placing an order takes its units (`stockHeld` true). Cancelling returns them; refunding
 * returns them when asked; either only while they are held, so stock returns at most once for each
 * time it was taken. Paying again after a payment cancelled the order takes them anew.
 */
import type { MessageKey, MessageParams } from '../messages/index.ts';
import type { OrderStatus } from '../base/index.ts';

/** the order's payment: `refund_due` = money came in for an order that will not be fulfilled */
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'cancelled', 'refund_due', 'refunded'] as const;
export type OrderPaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** the goods: `ready` = waiting at the pickup place; `delivered` = the customer has them; `returned` = back in stock after a refund */
export const SHIPPING_STATUSES = ['pending', 'ready', 'shipped', 'delivered', 'returned'] as const;
export type OrderShippingStatus = (typeof SHIPPING_STATUSES)[number];

/** who cancelled an order (`orders.cancelled_by`); `payment_timeout` is also `orders.cancel_reason` (order/unpaid.ts) */
export const CANCELLED_BY = ['staff', 'payment', 'payment_timeout'] as const;
export type CancelledBy = (typeof CANCELLED_BY)[number];

export type OrderState = {
  status: OrderStatus;
  paymentStatus: OrderPaymentStatus;
  shippingStatus: OrderShippingStatus;
  /** the order's units are out of the stock count (taken at placing; returned at most once) */
  stockHeld: boolean;
  /** picked up by the customer: a pickup point (parcel locker) or the shop itself */
  pickup: boolean;
  /** set while the status is `cancelled` */
  cancelledBy: CancelledBy | null;
  /**
   * false: the money comes by bank transfer and is paid only when the staff record it, so completing
   * the order does not make it paid (absent: paid on delivery, completing records it)
   */
  payOnDelivery?: boolean | undefined;
};

export const STAFF_ACTIONS = [
  'confirm',
  'ready_for_pickup',
  'ship',
  'collected',
  'complete',
  'cancel',
  'refund',
] as const;
export type StaffActionType = (typeof STAFF_ACTIONS)[number];

export const SYSTEM_ACTIONS = [
  'payment_started',
  'paid',
  'payment_failed',
  'unpaid_expiry',
  'refund_done',
] as const;
export type SystemActionType = (typeof SYSTEM_ACTIONS)[number];
export type OrderActionType = StaffActionType | SystemActionType;
export const ORDER_ACTIONS: readonly OrderActionType[] = [...STAFF_ACTIONS, ...SYSTEM_ACTIONS];

export type OrderAction =
  | { type: 'confirm' }
  | { type: 'ready_for_pickup' }
  | { type: 'ship'; carrier: string; trackingNumber: string }
  | { type: 'collected' }
  | { type: 'complete' }
  | { type: 'cancel'; reason: string }
  | { type: 'refund'; restock: boolean }
  /** the shopper started an online payment (again: after a payment cancelled the order, its units are taken anew) */
  | { type: 'payment_started' }
  /**
   * the provider says paid. `stockAvailable`: for an order whose units were returned, whether they
   * could all be taken again (the API checks; a payment after a cancellation by the payment itself
   * takes them whatever is left, so it passes true)
   */
  | { type: 'paid'; stockAvailable: boolean }
  | { type: 'payment_failed'; paymentStatus: 'failed' | 'cancelled' }
  | { type: 'unpaid_expiry' }
  /** the money of a full refund is back with the customer (the provider confirmed it, or the staff did) */
  | { type: 'refund_done' };

/** the messages a transition sends the customer (apps/api/src/mail: one of each kind per order) */
export const ORDER_EMAIL_KINDS = [
  'confirmation',
  'paid',
  'shipped',
  'ready_for_pickup',
  'cancelled',
  'refunded',
  'feedback_request',
] as const;
export type OrderEmailKind = (typeof ORDER_EMAIL_KINDS)[number];

/** the events a transition records for webhooks (`order_events.type`) */
export const ORDER_EVENT_TYPES = [
  'order.created',
  'order.paid',
  'order.status_changed',
  'order.cancelled',
] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];

export type OrderEffects = {
  /** give the order's units back to stock (only ever true while they are held) */
  returnStock: boolean;
  /** take the order's units again: 'check' refuses when short, 'force' takes whatever is left */
  takeStock: 'check' | 'force' | null;
  /** the customer's message, if any */
  email: OrderEmailKind | null;
  /** the events to record (webhooks) */
  events: OrderEventType[];
};

export type OrderTransition = { state: OrderState; effects: OrderEffects };
export type OrderTransitionError = { error: { key: MessageKey; params?: MessageParams } };

/** the statuses in which an order waits to be paid or confirmed (nothing shipped, nothing paid) */
const OPEN: readonly OrderStatus[] = ['new', 'incomming', 'awaiting_payment', 'pending'];
const PREPARING: readonly OrderStatus[] = ['pending', 'paid'];
const DELIVERED: readonly OrderStatus[] = ['collected', 'fulfilled'];
const moneyIn = (s: OrderState) => s.paymentStatus === 'paid';

/** A row of the table: the statuses an action may start from, an extra condition, and the next state. */
type Rule = {
  from: readonly OrderStatus[];
  /** a refusal beyond the status (a message key), or null */
  guard?: (s: OrderState, a: OrderAction) => MessageKey | null;
  next: (s: OrderState, a: OrderAction) => OrderState;
};

/**
 * THE TABLE. One rule per action (a few actions have a second rule from other statuses). Any
 * (status, action) pair not listed here is forbidden.
 */
export const TRANSITIONS: Readonly<Record<OrderActionType, readonly Rule[]>> = {
  confirm: [
    {
      from: ['new', 'incomming', 'paid'],
      next: (s) => ({ ...s, status: 'pending' }),
    },
  ],
  ready_for_pickup: [
    {
      from: PREPARING,
      guard: (s) => (s.pickup ? null : 'order.lifecycle.notPickup'),
      next: (s) => ({ ...s, status: 'ready', shippingStatus: 'ready' }),
    },
  ],
  ship: [
    {
      from: PREPARING,
      guard: (_s, a) =>
        a.type === 'ship' && a.carrier.trim() && a.trackingNumber.trim()
          ? null
          : 'order.lifecycle.trackingRequired',
      next: (s) => ({ ...s, status: 'shipped', shippingStatus: 'shipped' }),
    },
  ],
  collected: [
    {
      from: ['ready', 'shipped'],
      next: (s) => ({ ...s, status: s.pickup ? 'collected' : 'fulfilled', shippingStatus: 'delivered' }),
    },
  ],
  complete: [
    {
      // a courier's delivery may be completed straight from `shipped`; completing records the money
      // of a cash-on-delivery order (the carrier collected it)
      from: ['shipped', ...DELIVERED],
      next: (s) => ({
        ...s,
        status: 'completed',
        paymentStatus: s.payOnDelivery === false ? s.paymentStatus : 'paid',
        shippingStatus: 'delivered',
      }),
    },
  ],
  cancel: [
    {
      // a paid order is refunded, not cancelled: the money must go back
      from: [...OPEN, 'ready'],
      guard: (s, a) =>
        moneyIn(s)
          ? 'order.lifecycle.paidUseRefund'
          : a.type === 'cancel' && a.reason.trim()
            ? null
            : 'order.lifecycle.reasonRequired',
      next: (s) => ({
        ...s,
        status: 'cancelled',
        cancelledBy: 'staff',
        paymentStatus: s.paymentStatus === 'pending' ? 'cancelled' : s.paymentStatus,
        shippingStatus: s.shippingStatus === 'ready' ? 'returned' : s.shippingStatus,
        stockHeld: false,
      }),
    },
  ],
  refund: [
    {
      from: [...PREPARING, 'ready', 'shipped', ...DELIVERED, 'completed'],
      guard: (s) => (moneyIn(s) ? null : 'order.lifecycle.notPaid'),
      next: (s, a) => {
        const restock = a.type === 'refund' && a.restock && s.stockHeld;
        // the refund is decided: the money is due back until it is made (`refund_done`)
        return {
          ...s,
          status: 'refunded',
          paymentStatus: 'refund_due',
          shippingStatus: restock && s.shippingStatus !== 'pending' ? 'returned' : s.shippingStatus,
          stockHeld: s.stockHeld && !restock,
        };
      },
    },
    {
      // money that came in after the order was cancelled (payment status refund_due)
      from: ['cancelled'],
      guard: (s) => (s.paymentStatus === 'refund_due' ? null : 'order.lifecycle.notPaid'),
      next: (s) => ({ ...s, status: 'refunded', paymentStatus: 'refund_due' }),
    },
  ],
  refund_done: [
    {
      // the money went back: only now is the order's payment `refunded`
      from: ['refunded', 'cancelled'],
      guard: (s) => (s.paymentStatus === 'refund_due' ? null : 'order.lifecycle.notPaid'),
      next: (s) => ({ ...s, paymentStatus: 'refunded' }),
    },
  ],
  payment_started: [
    {
      from: ['new', 'incomming', 'awaiting_payment', 'pending'],
      guard: (s) => (moneyIn(s) ? 'order.lifecycle.alreadyPaid' : null),
      next: (s) => ({
        ...s,
        status: s.status === 'pending' ? 'pending' : 'awaiting_payment',
        paymentStatus: 'pending',
      }),
    },
    {
      // paying again after the payment itself cancelled the order: its units are taken anew
      from: ['cancelled'],
      guard: (s) => (s.cancelledBy === 'payment' ? null : 'order.lifecycle.cancelled'),
      next: (s) => ({
        ...s,
        status: 'awaiting_payment',
        paymentStatus: 'pending',
        cancelledBy: null,
        stockHeld: true,
      }),
    },
  ],
  paid: [
    {
      from: OPEN,
      guard: (s) => (moneyIn(s) ? 'order.lifecycle.alreadyPaid' : null),
      next: (s) => ({ ...s, status: 'paid', paymentStatus: 'paid' }),
    },
    {
      // a cash-on-delivery or transfer order already on its way (or completed unpaid): only the payment changes
      from: ['ready', 'shipped', ...DELIVERED, 'completed'],
      guard: (s) => (moneyIn(s) ? 'order.lifecycle.alreadyPaid' : null),
      next: (s) => ({ ...s, paymentStatus: 'paid' }),
    },
    {
      // a payment after a cancellation: the order revives when its units can be taken again (always,
      // when the payment itself cancelled it); after the staff cancelled it the money is returned
      from: ['cancelled'],
      guard: (s) => (moneyIn(s) || s.paymentStatus === 'refund_due' ? 'order.lifecycle.alreadyPaid' : null),
      next: (s, a) =>
        s.cancelledBy !== 'staff' && a.type === 'paid' && (a.stockAvailable || s.cancelledBy === 'payment')
          ? { ...s, status: 'paid', paymentStatus: 'paid', cancelledBy: null, stockHeld: true }
          : { ...s, paymentStatus: 'refund_due' },
    },
  ],
  payment_failed: [
    {
      // a cancelled or failed payment cancels an order still waiting for it; the shopper may pay again
      from: ['new', 'incomming', 'awaiting_payment', 'pending'],
      guard: (s) => (moneyIn(s) ? 'order.lifecycle.alreadyPaid' : null),
      next: (s, a) => ({
        ...s,
        status: 'cancelled',
        cancelledBy: 'payment',
        paymentStatus: a.type === 'payment_failed' ? a.paymentStatus : 'failed',
        stockHeld: false,
      }),
    },
    {
      // an order already cancelled or on its way (paid on delivery): only the payment status changes
      from: ['cancelled', 'ready', 'shipped', ...DELIVERED],
      guard: (s) => (moneyIn(s) || s.paymentStatus === 'refund_due' ? 'order.lifecycle.alreadyPaid' : null),
      next: (s, a) => ({ ...s, paymentStatus: a.type === 'payment_failed' ? a.paymentStatus : 'failed' }),
    },
  ],
  unpaid_expiry: [
    {
      from: ['new', 'awaiting_payment'],
      guard: (s) => (moneyIn(s) ? 'order.lifecycle.alreadyPaid' : null),
      next: (s) => ({
        ...s,
        status: 'cancelled',
        cancelledBy: 'payment_timeout',
        paymentStatus: s.paymentStatus === 'pending' ? 'cancelled' : s.paymentStatus,
        stockHeld: false,
      }),
    },
  ],
};

/** the customer's e-mail after a change (none for a payment that cancelled the order: they may pay again) */
function emailOf(action: OrderAction, prev: OrderState, next: OrderState): OrderEmailKind | null {
  if (next.paymentStatus === 'paid' && prev.paymentStatus !== 'paid' && action.type === 'paid') return 'paid';
  switch (action.type) {
    case 'ready_for_pickup':
      return 'ready_for_pickup';
    case 'ship':
      return 'shipped';
    case 'complete':
      return 'feedback_request';
    case 'cancel':
    case 'unpaid_expiry':
      return 'cancelled';
    // a refund's messages ("we will refund", "refunded") are the refund's own (apps/api order/refunds.ts):
    // they name its amount, and "refunded" is said only once the money went back
    default:
      return null;
  }
}

function eventsOf(prev: OrderState, next: OrderState): OrderEventType[] {
  const events: OrderEventType[] = [];
  if (next.paymentStatus === 'paid' && prev.paymentStatus !== 'paid') events.push('order.paid');
  if (next.status !== prev.status) events.push('order.status_changed');
  if (next.status === 'cancelled' && prev.status !== 'cancelled') events.push('order.cancelled');
  return events;
}

/** true when the order changed at all (an unchanged state writes no history) */
export function orderStateChanged(a: OrderState, b: OrderState): boolean {
  return (
    a.status !== b.status ||
    a.paymentStatus !== b.paymentStatus ||
    a.shippingStatus !== b.shippingStatus ||
    a.stockHeld !== b.stockHeld ||
    a.cancelledBy !== b.cancelledBy
  );
}

/**
 * The next state of an order after an action, and what must happen with it; or why the action is
 * refused (a message key: the API answers 409 and changes nothing).
 */
export function applyOrderAction(
  state: OrderState,
  action: OrderAction,
): OrderTransition | OrderTransitionError {
  const rules = TRANSITIONS[action.type];
  const rule = rules.find((r) => r.from.includes(state.status));
  if (!rule)
    return {
      error: { key: 'order.lifecycle.forbidden', params: { status: state.status, action: action.type } },
    };
  const refused = rule.guard?.(state, action);
  if (refused) return { error: { key: refused, params: { status: state.status, action: action.type } } };
  const next = rule.next(state, action);
  if (next.status !== 'cancelled') next.cancelledBy = null;
  return {
    state: next,
    effects: {
      returnStock: state.stockHeld && !next.stockHeld,
      takeStock:
        !state.stockHeld && next.stockHeld
          ? action.type === 'paid' && state.cancelledBy === 'payment'
            ? 'force'
            : 'check'
          : null,
      email: emailOf(action, state, next),
      events: eventsOf(state, next),
    },
  };
}

export const isTransitionError = (r: OrderTransition | OrderTransitionError): r is OrderTransitionError =>
  'error' in r;

/** the staff actions that could apply to an order now (the back office offers these buttons) */
export function staffActionsFor(state: OrderState): StaffActionType[] {
  const probe: Record<StaffActionType, OrderAction> = {
    confirm: { type: 'confirm' },
    ready_for_pickup: { type: 'ready_for_pickup' },
    ship: { type: 'ship', carrier: 'x', trackingNumber: 'x' },
    collected: { type: 'collected' },
    complete: { type: 'complete' },
    cancel: { type: 'cancel', reason: 'x' },
    refund: { type: 'refund', restock: false },
  };
  return STAFF_ACTIONS.filter((t) => !isTransitionError(applyOrderAction(state, probe[t])));
}

/** the carrier code of store pickup (demo shipping method `storepickup_storepickup`) */
export const STORE_PICKUP_CARRIER = 'storepickup';

/** an order the customer picks up: a pickup point (parcel locker) was chosen, or the shop's own pickup */
export function isPickupOrder(order: {
  shippingAddress: unknown;
  shippingCarrierCode?: string | null;
}): boolean {
  const address = order.shippingAddress as { pickup_point?: unknown } | null;
  return Boolean(address?.pickup_point) || order.shippingCarrierCode === STORE_PICKUP_CARRIER;
}

/**
 * The storefront's label key of a status: `shipped` reads "shipped / ready to pick up" (the spec's
 * label) for pickup orders and "shipped" for courier ones.
 */
export function orderStatusLabelKey(status: string, pickup: boolean): string {
  return status === 'shipped' && !pickup ? 'orderStatus.shippedCourier' : `orderStatus.${status}`;
}

/**
 * Carriers whose parcels can be followed on the web: code -> tracking page ({n} = the tracking
 * number, URL-encoded). An unknown carrier shows the number only.
 */
export const CARRIER_TRACKING_URLS: Readonly<Record<string, { name: string; url: string }>> = {
  omniva: { name: 'Omniva', url: 'https://mano.omniva.lt/track/{n}' },
  dpd: { name: 'DPD', url: 'https://www.dpdgroup.com/lt/mydpd/my-parcels/track?parcelNumber={n}' },
  lpexpress: { name: 'LP Express', url: 'https://www.lpexpress.lt/siuntu-sekimas?parcels={n}' },
  venipak: { name: 'Venipak', url: 'https://venipak.com/lt/tracking/?id={n}' },
};

/** a carrier code as the staff may type it ("LP Express", "lp_express") -> the table's key */
export function carrierKey(carrier: string): string {
  return carrier.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** the carrier's tracking page for a parcel; null for an unknown carrier or no number */
export function trackingUrl(
  carrier: string | null | undefined,
  trackingNumber: string | null | undefined,
): string | null {
  if (!carrier || !trackingNumber?.trim()) return null;
  const c = CARRIER_TRACKING_URLS[carrierKey(carrier)];
  return c ? c.url.replace('{n}', encodeURIComponent(trackingNumber.trim())) : null;
}

/** the carrier's name as customers know it; the staff's text for an unknown one */
export function carrierName(carrier: string): string {
  return CARRIER_TRACKING_URLS[carrierKey(carrier)]?.name ?? carrier;
}
