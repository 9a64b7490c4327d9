/**
 * Payments (accounts-checkout-routes.md §4 "Bank payment", §7 neopay / mokilizingas): finds the
 * order behind a payment link, records each payment attempt (`payments`), sends the browser to the
 * provider, and applies the provider's verified answers to the order.
 *
 * How the order is found: the spec builds the payment link from the cart id
 * (`/neopay/payment/{tokenValue}/{bank}`). The token value is the order's cart id, or its order
 * token (the thank-you page's "pay again" link, after the cart is gone). Both are unguessable secrets
 * (cart id: 32+ random characters; order token: 24 random bytes) known only to the shopper, never
 * the order number, so nobody can start (or watch) a payment of someone else's order.
 *
 * An answer (return redirect or notification) changes an order only when its signature verifies
 * AND its amount and currency equal the attempt's (= the order's grand total). It is idempotent:
 * a repeat changes nothing, and `paid` is final (a late "cancelled" never un-pays an order). Each
 * change is one short transaction that locks the payment and the order rows.
 *
 * Stock: a cancelled or failed payment cancels the order and gives its units back to
 * stock; paying again (the "pay again" link) takes them anew, refused with "Some of the ordered
 * products are not available!" when they are gone meanwhile. A late "paid" for a cancelled order
 * takes them back whatever is left (the money is in; a shortfall shows as negative stock).
 *
 * An order the shop cancelled because it was not paid in time (order/unpaid.ts, `cancel_reason =
 * 'payment_timeout'`) cannot be paid again: its link leads to its page, which says why. A payment
 * started before the timeout may still come back paid afterwards; a real shop keeps the money's
 * trail and never lets a cancelled order look paid without a decision, so:
 * - its units are all still there: they are taken again and the order is paid after all (the
 *   shopper gets what they paid for; `cancel_reason` is cleared);
 * - some are gone: nothing is taken, the order stays cancelled with payment status `refund_due`, and
 *   an `order.refund-due` outbox row tells the staff to refund the payment (the page says so too).
 * The payment row says `paid` in both cases: that is what the provider did.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { isDemoShop, type Database, type SqlRow, type schema } from '@vitrina/db';
import { isStoreCode, localizedPath, type OrderAction, type StoreCode } from '@vitrina/domain';
import type { ApiConfig } from '../config.ts';
import { loadAuthSecret } from '../auth/secret.ts';
import { ApiError, notFound } from '../http/errors.ts';
import { one } from '../lib/db.ts';
import { applyTransition, isTransitionRefusal, lockOrder } from '../order/lifecycle.ts';
import { expiredUnpaid } from '../order/unpaid.ts';
import { PROVIDER_SLUGS, providerModes, type ProviderMode, type ProviderSlug } from './config.ts';
import { MokilizingasProvider, NeopayProvider } from './providers.ts';
import type { PaymentProvider, PaymentStatus, VerifiedPayment } from './provider.ts';

/** the order columns a payment reads (ORDER_COLUMNS) */
type OrderRow = Pick<
  SqlRow<typeof schema.orders>,
  | 'id'
  | 'increment_id'
  | 'order_token'
  | 'store_code'
  | 'status'
  | 'cancel_reason'
  | 'cancelled_by'
  | 'payment_status'
  | 'payment_method_code'
  | 'grand_total'
  | 'currency'
  | 'email'
>;

type PaymentRow = {
  id: number;
  order_id: number;
  provider: string;
  status: PaymentStatus;
  amount_cents: number;
  external_id: string;
};

const ORDER_COLUMNS =
  'id, increment_id, order_token, store_code, status, cancel_reason, cancelled_by, payment_status, payment_method_code, grand_total, currency, email';
/** order statuses a payment may still move to `paid` ('cancelled': only after a cancelled or failed payment) */
const PAYABLE_STATUSES = ['new', 'incomming', 'pending', 'awaiting_payment'];
/** an order cancelled by its payment (not by the staff nor the sweep): paying again re-takes its stock */
const cancelledByPayment = (o: Pick<OrderRow, 'status' | 'cancelled_by'>) =>
  o.status === 'cancelled' && o.cancelled_by === 'payment';
const BANK = /^[A-Za-z0-9]{4,11}$/;

/** the payment method code (payment_methods.code) each provider takes payments for */
const METHOD_CODES: Record<ProviderSlug, string> = { neopay: 'NEOPAY', mokilizingas: 'MOKILIZINGAS' };

export const unavailable = () => new ApiError(503, 'payment.unavailable');

export type ApplyResult = { order: OrderRow; status: string; changed: boolean };

export class PaymentService {
  private readonly bySlug = new Map<string, PaymentProvider>();

