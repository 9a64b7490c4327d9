/**
 * Placing an order (accounts-checkout-routes.md §4 "Checkout"; CONTRACTS.md "POST /order/create"),
 * as named steps, all in this file, each answering what the next one needs:
 *
 * 1. `repeated`     an idempotency key seen before answers its first order; nothing else runs. A
 *                   twin request of a key under way in this process waits for it first, so twins
 *                   never race each other here; on the embedded database a key this process knows no
 *                   order of is not read at all (keys.ts, record 0075). Asked after steps 2 and 3
 *                   (a repeat's cart is already converted: `cartGone`, answered below; a repeat
 *                   refused for stock is answered its first order too), so a sale's loser reads its
 *                   key only once refused; an order let in reads it first thing in its turn (step
 *                   4's start). Then the attempt counts against its address (RATE_LIMIT_ORDER_ADDRESS),
 *                   a refused one too.
 * 2. `ordered`      what is ordered: the cart (its owner checked against the order's token) and its
 *                   lines, or the posted products when the cart is unknown to the server (e.g. an order
 *                   queued offline). One read, none on the embedded database (the kept cart).
 * 3. `lookAtStock`  one look at the lines' stock, no lock (kept in memory on the embedded database):
 *                   units already gone refuse the order at once with the spec's stock message, before
 *                   anything else is checked or priced, so a flash sale's losers cost a read or two and
 *                   never open a transaction nor queue behind the hot product's row. An order with a
 *                   sold-out product and another fault gets the stock message (record 0064).
 *    Steps 4 to 6 run under way (stock-turns.ts, record 0068): an order counts the units of the
 *    orders of its products already under way in this process against that look, and while they
 *    hold what is left it waits there, neither checked nor priced; once they are placed it is refused
 *    with the stock message, and when one fails its units go to the next waiting order.
 * 4. `validate`     the server's view of the rest: the lines priced from the catalogue, the shipping
 *                   and payment methods (kept per catalogue version, as the cart's totals used them),
 *                   addresses, pickup point, e-mail, the cap of units per line. Reads only.
 * 5. `price`        the order's totals by the cart's own rules (cart/pricing.ts totalsOf), so the order
 *                   charges what the cart showed. A bundle's chosen products, known only once priced,
 *                   are looked at here (the same unlocked look).
 * 6. `write`        in its write turn: while another order of one of its products writes in this
 *                   process, the order waits holding no database connection (stock-turns.ts). Then
 *                   ONE short transaction: the caps on open orders (unpaid.ts), the order (its number
 *                   from the table's sequence: nothing shared by unrelated orders; the terms version
 *                   in the same INSERT), its lines, its history, event and e-mails (the outbox,
 *                   lifecycle.ts recordOrderPlaced, from the inserted row), the coupon's use
 *                   (coupon.ts), the cart converted, and LAST the stock: one conditional decrement per
 *                   product (stock.ts takeStock, `qty >= n`), so a product's row is locked from that
 *                   statement to the commit and never across the rest of the order. A unit short
 *                   there (e.g. an order of another shop process took it) rolls everything back.
 *                   Nothing it wrote is read back: the answer is built from the statements' own
 *                   RETURNING (record 0077), and the stock rows the decrement returned are kept
 *                   once committed (the cart service's, on the embedded database).
 * 7. `afterCommit`  the listings' stock refreshed (outside the transaction).
 *
 * `idempotency_key` is unique: a repeat answers the first order and never creates a second. An
 * order refused for stock, or that lost its cart or its key to another, answers the first order of
 * its key when there is one by then (`lostToTwin`): a twin placed in another process meanwhile may
 * have taken the last unit.
 */
