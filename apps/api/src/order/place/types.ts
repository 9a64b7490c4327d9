/** What the steps of placing an order (../place.ts) hand each other, and what they answer. */
import type { Database } from '@vitrina/db';
import type { OrderCreateHead, OrderCreateInput, StoreCode } from '@vitrina/domain';
import type { ApiConfig } from '../../config.ts';
import type { CatalogService } from '../../catalog/service.ts';
import type { CartRow, CartService } from '../../cart/service.ts';
import type { findCoupon, LineIntent, PricedLine, totalsOf } from '../../cart/pricing.ts';
import type { RateLimiter } from '../../auth/rate-limit.ts';
import type { CustomerHistoryEntry, LifecycleOrder } from '../lifecycle.ts';
import type { EffectiveSettings } from '../../settings/service.ts';
import type { OrderKeys } from '../keys.ts';
import type { StockTurns } from '../stock-turns.ts';
import type { OrderItemRow, OrderRow } from '../rows.ts';

/** what placing an order needs from the API */
export type PlaceOrderDeps = {
  database: Database;
  config: ApiConfig;
  catalog: CatalogService;
  carts: CartService;
  /** called after stock changed (outside the transaction): keeps listings' stock fresh */
  onStockChanged: (productIds: number[]) => Promise<void>;
  /** RATE_LIMIT_ORDER_ADDRESS counts here; none: no limit (tests of the service alone) */
  limiter?: RateLimiter | undefined;
  /** the process's orders of one product, one after another (stock-turns.ts) */
  turns: StockTurns;
  /** the keys of orders this process knows, and those under way (keys.ts), one per database */
  keys: OrderKeys;
};

/** who places the order: the customer of the request's token, and the request's client address */
export type Placer = { customerId?: number | undefined; clientAddress?: string | undefined };

export type ShippingMethod = Awaited<ReturnType<CartService['shippingMethodsNow']>>[number];
export type PaymentMethod = Awaited<ReturnType<CartService['usablePaymentMethods']>>[number];

/** what step 2 found ordered: the cart (its owner checked) and the lines, not yet priced */
export type Ordered = {
  /** the body as its head was checked (orderHeadSchema): the rest is checked once the order is let in */
  input: OrderCreateHead;
  /** the request's hash (repeated.ts orderRequestHash), computed when first asked */
  requestHash: () => string;
  cart: CartRow | undefined;
  store: StoreCode;
  /** the lines come from the server's cart (else from the request's products) */
  fromCart: boolean;
  intents: LineIntent[];
};

/** an order let in by its stock's look, its body checked whole (orderCreateSchema) */
export type OrderedWhole = Omit<Ordered, 'input'> & { input: OrderCreateInput };

/** the order as step 4 checked it: everything `write` stores, but the totals */
export type CheckedOrder = {
  input: OrderCreateInput;
  requestHash: () => string;
  cart: CartRow | undefined;
  store: StoreCode;
  priced: PricedLine[];
  virtual: boolean;
  shipping: ShippingMethod | undefined;
  payment: PaymentMethod;
  pickupPoint: Record<string, unknown> | undefined;
  coupon: Awaited<ReturnType<typeof findCoupon>>;
  tax: Awaited<ReturnType<CartService['taxFor']>>;
  email: string;
  personalDetails: Record<string, unknown> & { firstName?: string; lastName?: string };
};

export type Totals = ReturnType<typeof totalsOf>;

/** step 5's answer: the totals, and the shop's settings they were priced with (the e-mails name the same) */
export type Priced = { totals: Totals; settings: EffectiveSettings };

/**
 * What the order's transaction wrote that its answer shows besides the row: its lines and its history
 * as RETURNING answered them (a read after the commit would answer the same), and whether its payment
 * method is offline (the row step 4 checked it against). A new order has no credit notes.
 */
export type PlacedOrder = {
  items: OrderItemRow[];
  history: CustomerHistoryEntry[];
  paymentOffline: boolean;
};

/** an order placed now (`placed`: what it wrote), or the first order of a repeated request (read for its answer) */
export type Placement = { order: OrderRow; placed?: PlacedOrder | undefined };

/** the order row as its INSERT answers it (RETURNING *): what the answer and the order's history need */
export type PlacedRow = OrderRow & LifecycleOrder & { terms_version: string | null };