  constructor(
    private readonly database: Database,
    private readonly config: ApiConfig,
    providers: PaymentProvider[],
    /** called after stock changed (outside the transaction): keeps listings' stock fresh */
    private readonly onStockChanged: (productIds: number[]) => Promise<void> = async () => undefined,
    /** whether the shop runs on the demo catalogue now (PaymentService.create's `demoShop`) */
    private readonly demoShop: () => Promise<boolean> = () => isDemoShop(database),
  ) {
    for (const p of providers) this.bySlug.set(p.slug, p);
  }

  /**
   * The providers: real ones with credentials; without, sandbox ones (key derived from the shop's
   * AUTH_SECRET, so every process of the shop agrees) where `providerModes` (payment/config.ts) may
   * give a sandbox: PAYMENT_SANDBOX=true, or by default in a demo shop. Whether a demo's sandbox is
   * on is decided on each use (`usable`), so removing the demo data turns it off at once.
   */
  static async create(
    database: Database,
    config: ApiConfig,
    opts: {
      fetch?: typeof fetch;
      onStockChanged?: (productIds: number[]) => Promise<void>;
      /**
       * the demo flag as the shop keeps it (app.ts: under the catalogue version, which the demo's
       * seeding and its removal bump in their transaction); read from the database each time without
       */
      demoShop?: () => Promise<boolean>;
    } = {},
  ): Promise<PaymentService> {
    const pc = config.payment;
    // the sandboxes this shop may ever run (as if it were a demo); `usable` decides when they are on
    const possible = providerModes(pc, true);
    const providers: PaymentProvider[] = [];
    const needsSandbox = Object.values(possible).includes('sandbox');
    const secret = needsSandbox ? await loadAuthSecret(database, config.authSecret) : '';
    const sandboxKey = (label: string) =>
      createHmac('sha256', secret).update(`vitrina/payment-sandbox/${label}/v1`).digest();
    if (pc.neopay)
      providers.push(
        new NeopayProvider({
          projectId: pc.neopay.projectId,
          key: pc.neopay.projectKey,
          widgetUrl: `${pc.neopay.apiUrl}/widget.html`,
          countriesUrl: `${pc.neopay.apiUrl}/api/countries/${encodeURIComponent(pc.neopay.projectId)}`,
          sandbox: false,
          ...(opts.fetch ? { fetch: opts.fetch } : {}),
        }),
      );
    else if (possible.neopay === 'sandbox')
      providers.push(
        new NeopayProvider({
          projectId: 'sandbox',
          key: sandboxKey('neopay'),
          widgetUrl: '/vsbridge/payment/sandbox/neopay',
          sandbox: true,
        }),
      );
    if (pc.mokilizingas)
      providers.push(
        new MokilizingasProvider({
          merchantId: pc.mokilizingas.merchantId,
          key: pc.mokilizingas.secret,
          url: pc.mokilizingas.url,
          sandbox: false,
        }),
      );
    else if (possible.mokilizingas === 'sandbox')
      providers.push(
        new MokilizingasProvider({
          merchantId: 'sandbox',
          key: sandboxKey('mokilizingas'),
          url: '/vsbridge/payment/sandbox/mokilizingas',
          sandbox: true,
        }),
      );
    return new PaymentService(database, config, providers, opts.onStockChanged, opts.demoShop);
  }

  /**
   * Whether the provider may take a payment now. A sandbox that runs only because the shop is a demo
   * (PAYMENT_SANDBOX unset) ends as soon as the demo data is removed: the demo flag is asked on each
   * use. Checkouts are not rare under a crowd: read each time, the flag cost the shipping step two
   * statements and the order one, each a turn of the busy event loop on the embedded database's
   * thread (record 0096), so the shop keeps it under the catalogue version (app.ts).
   */
  private async usable(p: PaymentProvider, demo?: () => Promise<boolean>): Promise<boolean> {
    if (!p.sandbox || this.config.payment.sandbox === 'on') return true;
    const modes = providerModes(this.config.payment, await (demo ?? this.demoShop)());
    return modes[p.slug as ProviderSlug] === 'sandbox';
  }

  /** the provider of a route's slug (`neopay`, `mokilizingas`); 503 when it is off */
  async provider(slug: string): Promise<PaymentProvider> {
    const p = this.bySlug.get(slug);
    if (!p || !(await this.usable(p))) throw unavailable();
    return p;
  }

  /** the provider that took payments of a payment method code (NEOPAY, MOKILIZINGAS) when it is on now */
  async providerOfMethod(code: string): Promise<PaymentProvider | undefined> {
    const p = [...this.bySlug.values()].find((x) => x.code === code);
    return p && (await this.usable(p)) ? p : undefined;
  }