import { createHash, randomBytes } from 'node:crypto';
import { COHERENT_WRITE, type Database } from '@vitrina/db';
import {
  CURRENCY_CODE,
  isPickupOrder,
  isStoreCode,
  rowTotalInclTax,
  stockUnitsOf,
  type OrderCreateInput,
  type StockLine,
  type StoreCode,
} from '@vitrina/domain';
import type { ApiConfig } from '../config.ts';
import type { CatalogService } from '../catalog/service.ts';
import { assertCartOwner, type CartRow, type CartService } from '../cart/service.ts';
import {
  findCoupon,
  isVirtual,
  priceLines,
  refusedLineError,
  totalsOf,
  type LineIntent,
  type PricedLine,
} from '../cart/pricing.ts';
import { fieldError, ruleError } from '../http/errors.ts';
import { assertOrderAddresses } from '../lib/home-address.ts';
import { isUniqueViolation, one, type Queryable } from '../lib/db.ts';
import { enforce, type RateLimiter } from '../auth/rate-limit.ts';
import { productsUnavailable, shortUnits, storedProductOption, takeStock } from './stock.ts';
import { couponRefused, couponUsedUp, redeemCoupon } from './coupon.ts';
import { assertRoomForOpenOrder, assertRoomForUnpaidOrder, paidOnline } from './unpaid.ts';
import {
  customerHistory,
  recordOrderPlaced,
  type CustomerHistoryEntry,
  type LifecycleOrder,
} from './lifecycle.ts';
import type { EffectiveSettings } from '../settings/service.ts';
import { currentTermsVersion } from '../legal/terms.ts';
import { ApiError } from '../http/errors.ts';
import type { OrderKeys } from './keys.ts';
import type { Seen, StockTurns, UnderWay } from './stock-turns.ts';
import type { OrderItemRow, OrderRow } from './rows.ts';

/** order numbers start here (increment_id like "100000123") */
const INCREMENT_BASE = 100_000_000;

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

type ShippingMethod = Awaited<ReturnType<CartService['shippingMethodsNow']>>[number];
type PaymentMethod = Awaited<ReturnType<CartService['usablePaymentMethods']>>[number];

/** what step 2 found ordered: the cart (its owner checked) and the lines, not yet priced */
type Ordered = {
  input: OrderCreateInput;
  requestHash: string;
  cart: CartRow | undefined;
  store: StoreCode;
  /** the lines come from the server's cart (else from the request's products) */
  fromCart: boolean;
  intents: LineIntent[];
};

/** the order as step 4 checked it: everything `write` stores, but the totals */
type CheckedOrder = {
  input: OrderCreateInput;
  requestHash: string;
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

type Totals = ReturnType<typeof totalsOf>;

/** step 5's answer: the totals, and the shop's settings they were priced with (the e-mails name the same) */
type Priced = { totals: Totals; settings: EffectiveSettings };

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
type PlacedRow = OrderRow & LifecycleOrder & { terms_version: string | null };

/** JSON with object keys sorted: equal requests hash equally whatever their key order */
function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v);
}

/** sha-256 of the validated order request, its idempotency key left out */
function orderRequestHash(input: OrderCreateInput): string {
  const { idempotency_key: _key, ...rest } = input;
  return createHash('sha256').update(canonicalJson(rest)).digest('base64url');
}

/** step 1: the first order of a key answers a repeat of the same request; another request with it is refused (409) */
function answering(first: OrderRow | undefined, requestHash: string): OrderRow | undefined {
  if (first?.request_hash && first.request_hash !== requestHash)
    throw ruleError('order.idempotencyConflict', undefined, 'idempotency_key', 409);
  return first;
}

/** Steps 1 to 7; answers the order placed, or the first order of a repeated request. */
export async function placeOrder(
  deps: PlaceOrderDeps,
  input: OrderCreateInput,
  requestStore: StoreCode,
  who: Placer,
): Promise<Placement> {
  // a twin of an order of this key under way here waits for its end, then answers as a repeat
  const end = await deps.keys.enter(input.idempotency_key);
  try {
    return await placeOnce(deps, input, requestStore, who);
  } finally {
    end();
  }
}

