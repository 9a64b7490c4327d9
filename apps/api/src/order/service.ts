/**
 * Orders (accounts-checkout-routes.md §4 "Checkout", §7; CONTRACTS.md "POST /order/create").
 *
 * The server prices the order from its own data (the cart's lines, or the posted products when the
 * cart is unknown to the server, e.g. an order queued offline), then in ONE short transaction:
 * checks the cap on open orders awaiting online payment (unpaid.ts), decrements stock (a bundle's
 * chosen products too; refusing the whole order when any unit is short: stock.ts), writes the order, its
 * items, its first history row, the `order.created` event and the confirmation e-mail (lifecycle.ts),
 * counts the coupon use (within its cap: coupon.ts) and
 * marks the cart converted.
 * `idempotency_key` is unique: a repeat answers the first order and never creates a second.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '@vitrina/db';
import type { ShopSettingsService } from '../settings/service.ts';
import { bankTransferOf } from './bank-transfer.ts';
import { orderPresentation } from './presentation.ts';
import type { OrderAmountsRow, OrderItemRow } from './rows.ts';
import {
  CURRENCY_CODE,
  isPickupOrder,
  isStoreCode,
  paymentKindOf,
  rowTotalInclTax,
  type OrderCreateInput,
  type PaymentKind,
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
  shippingMethods,
  totalsOf,
  type LineIntent,
} from '../cart/pricing.ts';
import { fieldError, notFound, ruleError } from '../http/errors.ts';
import { assertOrderAddresses } from '../lib/home-address.ts';
import { isUniqueViolation, one, rows, type Queryable } from '../lib/db.ts';
import { productsUnavailable, storedProductOption, takeStock } from './stock.ts';
import { couponRefused, couponUsedUp, redeemCoupon } from './coupon.ts';
import { assertRoomForOpenOrder, assertRoomForUnpaidOrder, paidOnline } from './unpaid.ts';
import { enforce, type RateLimiter } from '../auth/rate-limit.ts';
import {
  customerDelivery,
  customerHistories,
  orderDetail,
  recordOrderPlaced,
  type CustomerHistoryEntry,
  transitionOrder,
  type OrderDetail,
  type TransitionInput,
} from './lifecycle.ts';

/** order numbers start here (increment_id like "100000123") */
export const INCREMENT_BASE = 100_000_000;

type OrderRow = OrderAmountsRow & {
  id: number;
  increment_id: string;
  order_token: string;
  idempotency_key: string | null;
  cart_id: string | null;
  store_code: string;
  status: string;
  payment_status: string;
  shipping_status: string;
  email: string;
  personal_details: Record<string, unknown>;
  shipping_address: Record<string, unknown>;
  billing_address: Record<string, unknown>;
  shipping_method_code: string;
  payment_method_code: string;
  currency: string;
  request_hash: string | null;
  cancel_reason: string | null;
  carrier: string | null;
  tracking_number: string | null;
  is_pickup: boolean;
  created_at: Date | string;
};

export type OrderView = ReturnType<typeof orderView>;

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
export function orderRequestHash(input: OrderCreateInput): string {
  const { idempotency_key: _key, ...rest } = input;
  return createHash('sha256').update(canonicalJson(rest)).digest('base64url');
}

function orderView(
  o: OrderRow,
  items: OrderItemRow[],
  opts: { details: boolean; history: CustomerHistoryEntry[]; paymentKind: PaymentKind; creditNotes?: string[] },
) {
  return {
    orderNumber: o.increment_id,
    orderToken: o.order_token,
    increment_id: o.increment_id,
    status: o.status,
    /** 'payment_timeout': cancelled because it was not paid in time (unpaid.ts); null otherwise */
    cancel_reason: o.cancel_reason,
    payment_status: o.payment_status,
    shipping_status: o.shipping_status,
    created_at: new Date(o.created_at).toISOString(),
    currency: o.currency,
    grand_total: o.grand_total,
    subtotal_incl_tax: o.subtotal_incl_tax,
    discount_amount: o.discount_amount,
    shipping_incl_tax: o.shipping_incl_tax,
    payment_fee: o.payment_fee,
    tax_amount: o.tax_amount,
    coupon_code: o.coupon_code,
    shipping_method_code: o.shipping_method_code,
    payment_method_code: o.payment_method_code,
    /** cash on delivery by the configured code, the bank transfer, online or another offline method */
    payment_kind: opts.paymentKind,
    // the parcel and the status history: what the order's page shows
    ...customerDelivery(o),
    history: opts.history,
    credit_notes: opts.creditNotes ?? [],
    items: items.map((i) => ({
      sku: i.sku,
      name: i.name,
      qty: i.qty,
      product_type: i.product_type,
      product_option: i.product_option,
      price_incl_tax: i.price_incl_tax,
      row_total_incl_tax: i.row_total_incl_tax,
      tax_percent: i.tax_percent,
    })),
    ...(opts.details
      ? {
          email: o.email,
          personal_details: o.personal_details,
          shipping_address: o.shipping_address,
          billing_address: o.billing_address,
        }
      : {}),
  };
}