  /** the mode of each provider now (the start log names every sandbox) */
  async modes(): Promise<Record<ProviderSlug, ProviderMode>> {
    const modes = {} as Record<ProviderSlug, ProviderMode>;
    // the demo flag read once for every provider (a checkout asks on each call that lists payment methods)
    let demo: Promise<boolean> | undefined;
    const demoShop = () => (demo ??= this.demoShop());
    for (const slug of PROVIDER_SLUGS) {
      const p = this.bySlug.get(slug);
      modes[slug] = !p || !(await this.usable(p, demoShop)) ? 'off' : p.sandbox ? 'sandbox' : 'live';
    }
    return modes;
  }

  /** payment method codes (payment_methods.code) of the providers that are off: never offered at checkout */
  async unavailableMethods(): Promise<ReadonlySet<string>> {
    const modes = await this.modes();
    return new Set(PROVIDER_SLUGS.filter((slug) => modes[slug] === 'off').map((slug) => METHOD_CODES[slug]));
  }

  /** our endpoints the provider answers on: absolute (PUBLIC_URL) for a real provider, same-origin for the sandbox */
  private endpoint(p: PaymentProvider, what: 'return' | 'notification') {
    return `${p.sandbox ? '' : this.config.publicUrl}/vsbridge/${p.slug}/payment/${what}`;
  }

  /** the storefront page showing the order and its payment status */
  orderPage(
    order: Pick<OrderRow, 'store_code' | 'increment_id' | 'order_token' | 'payment_status'> | undefined,
    fallback?: string,
  ): string {
    if (!order) return `${localizedPath('lt', '/order-completed')}?payment=${fallback ?? 'pending'}`;
    const store: StoreCode = isStoreCode(order.store_code) ? order.store_code : 'lt';
    const q = new URLSearchParams({
      number: order.increment_id,
      token: order.order_token,
      payment: order.payment_status,
    });
    return `${localizedPath(store, '/order-completed')}?${q.toString()}`;
  }

  /**
   * The link `/{slug}/payment/{tokenValue}[/{bank}]`: a new payment attempt for the order and the
   * provider's URL to send the browser to. An order already paid goes to its page instead.
   */
  async start(slug: string, tokenValue: string, bank?: string): Promise<string> {
    const provider = await this.provider(slug);
    if (tokenValue.length < 16 || tokenValue.length > 128) throw notFound('order.notFound');
    const order = await one<OrderRow>(
      this.database,
      `SELECT ${ORDER_COLUMNS} FROM orders WHERE cart_id = $1 OR order_token = $1 ORDER BY id DESC LIMIT 1`,
      [tokenValue],
    );
    if (!order) throw notFound('order.notFound');
    if (order.payment_method_code !== provider.code) throw new ApiError(400, 'payment.unavailable');
    if (order.payment_status === 'paid') return this.orderPage(order);
    // cancelled because it was not paid in time: its page says so (a new order is the way on)
    if (expiredUnpaid(order)) return this.orderPage(order);
    if (!PAYABLE_STATUSES.includes(order.status) && !cancelledByPayment(order))
      throw new ApiError(400, 'payment.unavailable');
    const chosenBank = bank && BANK.test(bank) ? bank.toUpperCase() : undefined;
    const transactionId = `${order.increment_id}-${randomBytes(6).toString('hex')}`;
    let retaken: number[];
    try {
      retaken = await this.startAttempt(provider, order, chosenBank, transactionId);
    } catch (err) {
      // the sweep cancelled it between the look-up and the attempt
      if (err instanceof ApiError && err.key === 'order.cancelledUnpaid') return this.orderPage(order);
      // paying again after the units sold meanwhile: back to the order page, which says so
      if (err instanceof ApiError && err.key === 'order.productsUnavailable')
        return `${this.orderPage(order)}&unavailable=1`;
      throw err;
    }
    if (retaken.length) await this.onStockChanged(retaken);
    return provider.createPayment({
      transactionId,
      incrementId: order.increment_id,
      amountCents: order.grand_total,
      currency: order.currency,
      storeCode: order.store_code,
      email: order.email,
      bank: chosenBank,
      returnUrl: this.endpoint(provider, 'return'),
      notifyUrl: this.endpoint(provider, 'notification'),
    }).redirectUrl;
  }

