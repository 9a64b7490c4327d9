/**
 * Orders (accounts-checkout-routes.md §4 "Checkout", §7; CONTRACTS.md "POST /order/create"): placing
 * one (its steps: place.ts), an order's page for the holder of its token, the lifecycle's actions
 * (lifecycle.ts) and its detail for the staff.
 */
import { timingSafeEqual } from 'node:crypto';
import type { Database } from '@vitrina/db';
import type { ShopSettingsService } from '../settings/service.ts';
import { bankTransferOf } from './bank-transfer.ts';
import { orderPresentation } from './presentation.ts';
import type { OrderItemRow, OrderRow } from './rows.ts';
import {
  isStoreCode,
  paymentKindOf,
  type OrderCreateHead,
  type PaymentKind,
  type StoreCode,
} from '@vitrina/domain';
import type { ApiConfig } from '../config.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { CartService } from '../cart/service.ts';
import { notFound } from '../http/errors.ts';
import { one, rows, type Queryable } from '../lib/db.ts';
import type { RateLimiter } from '../auth/rate-limit.ts';
import { placeOrder, type PlaceOrderDeps } from './place.ts';
import { StockTurns } from './stock-turns.ts';
import { KnownSoldOut } from './sold-out.ts';
import { orderKeysOf } from './keys.ts';
import {
  customerDelivery,
  customerHistories,
  orderDetail,
  type CustomerHistoryEntry,
  transitionOrder,
  type OrderDetail,
  type TransitionInput,
} from './lifecycle.ts';

export type OrderView = ReturnType<typeof orderView>;

function orderView(
  o: OrderRow,
  items: OrderItemRow[],
  opts: {
    history: CustomerHistoryEntry[];
    paymentKind: PaymentKind;
    creditNotes?: string[];
  },
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
  };
}

export class OrderService {
  constructor(
    private readonly database: Database,
    private readonly config: ApiConfig,
    catalog: CatalogService,
    carts: CartService,
    /** called after stock changed (outside the transaction): keeps listings' stock fresh */
    private readonly onStockChanged: (productIds: number[]) => Promise<void>,
    /** the shop's settings: the account a bank transfer is paid to (without it: none, so no instructions) */
    private readonly settings?: ShopSettingsService,
    /** RATE_LIMIT_ORDER_ADDRESS counts here; none: no limit (tests of the service alone) */
    limiter?: RateLimiter,
  ) {
    // on PostgreSQL a product seen sold out is refused without a read for a short horizon (sold-out.ts)
    const known = new KnownSoldOut(carts.keepsStock ? 0 : config.soldOutHorizonMs);
    const turns = new StockTurns(known.looking((skus) => carts.stockOf(skus)));
    const keys = orderKeysOf(database);
    this.placing = { database, config, catalog, carts, onStockChanged, limiter, turns, keys };
  }

  private readonly placing: PlaceOrderDeps;

  private async view(q: Queryable, order: OrderRow) {
    const items = await rows<OrderItemRow>(
      q,
      'SELECT sku, name, qty, product_type, product_option, price_incl_tax, row_total_incl_tax, tax_percent FROM order_items WHERE order_id = $1 ORDER BY id',
      [order.id],
    );
    const history = (await customerHistories(q, [order.id])).get(order.id) ?? [];
    const method = await one<{ offline: boolean }>(q, 'SELECT offline FROM payment_methods WHERE code = $1', [
      order.payment_method_code,
    ]);
    const paymentKind = paymentKindOf(
      { code: order.payment_method_code, offline: method?.offline },
      this.config,
    );
    const notes = await rows<{ number: string }>(
      q,
      'SELECT number FROM credit_notes WHERE order_id = $1 ORDER BY id',
      [order.id],
    );
    return orderView(order, items, {
      history,
      paymentKind,
      creditNotes: notes.map((n) => n.number),
    });
  }

  /**
   * Places an order (place.ts: its steps) and answers its view. `customerId`: the customer of the
   * request's token; the order is linked to them. `clientAddress`: the request's client address
   * (caps open unpaid orders per address: unpaid.ts). An order placed now is answered from what its
   * transaction wrote (its lines and history as RETURNING gave them, no credit note yet): a read
   * after the commit answers the same, four statements later. A repeat's first order is read.
   */
  async create(
    input: OrderCreateHead,
    requestStore: StoreCode,
    customerId?: number,
    clientAddress?: string,
  ): Promise<OrderView> {
    const { order, placed } = await placeOrder(this.placing, input, requestStore, {
      customerId,
      clientAddress,
    });
    if (!placed) return this.view(this.database, order);
    return orderView(order, placed.items, {
      history: placed.history,
      paymentKind: paymentKindOf(
        { code: order.payment_method_code, offline: placed.paymentOffline },
        this.config,
      ),
      creditNotes: [],
    });
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
    const view = await this.view(this.database, order);
    // the thank-you page: the methods by their titles in the page's language, each line's image,
    // and for a bank transfer not paid yet the account, amount and statement reference
    const store: StoreCode = pageStore ?? (isStoreCode(order.store_code) ? order.store_code : 'lt');
    const productIds = await rows<{ product_id: number | null }>(
      this.database,
      'SELECT product_id FROM order_items WHERE order_id = $1 ORDER BY id',
      [order.id],
    );
    const shown = await orderPresentation(
      this.database,
      store,
      productIds.map((p) => p.product_id),
    );
    const settings = await this.settings?.get();
    return {
      ...view,
      // the customer's details: only for the holder of the order's token (order/create answers without them)
      email: order.email,
      personal_details: order.personal_details,
      shipping_address: order.shipping_address,
      billing_address: order.billing_address,
      items: view.items.map((item, i) => ({
        ...item,
        image: shown.image(productIds[i]?.product_id ?? null),
      })),
      shipping_method_title: shown.shippingTitle(order.shipping_method_code),
      payment_method_title: shown.paymentTitle(order.payment_method_code),
      bank_transfer: settings ? bankTransferOf(order, settings) : null,
    };
  }
}