export class OrderService {
  constructor(
    private readonly database: Database,
    private readonly config: ApiConfig,
    private readonly catalog: CatalogService,
    private readonly carts: CartService,
    /** called after stock changed (outside the transaction): keeps listings' stock fresh */
    private readonly onStockChanged: (productIds: number[]) => Promise<void>,
    /** the shop's settings: the account a bank transfer is paid to (without it: none, so no instructions) */
    private readonly settings?: ShopSettingsService,
    /** RATE_LIMIT_ORDER_ADDRESS counts here; none: no limit (tests of the service alone) */
    private readonly limiter?: RateLimiter,
  ) {}

  private async view(q: Queryable, order: OrderRow, details = false) {
    const items = await rows<OrderItemRow>(
      q,
      'SELECT sku, name, qty, product_type, product_option, price_incl_tax, row_total_incl_tax, tax_percent FROM order_items WHERE order_id = $1 ORDER BY id',
      [order.id],
    );
    const history = (await customerHistories(q, [order.id])).get(order.id) ?? [];
    const method = await one<{ offline: boolean }>(q, 'SELECT offline FROM payment_methods WHERE code = $1', [order.payment_method_code]);
    const paymentKind = paymentKindOf({ code: order.payment_method_code, offline: method?.offline }, this.config);
    const notes = await rows<{ number: string }>(q, 'SELECT number FROM credit_notes WHERE order_id = $1 ORDER BY id', [order.id]);
    return orderView(order, items, { details, history, paymentKind, creditNotes: notes.map((n) => n.number) });
  }

  private async byIdempotencyKey(q: Queryable, key: string): Promise<OrderRow | undefined> {
    return one<OrderRow>(q, 'SELECT * FROM orders WHERE idempotency_key = $1', [key]);
  }

  /** the first order of a key answers a repeat of the same request; another request with it is refused (409) */
  private async repeatOf(q: Queryable, key: string, requestHash: string): Promise<OrderRow | undefined> {
    const first = await this.byIdempotencyKey(q, key);
    if (first?.request_hash && first.request_hash !== requestHash)
      throw ruleError('order.idempotencyConflict', undefined, 'idempotency_key', 409);
    return first;
  }