/**
 * The first order of `key` when this process may not know it (else none, and no statement), read
 * with the other keys asked for meanwhile (keys.ts orderOf); another request with it is refused (409).
 */
async function firstOf(
  deps: PlaceOrderDeps,
  key: string,
  requestHash: string,
): Promise<OrderRow | undefined> {
  if (!(await deps.keys.mayExist(key))) return undefined;
  return answering(await deps.keys.orderOf(key), requestHash);
}

async function placeOnce(
  deps: PlaceOrderDeps,
  input: OrderCreateInput,
  requestStore: StoreCode,
  who: Placer,
): Promise<Placement> {
  const requestHash = orderRequestHash(input);
  // every attempt but a repeat counts against its address, a refused one too: a flood cannot probe
  // for free (RATE_LIMIT_ORDER_ADDRESS)
  let counted = false;
  const count = async () => {
    if (counted || !deps.limiter || !who.clientAddress) return;
    counted = true;
    await enforce(deps.limiter, [
      { key: `order:address:${who.clientAddress}`, rule: deps.config.rateLimits.orderAddress },
    ]);
  };
  let written: Placement & { productIds: number[] };
  try {
    // steps 2 and 3 before step 1: an order refused for stock reads its key only then, below (a
    // sale's loser on PostgreSQL: its cart, the stock and its key once; nothing on the embedded database)
    const ordered = await whatIsOrdered(deps, input, requestHash, requestStore, who.customerId);
    const seen = await lookAtStock(deps, ordered);
    // under way in its turn (stock-turns.ts): an order the units left after the orders ahead of it
    // cannot serve waits here, neither checked nor priced, and is refused once they have taken them
    written = await deps.turns.run(underWayOf(deps, ordered, seen), async (writeTurn) => {
      // step 1 in its turn: an order refused while it waited reads its key only once refused, below
      const first = await firstOf(deps, input.idempotency_key, requestHash);
      if (first) return { order: first, productIds: [] };
      await count();
      const order = await validate(deps, ordered, who.customerId);
      const priced = await price(deps, order);
      // one transaction of a product at a time in this process, holding a connection
      return writeTurn(stockUnitsOf(stockLinesOf(order)), () => write(deps, order, priced, who));
    });
  } catch (err) {
    // two first attempts of one key raced (in two processes on PostgreSQL): the loser answers the
    // winner's order, whether it lost at the key's unique index, found the cart already ordered or
    // found the last unit taken by it
    if (lostToTwin(err)) {
      const winner = await firstOf(deps, input.idempotency_key, requestHash);
      if (winner) return { order: winner };
    }
    // a refused attempt (a foreign cart, a sold-out product) counts as it did when counted first
    await count();
    throw err;
  }
  await afterCommit(deps, written.productIds);
  return { order: written.order, placed: written.placed };
}

/** the cart is no longer open: ordered meanwhile (perhaps by a twin request of the same key) */
const cartGone = () => Object.assign(fieldError('cart_id', 'cart.notFound'), { cartGone: true });

/**
 * an error a twin request of the same key, committed first, causes: its key, its cart, its units
 * taken, or the caps on open orders its order filled (unpaid.ts)
 */
const lostToTwin = (err: unknown): boolean =>
  isUniqueViolation(err) ||
  (err as { cartGone?: unknown } | null)?.cartGone === true ||
  (err instanceof ApiError && TWIN_REFUSALS.has(err.key));

/** the refusals a twin's order may cause: the spec's stock message (stock.ts productsUnavailable), the caps' (unpaid.ts) */
const TWIN_REFUSALS = new Set(['order.productsUnavailable', 'order.tooManyUnpaid', 'order.tooManyOpen']);