  /** the attempt's row, the order awaiting payment (its stock taken again after a cancelled payment) */
  private async startAttempt(
    provider: PaymentProvider,
    order: OrderRow,
    chosenBank: string | undefined,
    transactionId: string,
  ): Promise<number[]> {
    return this.database.transaction(async (tx) => {
      const locked = await lockOrder(tx, { orderId: order.id });
      if (!locked) throw notFound('order.notFound');
      if (expiredUnpaid(locked)) throw new ApiError(400, 'order.cancelledUnpaid');
      // the lifecycle (order/lifecycle.ts): new -> awaiting_payment; after a payment cancelled the
      // order, its units are taken again (refused when gone: "Some of the ordered products...")
      let productIds: number[] = [];
      try {
        const applied = await applyTransition(
          tx,
          this.config,
          locked,
          { type: 'payment_started' },
          { kind: 'payment', id: provider.code },
        );
        productIds = applied.productIds;
      } catch (err) {
        // paid or cancelled by the staff meanwhile
        if (isTransitionRefusal(err)) throw new ApiError(400, 'payment.unavailable');
        throw err;
      }
      await tx.query(
        `INSERT INTO payments (order_id, provider, status, amount_cents, external_id, payload) VALUES ($1, $2, 'pending', $3, $4, $5::jsonb)`,
        [
          order.id,
          provider.code,
          order.grand_total,
          transactionId,
          JSON.stringify({ bank: chosenBank ?? null, sandbox: provider.sandbox }),
        ],
      );
      return productIds;
    });
  }

  /**
   * A verified answer applied to its payment and order. Refused (400, nothing changed) when the
   * amount or currency differ from the attempt's; unknown transaction: 404.
   */
  async apply(
    provider: PaymentProvider,
    v: VerifiedPayment,
    source: 'return' | 'notification',
  ): Promise<ApplyResult> {
    let stockChanged: number[] = [];
    const result = await this.database.transaction(async (tx) => {
      const payment = await one<PaymentRow>(
        tx,
        'SELECT * FROM payments WHERE provider = $1 AND external_id = $2 FOR UPDATE',
        [provider.code, v.transactionId],
      );
      if (!payment) throw notFound('order.notFound');
      const order = await one<OrderRow>(tx, `SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1 FOR UPDATE`, [
        payment.order_id,
      ]);
      if (!order) throw notFound('order.notFound');
      if (
        v.amountCents !== payment.amount_cents ||
        v.amountCents !== order.grand_total ||
        v.currency !== order.currency
      )
        throw new ApiError(400, 'payment.amountMismatch');
      const next = payment.status === 'paid' ? 'paid' : v.status === 'pending' ? payment.status : v.status;
      if (next === payment.status) return { order, status: payment.status, changed: false };
      await tx.query(
        `UPDATE payments SET status = $2, payload = coalesce(payload, '{}'::jsonb) || $3::jsonb, updated_at = now() WHERE id = $1`,
        [payment.id, next, JSON.stringify({ [source]: v.claims, [`${next}_at`]: new Date().toISOString() })],
      );
      // the order follows through the lifecycle (order/lifecycle.ts); an answer the table refuses
      // (a second payment of a paid order, a failure after the money came) leaves the order as it is
      const locked = await lockOrder(tx, { orderId: order.id });
      if (!locked) throw notFound('order.notFound');
      const action: OrderAction =
        next === 'paid'
          ? { type: 'paid', stockAvailable: true }
          : { type: 'payment_failed', paymentStatus: next === 'cancelled' ? 'cancelled' : 'failed' };
      try {
        const applied = await applyTransition(tx, this.config, locked, action, {
          kind: 'payment',
          id: provider.code,
        });
        stockChanged = applied.productIds;
        // money for an order that will not be fulfilled: the staff must refund it
        if (applied.state.paymentStatus === 'refund_due' && locked.payment_status !== 'refund_due')
          await tx.query("INSERT INTO outbox (kind, payload) VALUES ('order.refund-due', $1::jsonb)", [
            JSON.stringify({
              orderId: order.id,
              incrementId: order.increment_id,
              email: order.email,
              amountCents: v.amountCents,
              currency: v.currency,
              provider: provider.code,
              transactionId: v.transactionId,
              reason: expiredUnpaid(order)
                ? 'paid after the order was cancelled for not being paid in time; its products are gone'
                : 'paid after the order was cancelled',
            }),
          ]);
      } catch (err) {
        if (!isTransitionRefusal(err)) throw err;
      }
      const updated =
        (await one<OrderRow>(tx, `SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1`, [order.id])) ?? order;
      return { order: updated, status: next, changed: true };
    });
    if (stockChanged.length) await this.onStockChanged(stockChanged);
    return result;
  }

  /** the order of a verified answer (for the return redirect when the answer was refused) */
  async orderOfTransaction(provider: PaymentProvider, transactionId: string): Promise<OrderRow | undefined> {
    return one<OrderRow>(
      this.database,
      `SELECT ${ORDER_COLUMNS.split(', ')
        .map((c) => `o.${c}`)
        .join(
          ', ',
        )} FROM payments p JOIN orders o ON o.id = p.order_id WHERE p.provider = $1 AND p.external_id = $2`,
      [provider.code, transactionId],
    );
  }
}