  /**
   * `customerId`: the customer of the request's token; the order is linked to them.
   * `clientAddress`: the request's client address (caps open unpaid orders per address: unpaid.ts).
   */
  async create(
    input: OrderCreateInput,
    requestStore: StoreCode,
    customerId?: number,
    clientAddress?: string,
  ): Promise<OrderView> {
    const requestHash = orderRequestHash(input);
    const first = await this.repeatOf(this.database, input.idempotency_key, requestHash);
    if (first) return this.view(this.database, first);

    if (this.limiter && clientAddress)
      await enforce(this.limiter, [{ key: `order:address:${clientAddress}`, rule: this.config.rateLimits.orderAddress }]);

    // ---- the server's view of the order (no transaction: reads only)
    const cart = await one<CartRow>(this.database, 'SELECT * FROM carts WHERE id = $1', [input.cart_id]);
    if (cart && cart.status !== 'active') throw fieldError('cart_id', 'cart.notFound');
    if (cart) assertCartOwner(cart, customerId);
    const store: StoreCode = cart && isStoreCode(cart.store_code) ? cart.store_code : requestStore;
    const cartLines = cart ? await this.carts.lines(cart.id) : [];
    const intents: LineIntent[] = cartLines.length
      ? cartLines.map((l) => ({
          item_id: l.item_id,
          sku: l.sku,
          qty: l.qty,
          product_option: l.product_option,
        }))
      : input.products.map((p, i) => ({
          item_id: i + 1,
          sku: p.sku,
          qty: p.qty,
          product_option: p.product_option,
        }));
    // the group tier (GROUP_PRICING): the cart's owner, as its totals were shown; an order without a
    // server cart (queued offline), the customer of the request's token; never the body's user_id
    const owner = cart ? cart.customer_id : customerId;
    const tier = await this.carts.tierOf(owner);
    // made gross for the delivery country, as the cart's totals showed them with this address
    const tax = await this.carts.taxFor(store, input.addressInformation.shippingAddress.countryId, owner);
    const { priced, unavailable, refused } = await priceLines(this.catalog, store, intents, this.database, tier, tax);
    // a grouped or bundle line that does not say what it buys, from the cart or the body
    const [badLine] = refused;
    if (badLine)
      throw refusedLineError(badLine, cartLines.length ? 'products' : `products[${badLine.index}].product_option`);
    const notSellable = [
      ...unavailable.map((sku) => ({ sku, name: sku })),
      ...priced.filter((l) => l.product_type === 'configurable'),
    ];
    if (notSellable.length) throw productsUnavailable(notSellable);
    if (priced.length === 0) throw ruleError('api.emptyOrder', undefined, 'products');

    const info = input.addressInformation;
    const virtual = isVirtual(priced);
    const countryId = info.shippingAddress.countryId;
    const shipping = (await shippingMethods(this.database)).find(
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
      if (!info.pickup_point_id)
        throw fieldError('addressInformation.pickup_point_id', 'validation.required');
      pickupPoint = await one<Record<string, unknown>>(
        this.database,
        'SELECT id, carrier_code, name, address, city, postcode, country_id, opening_hours FROM pickup_points WHERE id = $1 AND carrier_code = $2 AND country_id = $3 AND is_active',
        [info.pickup_point_id, shipping.carrier_code, countryId],
      );
      if (!pickupPoint) throw fieldError('addressInformation.pickup_point_id', 'validation.required');
    }
    const payment = (await this.carts.usablePaymentMethods(virtual)).find(
      (m) => m.code === info.payment_method_code,
    );
    if (!payment)
      throw ruleError(
        'api.paymentMethodUnavailable',
        { code: info.payment_method_code },
        'addressInformation.payment_method_code',
      );
    const coupon = cart?.coupon_code ? await findCoupon(this.database, cart.coupon_code) : undefined;
    // the cart showed its discount, but other orders used the coupon up: refused, never charged in full silently
    if (coupon && couponUsedUp(coupon)) throw couponRefused();
    const totals = totalsOf(await this.carts.pricingConfig(), tax, {
      lines: priced,
      coupon,
      shippingMethod: shipping,
      paymentMethod: payment,
      storeCode: store,
      now: new Date(),
    });
    const email = input.personalDetails?.emailAddress ?? info.shippingAddress.email;
    if (!email) throw fieldError('personalDetails.emailAddress', 'validation.required');
    const personal = input.personalDetails ?? {
      firstName: info.shippingAddress.firstname,
      lastName: info.shippingAddress.lastname,
      emailAddress: email,
    };
    const { password: _password, ...personalDetails } = personal as typeof personal & { password?: string };

    // an unpaid order may hold only so many units of a product (ORDER_LINE_MAX_UNITS)
    const maxUnits = this.config.unpaidOrders.lineMaxUnits;
    const over = maxUnits > 0 ? priced.findIndex((l) => l.qty > maxUnits) : -1;
    if (over !== -1)
      throw fieldError(cartLines.length ? `cartItem[${over}].qty` : `products[${over}].qty`, 'order.lineOverMaxUnits', {
        max: maxUnits,
        name: priced[over]!.name,
      });

    // the units the order holds in stock: a bundle's chosen products too (stock.ts takeStock)
    const stockLines = priced.map((l) => ({ sku: l.sku, name: l.name, qty: l.qty, picks: l.bundle_picks }));

    // ---- one short transaction: stock, order, items, outbox, coupon use, cart
    let written: { order: OrderRow; repeat: boolean; productIds: number[] };
    try {
      written = await this.database.transaction(async (tx) => {
        const again = await this.repeatOf(tx, input.idempotency_key, requestHash);
        if (again) return { order: again, repeat: true, productIds: [] };
        if (paidOnline(this.config, payment))
          await assertRoomForUnpaidOrder(tx, this.config, { customerId, clientAddress });
        // every order is unpaid when placed: cash on delivery and bank transfer are capped too
        await assertRoomForOpenOrder(tx, this.config, { customerId, email, clientAddress });
        // the whole order is refused when a unit is short (the transaction rolls the others back)
        const { productIds, short } = await takeStock(tx, stockLines, false);
        if (short.length) throw productsUnavailable(short);
        const seq = await one<{ id: number | string }>(
          tx,
          "SELECT nextval(pg_get_serial_sequence('orders', 'id')) AS id",
        );
        const id = Number(seq?.id);
        const order = await one<OrderRow>(
          tx,
          `INSERT INTO orders (id, increment_id, order_token, idempotency_key, cart_id, store_code, status, payment_status,
             shipping_status, email, personal_details, shipping_address, billing_address, shipping_method_code,
             payment_method_code, payment_additional, currency, subtotal_incl_tax, discount_amount, shipping_incl_tax,
             payment_fee, tax_amount, grand_total, coupon_code, customer_id, request_hash, client_address, is_pickup)
           VALUES ($1, $2, $3, $4, $5, $6, 'new', 'pending', 'pending', $7, $8::jsonb, $9::jsonb, $10::jsonb, $11, $12,
             $13::jsonb, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25)
           RETURNING *`,
          [
            id,
            String(INCREMENT_BASE + id),
            randomBytes(24).toString('base64url'),
            input.idempotency_key,
            input.cart_id,
            store,
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
            requestHash,
            clientAddress ?? null,
            !virtual &&
              isPickupOrder({
                shippingAddress: pickupPoint ? { pickup_point: pickupPoint } : {},
                shippingCarrierCode: shipping?.carrier_code,
              }),
          ],
        );
        if (!order) throw new Error('order was not written');
        const values: string[] = [];
        const params: unknown[] = [];
        for (const l of priced) {
          const base = params.length;
          const option = storedProductOption(l.product_option, l.bundle_picks);
          params.push(
            order.id,
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
        await tx.query(
          `INSERT INTO order_items (order_id, product_id, sku, name, qty, product_type, product_option, price_incl_tax,
             row_total_incl_tax, tax_percent) VALUES ${values.join(', ')}`,
          params,
        );
        // the history's first row, the `order.created` event, the confirmation and the shop's notice
        await recordOrderPlaced(
          tx,
          this.config,
          order.id,
          customerId !== undefined ? { kind: 'customer', id: customerId, email } : { kind: 'guest' },
          {
            name: [personalDetails.firstName, personalDetails.lastName].filter(Boolean).join(' '),
            paymentMethod: payment.code,
            shippingMethod: order.shipping_method_code,
          },
        );
        if (totals.coupon_code)
          await redeemCoupon(tx, totals.coupon_code, { customerId: customerId ?? null, email }, order.id);
        // a cart becomes one order: a second placement of it (under another key) that raced this one is refused
        if (cart) {
          const converted = await one<{ id: string }>(
            tx,
            "UPDATE carts SET status = 'converted', updated_at = now() WHERE id = $1 AND status = 'active' RETURNING id",
            [cart.id],
          );
          if (!converted) throw fieldError('cart_id', 'cart.notFound');
        }
        return { order, repeat: false, productIds };
      });
    } catch (err) {
      // two first attempts raced on PostgreSQL: the loser answers the winner's order
      if (!isUniqueViolation(err)) throw err;
      const winner = await this.repeatOf(this.database, input.idempotency_key, requestHash);
      if (!winner) throw err;
      return this.view(this.database, winner);
    }
    if (written.productIds.length) await this.onStockChanged(written.productIds);
    return this.view(this.database, written.order);
  }

  /**
   * One lifecycle action on an order (lifecycle.ts `transitionOrder`: one transaction, 409 when the
   * table refuses), then this service's stock refresh of the listings. For the admin-token API and
   * the staff area.
   */
  transition(input: TransitionInput): Promise<OrderDetail> {
    return transitionOrder(this.database, this.config, input, this.onStockChanged);
  }

  /** an order with its lines, payments, history and the staff actions open now (404 when none) */
  async detail(incrementId: string): Promise<OrderDetail> {
    const found = await orderDetail(this.database, incrementId);
    if (!found) throw notFound('order.notFound');
    return found;
  }

  /**
   * An order by number, for the holder of its token. `pageStore`: the store view of the page that
   * asks (the methods are named in its language); the order's own store view without it.
   */
  async pull(number: string, orderToken: string, pageStore?: StoreCode) {
    const order = await one<OrderRow>(this.database, 'SELECT * FROM orders WHERE increment_id = $1', [
      number,
    ]);
    const a = Buffer.from(order?.order_token ?? '');
    const b = Buffer.from(orderToken);
    if (!order || a.length !== b.length || !timingSafeEqual(a, b)) throw notFound('order.notFound');
    const view = await this.view(this.database, order, true);
    // the thank-you page: the methods by their titles in the page's language, each line's image,
    // and for a bank transfer not paid yet the account, amount and statement reference
    const store: StoreCode = pageStore ?? (isStoreCode(order.store_code) ? order.store_code : 'lt');
    const productIds = await rows<{ product_id: number | null }>(
      this.database,
      'SELECT product_id FROM order_items WHERE order_id = $1 ORDER BY id',
      [order.id],
    );
    const shown = await orderPresentation(this.database, store, productIds.map((p) => p.product_id));
    const settings = await this.settings?.get();
    return {
      ...view,
      items: view.items.map((item, i) => ({ ...item, image: shown.image(productIds[i]?.product_id ?? null) })),
      shipping_method_title: shown.shippingTitle(order.shipping_method_code),
      payment_method_title: shown.paymentTitle(order.payment_method_code),
      bank_transfer: settings ? bankTransferOf(order, settings) : null,
    };
  }
}