/** step 2: the cart (its owner checked) and its lines, or the posted products (reads only) */
async function whatIsOrdered(
  deps: PlaceOrderDeps,
  input: OrderCreateInput,
  requestHash: string,
  requestStore: StoreCode,
  customerId: number | undefined,
): Promise<Ordered> {
  const { carts } = deps;
  // before anything is told of the cart's lines (their stock included): its owner only
  const cart = await carts.withLines(input.cart_id);
  if (cart && cart.status !== 'active') throw cartGone();
  if (cart) assertCartOwner(cart, customerId);
  const store: StoreCode = cart && isStoreCode(cart.store_code) ? cart.store_code : requestStore;
  const cartLines = cart ? (cart.items ?? (await carts.lines(cart.id))) : [];
  const fromCart = cartLines.length > 0;
  const intents: LineIntent[] = fromCart
    ? cartLines.map((l) => ({ item_id: l.item_id, sku: l.sku, qty: l.qty, product_option: l.product_option }))
    : input.products.map((p, i) => ({
        item_id: i + 1,
        sku: p.sku,
        qty: p.qty,
        product_option: p.product_option,
      }));
  return { input, requestHash, cart, store, fromCart, intents };
}

/** the units the order's lines hold as ordered, before pricing (a bundle's chosen products come later) */
const orderedLines = (o: Ordered): StockLine[] =>
  o.intents.map((l) => ({ sku: l.sku, name: l.sku, qty: l.qty, picks: null }));

/**
 * step 3: units already gone refuse the order at once, named in the store view's language, before the
 * rest is checked or priced (a bundle's chosen products are looked at once priced: step 5). The look
 * is kept: the order's units are counted against it in its turn (stock-turns.ts).
 */
async function lookAtStock(deps: PlaceOrderDeps, o: Ordered): Promise<Seen> {
  const lines = orderedLines(o);
  const seen = await deps.turns.look(stockUnitsOf(lines).map((u) => u.sku));
  const short = await shortUnits(async () => seen.rows, lines);
  if (short.length)
    throw await soldOut(
      deps,
      o.store,
      short.map((l) => l.sku),
    );
  return seen;
}

/** the spec's stock message naming the products of `skus` in the store view's language */
async function soldOut(deps: PlaceOrderDeps, store: StoreCode, skus: string[]): Promise<Error> {
  const products = await deps.catalog.resolveSkus(store, skus);
  return productsUnavailable(
    skus.map((sku) => ({ sku, name: String(products.get(sku)?.product.name ?? sku) })),
  );
}

/** what the order holds while under way: its lines' units, counted against its own look */
const underWayOf = (deps: PlaceOrderDeps, o: Ordered, seen: Seen): UnderWay => ({
  units: stockUnitsOf(orderedLines(o)),
  seen,
  soldOut: (skus) => soldOut(deps, o.store, skus),
});

/** step 4: the server's view of the rest of the order (reads only); refuses what cannot be ordered */
async function validate(
  deps: PlaceOrderDeps,
  ordered: Ordered,
  customerId: number | undefined,
): Promise<CheckedOrder> {
  const { database, carts } = deps;
  const { input, requestHash, cart, store, fromCart, intents } = ordered;
  // the group tier (GROUP_PRICING): the cart's owner, as its totals were shown; an order without a
  // server cart (queued offline), the customer of the request's token; never the body's user_id
  const owner = cart ? cart.customer_id : customerId;
  const tier = await carts.tierOf(owner);
  const info = input.addressInformation;
  const countryId = info.shippingAddress.countryId;
  // made gross for the delivery country, as the cart's totals showed them with this address
  const tax = await carts.taxFor(store, countryId, owner);
  const { priced, unavailable, refused } = await priceLines(
    deps.catalog,
    store,
    intents,
    database,
    tier,
    tax,
  );
  // a grouped or bundle line that does not say what it buys, from the cart or the body
  const [badLine] = refused;
  if (badLine)
    throw refusedLineError(badLine, fromCart ? 'products' : `products[${badLine.index}].product_option`);
  const notSellable = [
    ...unavailable.map((sku) => ({ sku, name: sku })),
    ...priced.filter((l) => l.product_type === 'configurable'),
  ];
  if (notSellable.length) throw productsUnavailable(notSellable);
  if (priced.length === 0) throw ruleError('api.emptyOrder', undefined, 'products');

  const virtual = isVirtual(priced);
  // the list the cart's totals priced with (kept per catalogue version), not a read per order
  const shipping = (await carts.shippingMethodsNow()).find(
    (m) =>
      m.carrier_code === info.shipping_carrier_code &&
      m.method_code === info.shipping_method_code &&
      m.countries.includes(countryId),
  );
  if (!shipping && !virtual)
    throw ruleError(
      'api.shippingMethodUnavailable',
      { code: `${info.shipping_carrier_code}_${info.shipping_method_code}` },
      'addressInformation.shipping_method_code',
    );
  // the one address rule for the method: a courier needs the home address, a parcel locker or
  // store pickup does not; a billing address of its own, the billing rule
  assertOrderAddresses(shipping, virtual, info.shippingAddress, info.billingAddress, 'addressInformation');
  // a parcel-locker or pickup method: the chosen point must be one of the carrier's, in the country
  let pickupPoint: Record<string, unknown> | undefined;
  if (shipping?.needs_pickup_point && !virtual) {
    if (!info.pickup_point_id) throw fieldError('addressInformation.pickup_point_id', 'validation.required');
    pickupPoint = await one<Record<string, unknown>>(
      database,
      'SELECT id, carrier_code, name, address, city, postcode, country_id, opening_hours FROM pickup_points WHERE id = $1 AND carrier_code = $2 AND country_id = $3 AND is_active',
      [info.pickup_point_id, shipping.carrier_code, countryId],
    );
    if (!pickupPoint) throw fieldError('addressInformation.pickup_point_id', 'validation.required');
  }
  const payment = (await carts.usablePaymentMethods(virtual)).find(
    (m) => m.code === info.payment_method_code,
  );
  if (!payment)
    throw ruleError(
      'api.paymentMethodUnavailable',
      { code: info.payment_method_code },
      'addressInformation.payment_method_code',
    );
  // the coupon row read with the cart, as the cart's totals used it
  const coupon = !cart?.coupon_code
    ? undefined
    : cart.coupon !== undefined
      ? (cart.coupon ?? undefined)
      : await findCoupon(database, cart.coupon_code);
  // the cart showed its discount, but other orders used the coupon up: refused, never charged in full silently
  if (coupon && couponUsedUp(coupon)) throw couponRefused();
  const email = input.personalDetails?.emailAddress ?? info.shippingAddress.email;
  if (!email) throw fieldError('personalDetails.emailAddress', 'validation.required');
  const personal = input.personalDetails ?? {
    firstName: info.shippingAddress.firstname,
    lastName: info.shippingAddress.lastname,
    emailAddress: email,
  };
  const { password: _password, ...personalDetails } = personal as typeof personal & { password?: string };

  // an unpaid order may hold only so many units of a product (ORDER_LINE_MAX_UNITS)
  const maxUnits = deps.config.unpaidOrders.lineMaxUnits;
  const over = maxUnits > 0 ? priced.findIndex((l) => l.qty > maxUnits) : -1;
  if (over !== -1)
    throw fieldError(fromCart ? `cartItem[${over}].qty` : `products[${over}].qty`, 'order.lineOverMaxUnits', {
      max: maxUnits,
      name: priced[over]!.name,
    });
  return {
    input,
    requestHash,
    cart,
    store,
    priced,
    virtual,
    shipping,
    payment,
    pickupPoint,
    coupon,
    tax,
    email,
    personalDetails,
  };
}

/** step 5: the totals the cart showed for these lines, methods and coupon; a bundle's chosen products' stock */
async function price(deps: PlaceOrderDeps, o: CheckedOrder): Promise<Priced> {
  if (o.priced.some((l) => l.bundle_picks?.length)) await checkStock(deps, o);
  const [config, settings] = await Promise.all([deps.carts.pricingConfig(), deps.carts.settingsNow()]);
  const totals = totalsOf(config, o.tax, {
    lines: o.priced,
    coupon: o.coupon,
    shippingMethod: o.shipping,
    paymentMethod: o.payment,
    storeCode: o.store,
    now: new Date(),
  });
  return { totals, settings };
}

/** the units the order holds in stock: a bundle's chosen products too (stock.ts takeStock) */
const stockLinesOf = (o: CheckedOrder) =>
  o.priced.map((l) => ({ sku: l.sku, name: l.name, qty: l.qty, picks: l.bundle_picks }));

/** every unit of the priced order, a bundle's chosen products too: refused at once when one is short */
async function checkStock(deps: PlaceOrderDeps, o: CheckedOrder): Promise<void> {
  const short = await shortUnits((skus) => deps.carts.stockOf(skus), stockLinesOf(o));
  if (short.length) throw productsUnavailable(short);
}

/** step 6: the one transaction that places the order (see the file's comment for its order) */
async function write(
  deps: PlaceOrderDeps,
  o: CheckedOrder,
  { totals, settings }: Priced,
  who: Placer,
): Promise<Placement & { productIds: number[]; keep?: () => void }> {
  const { config } = deps;
  const { input, cart, shipping, payment, pickupPoint, email, personalDetails } = o;
  const info = input.addressInformation;
  const { customerId, clientAddress } = who;
  const written = await deps.database.transaction(async (tx) => {
    // the key is not read again here: a twin placed since step 1 (in another process) makes the
    // key's unique index refuse this INSERT, or its caps refuse this order, and the order then
    // answers the twin's order (lostToTwin); reading it here cost every order a statement
    if (paidOnline(config, payment))
      await assertRoomForUnpaidOrder(tx, config, { customerId, clientAddress });
    // every order is unpaid when placed: cash on delivery and bank transfer are capped too
    await assertRoomForOpenOrder(tx, config, { customerId, email, clientAddress });
    // known before the row is, so no read of the key can miss it (keys.ts)
    deps.keys.adding(input.idempotency_key);
    const order = await one<PlacedRow>(
      tx,
      // the number from the id the table's sequence gives (a counter row would serialise all orders);
      // COHERENT_WRITE: this process's known keys have it already (keys.ts)
      `${COHERENT_WRITE} WITH seq AS (SELECT nextval(pg_get_serial_sequence('orders', 'id')) AS id)
       INSERT INTO orders (id, increment_id, order_token, idempotency_key, cart_id, store_code, status, payment_status,
         shipping_status, email, personal_details, shipping_address, billing_address, shipping_method_code,
         payment_method_code, payment_additional, currency, subtotal_incl_tax, discount_amount, shipping_incl_tax,
         payment_fee, tax_amount, grand_total, coupon_code, customer_id, request_hash, client_address, is_pickup,
         terms_version)
       SELECT seq.id, ($1::bigint + seq.id)::text, $2, $3, $4, $5, 'new', 'pending', 'pending', $6, $7::jsonb, $8::jsonb,
         $9::jsonb, $10, $11, $12::jsonb, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25
       FROM seq
       RETURNING *`,
      [
        INCREMENT_BASE,
        randomBytes(24).toString('base64url'),
        input.idempotency_key,
        input.cart_id,
        o.store,
        email,
        JSON.stringify(personalDetails),
        JSON.stringify(
          pickupPoint ? { ...info.shippingAddress, pickup_point: pickupPoint } : info.shippingAddress,
        ),
        JSON.stringify(info.billingAddress ?? info.shippingAddress),
        shipping?.code ?? `${info.shipping_carrier_code}_${info.shipping_method_code}`,
        payment.code,
        info.payment_method_additional ? JSON.stringify(info.payment_method_additional) : null,
        CURRENCY_CODE,
        totals.subtotal_incl_tax,
        totals.discount_amount,
        totals.shipping_incl_tax,
        totals.payment_fee,
        totals.tax_amount,
        totals.grand_total,
        totals.coupon_code,
        customerId ?? null,
        o.requestHash,
        clientAddress ?? null,
        !o.virtual &&
          isPickupOrder({
            shippingAddress: pickupPoint ? { pickup_point: pickupPoint } : {},
            shippingCarrierCode: shipping?.carrier_code,
          }),
        // the version of the terms the buyer accepts by placing the order: the one in force now
        currentTermsVersion(),
      ],
    );
    if (!order) throw new Error('order was not written');
    const items = await writeLines(tx, order.id, o.priced);
    // the history's first row, the `order.created` event, the confirmation and the shop's notice
    const placed = await recordOrderPlaced(
      tx,
      config,
      order,
      customerId !== undefined ? { kind: 'customer', id: customerId, email } : { kind: 'guest' },
      {
        name: [personalDetails.firstName, personalDetails.lastName].filter(Boolean).join(' '),
        paymentMethod: payment.code,
        shippingMethod: order.shipping_method_code,
      },
      settings,
    );
    if (totals.coupon_code)
      await redeemCoupon(tx, totals.coupon_code, { customerId: customerId ?? null, email }, order.id);
    // a cart becomes one order: a second placement of it (under another key) that raced this one is refused
    if (cart && !(await deps.carts.convert(tx, cart.id))) throw cartGone();
    // last: the whole order is refused when a unit is short (the transaction rolls the rest back)
    const { productIds, short, keep } = await takeStock(tx, stockLinesOf(o), false, deps.carts);
    if (short.length) throw productsUnavailable(short);
    return {
      order,
      productIds,
      placed: { items, history: customerHistory([placed]), paymentOffline: payment.offline },
      keep,
    };
  });
  // committed: the stock rows as the decrement left them are kept (the cart service's, on the
  // embedded database), so the look after this write (stock-turns.ts) and the next cart read none
  written.keep();
  return written;
}

/** the order's lines as they were charged, in one statement that answers them as a read of them would */
async function writeLines(
  tx: Queryable,
  orderId: number,
  priced: readonly PricedLine[],
): Promise<OrderItemRow[]> {
  const values: string[] = [];
  const params: unknown[] = [];
  for (const l of priced) {
    const base = params.length;
    const option = storedProductOption(l.product_option, l.bundle_picks);
    params.push(
      orderId,
      l.product_id,
      l.sku,
      l.name,
      l.qty,
      l.product_type,
      option ? JSON.stringify(option) : null,
    );
    params.push(l.price_incl_tax, rowTotalInclTax(l.price_incl_tax, l.qty), Math.round(l.tax_rate_percent));
    values.push(
      `(${Array.from({ length: 10 }, (_, i) => `$${base + i + 1}${i === 6 ? '::jsonb' : ''}`).join(', ')})`,
    );
  }
  const written = await tx.query<OrderItemRow & { id: number }>(
    `INSERT INTO order_items (order_id, product_id, sku, name, qty, product_type, product_option, price_incl_tax,
       row_total_incl_tax, tax_percent) VALUES ${values.join(', ')}
     RETURNING id, sku, name, qty, product_type, product_option, price_incl_tax, row_total_incl_tax, tax_percent`,
    params,
  );
  // in line order, as the order's reads answer them (ORDER BY id)
  return written.sort((a, b) => a.id - b.id).map(({ id: _id, ...item }) => item);
}

/** step 7: what follows the commit */
async function afterCommit(deps: PlaceOrderDeps, productIds: number[]): Promise<void> {
  if (productIds.length) await deps.onStockChanged(productIds);
}
