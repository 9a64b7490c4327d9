/**
 * Carts (catalogue-and-cart.md §4 "Adding to the cart", §7 "Cart"; CONTRACTS.md): guest carts with
 * unguessable ids, lines matched by the domain's identity rule, stock checked on every change, money
 * always recomputed from the server's product documents.
 */
import { randomBytes } from 'node:crypto';
import {
  CART_MAX_QTY,
  DEFAULT_SHOP_SETTINGS,
  PAYMENT_BANK_TRANSFER,
  bankTransferReady,
  bundleStock,
  cartItemChecksum,
  freeShippingThreshold,
  importedInclTax,
  paymentKindOf,
  paymentMethodAllowed,
  sameCartItem,
  selectVariant,
  stockStatus,
  subtotalOfLines,
  validateProductForCart,
  validateQuantity,
  type BundleLinePick,
  type CartItemInput,
  type CartLineAnswer,
  type CartProductOption,
  type CartProductOptionAnswer,
  type StoreCode,
  couponUseAllowed,
  DEFAULT_STORE_CODE,
  isStoreCode,
} from '@vitrina/domain';
import { COHERENT_WRITE, PREPARED, type Database, type SqlRow, type schema } from '@vitrina/db';
import { cartCacheOf, type CacheToken, type CartCache } from './cache.ts';
import { HeldAnswers, couponWindowEnd, sameTerms, type HeldKind, type HeldTerms } from './held.ts';
import { ShopSettingsService, type EffectiveSettings } from '../settings/service.ts';
import type { ApiConfig } from '../config.ts';
import type { CatalogService, ProductDoc, ResolvedSku } from '../catalog/service.ts';
import { fieldError, ruleError, unauthorized } from '../http/errors.ts';
import type { TokenVerifier } from '../auth/service.ts';
import { couponUsesBy } from '../order/coupon.ts';
import { one, rows, type Queryable } from '../lib/db.ts';
import { assertOrderAddresses } from '../lib/home-address.ts';
import {
  allowedPaymentMethods,
  couponApplies,
  findCoupon,
  importRate,
  isVirtual,
  paymentFee,
  paymentMethods,
  priceLines,
  taxPricing,
  type TaxPricing,
  refusedLineError,
  shippingFee,
  shippingMethods,
  totalsOf,
  type PaymentMethodRow,
  type CartTotals,
  type CouponRow,
  type PricedLine,
  type ShippingMethodRow,
} from './pricing.ts';

export type CartRow = Pick<
  SqlRow<typeof schema.carts>,
  | 'id'
  | 'customer_id'
  | 'store_code'
  | 'status'
  | 'coupon_code'
  | 'country_id'
  | 'shipping_method_code'
  | 'payment_method_code'
  | 'shipping_address'
  | 'billing_address'
> & {
  /**
   * when it was last written (a kept cart: at least that recent; TOUCH_AFTER_MS): read as epoch
   * milliseconds (CART_COLUMNS); absent on a cart built without a read
   */
  updated_at?: Date | string | number | null;
  /**
   * the cart's lines and its coupon row as read with the cart (open: one query); absent on a row read
   * or written otherwise, whose lines and coupon are then read when needed
   */
  items?: CartItemRow[];
  coupon?: CouponRow | null;
  /**
   * the stock row of the sku an update names, read with the cart on PostgreSQL (CART_WITH_STOCK):
   * `row` null when that sku keeps no stock; absent when not read so
   */
  stock?: { sku: string; row: StockRow | null };
};

/**
 * The columns of a cart that a cart call reads (CartRow): not `created_at`, never read, whose
 * timestamp the PostgreSQL driver parsed into a Date on every cart call; `updated_at` as epoch
 * milliseconds, a float the driver parses at a fraction of a timestamp's cost (only an update's
 * age check reads it)
 */
const CART_COLUMNS =
  'c.id, c.customer_id, c.store_code, c.status, c.coupon_code, c.country_id, c.shipping_method_code, c.payment_method_code, c.shipping_address, c.billing_address, (extract(epoch FROM c.updated_at) * 1000)::float8 AS updated_at';

/**
 * The columns of a line read with its cart (CartItemRow): not its cart's id nor `created_at`, ~90 of
 * its ~250 characters of JSON, built by the database and parsed by the shop per line on every call
 */
const ITEM_COLUMNS = 'item_id, product_id, sku, parent_sku, qty, product_type, product_option, identity_key';

/**
 * A cart with its lines (by item_id) and the row of its coupon, in one query: a cart call read the
 * cart, then its lines, then its coupon, each a round trip (on the embedded database, each also a
 * share of the main thread).
 */
const CART_WITH_LINES = `SELECT ${CART_COLUMNS},
  coalesce((SELECT json_agg(i ORDER BY i.item_id) FROM (SELECT ${ITEM_COLUMNS} FROM cart_items WHERE cart_id = c.id) i), '[]'::json) AS items,
  (SELECT row_to_json(co) FROM coupons co
    WHERE c.coupon_code IS NOT NULL AND upper(co.code) = upper(c.coupon_code)
    ORDER BY (co.code = c.coupon_code) DESC LIMIT 1) AS coupon
  FROM carts c WHERE c.id = $1 ${PREPARED}`;

/**
 * CART_WITH_LINES for a read whose answer may be held (held.ts): the cart's revision, and the cart
 * itself (one JSON) only when the revision is not `$2`, the held answer's. The revision is made of
 * PostgreSQL's own row versions (xmin: the transaction that wrote the row as it is) of the cart row,
 * of its lines (in item_id order) and of the coupon row the read would answer, each in its place:
 * any statement writing one of them, by any process, writes a new version under its own transaction,
 * so no writer has to know of the held answers and no write costs more. A transaction id repeats
 * only after 2^32 transactions; a held answer is asked for at most HELD_MAX_MS. A digest of the
 * content was exact too but doubled the statement's time on the database (a 20-line cart: 0.15 ms
 * to 0.34 ms). `OFFSET 0` keeps the revision computed once, not again where it is compared.
 */
const CART_IF_CHANGED = `SELECT r.rev, CASE WHEN r.rev = $2 THEN NULL ELSE
    (SELECT row_to_json(x) FROM (${CART_WITH_LINES.replace(PREPARED, '')}) x) END AS cart
  FROM (SELECT c.xmin || '/' ||
    coalesce((SELECT string_agg(i.xmin::text, ',' ORDER BY i.item_id) FROM cart_items i WHERE i.cart_id = c.id), '') || '/' ||
    coalesce((SELECT co.xmin::text FROM coupons co
      WHERE c.coupon_code IS NOT NULL AND upper(co.code) = upper(c.coupon_code)
      ORDER BY (co.code = c.coupon_code) DESC LIMIT 1), '') AS rev
    FROM carts c WHERE c.id = $1 OFFSET 0) r ${PREPARED}`;

/**
 * CART_WITH_LINES and the stock row of the sku `$2` (an update's, before its variant is known): on
 * PostgreSQL, where neither is kept, an update read the cart, then the stock row, each a round trip
 * (the loopback send was the largest entry of a shop worker's profile under the shopper mix).
 */
const CART_WITH_STOCK = `${CART_WITH_LINES.replace(
  'FROM carts c WHERE',
  `, (SELECT row_to_json(s) FROM (SELECT product_id, sku, qty, is_in_stock, manage_stock FROM stock WHERE sku = $2) s) AS stock
  FROM carts c WHERE`,
)}`;

/**
 * The columns a line write answers (CartItemRow): not `created_at`, never read, whose timestamp the
 * PostgreSQL driver parsed into a Date on every update
 */
const LINE_COLUMNS =
  'item_id, cart_id, product_id, sku, parent_sku, qty, product_type, product_option, identity_key';

/**
 * A line's quantity set only if it is still what the cart read said (`$4`): a write that raced this
 * one finds nothing written and takes the locked way (CartService.updateLocked). One plain statement:
 * a statement that also touched the cart row and answered the whole cart cost the embedded database
 * three to four times as much CPU (a CTE with json_agg is planned anew on every call).
 */
const SET_LINE_QTY = `${COHERENT_WRITE} UPDATE cart_items SET qty = $2 WHERE cart_id = $1 AND item_id = $3 AND qty = $4 RETURNING ${LINE_COLUMNS} ${PREPARED}`;

/** a new line, only if no line of the same identity is there now (else the locked way) */
const ADD_LINE = `${COHERENT_WRITE} INSERT INTO cart_items (cart_id, product_id, sku, parent_sku, qty, product_type, product_option, identity_key)
  VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8) ON CONFLICT (cart_id, identity_key) DO NOTHING RETURNING ${LINE_COLUMNS} ${PREPARED}`;

/**
 * How old a cart's `updated_at` may be before a line write touches it too: the retention sweep
 * (legal/retention.ts) counts days, so a touch per hour keeps a cart in use alive at a statement less
 * per write.
 */
const TOUCH_AFTER_MS = 60 * 60 * 1000;

/**
 * A line's row without `created_at` and its cart's id (never read; see ITEM_COLUMNS). Its
 * `product_option` is what the request's product_option parsed to (productOptionSchema), as the line
 * answers it: narrower than the column's type.
 */
export type CartItemRow = Omit<
  SqlRow<typeof schema.cartItems>,
  'created_at' | 'cart_id' | 'product_option'
> & {
  product_option: CartProductOptionAnswer | null;
};

/** CONTRACTS.md `CartLine` (price in cents incl. tax): the shared contract (domain contracts/cart-line.ts) */
export type CartLine = CartLineAnswer;

export type StockRow = Omit<SqlRow<typeof schema.stock>, 'updated_at'>;

/** the home address part of an address (each left out for a pickup order) */
type HomeAddress = { street?: string[]; city?: string | undefined; postcode?: string | undefined };

export type AddressInformation = {
  shippingAddress: Record<string, unknown> & { countryId: string } & HomeAddress;
  billingAddress?: (Record<string, unknown> & { countryId: string }) | undefined;
  shippingCarrierCode: string;
  shippingMethodCode: string;
  paymentMethodCode?: string | undefined;
};

export type CollectMethods = {
  paymentMethod?: { method: string } | undefined;
  shippingCarrierCode?: string | undefined;
  shippingMethodCode?: string | undefined;
};

/** user/group-pricing.ts GroupPricingService */
export type CustomerTiers = {
  tierOfCustomer(customerId: number | null | undefined): Promise<number>;
  /** the customer group's own tax class when grouped tax is active; else undefined (retail) */
  taxClassOfCustomer?(customerId: number | null | undefined): Promise<number | undefined>;
  /** both of the above from one read of the customer's group */
  customerPricing?(
    customerId: number | null | undefined,
  ): Promise<{ tier: number; taxClassId: number | undefined }>;
};

/** payment/service.ts PaymentService: the methods whose provider is off (no credentials, no sandbox) */
export type PaymentAvailability = { unavailableMethods(): Promise<ReadonlySet<string>> };

const localizedTitle = (title: Record<string, string>, store: StoreCode) => title[store] || title.lt || '';

/** a cart's price tier and tax destination (its owner's group, its delivery country): what its lines are priced for */
export type LinePricing = { tier: number; tax: TaxPricing };

/**
 * what `update` answers: the spec's line, and the cart as the write left it with what its line was
 * priced for (its totals reuse both: the write changes neither the owner nor the country)
 */
export type CartUpdate = { line: CartLine; cart: CartRow | undefined; pricing: LinePricing };

/**
 * how long a held cart answer may be answered (held.ts): far less than the time 2^32 transactions take,
 * after which a row version's transaction id could repeat (CART_IF_CHANGED)
 */
const HELD_MAX_MS = 10 * 60 * 1000;

/** guest terms kept (termsOf): store views × delivery countries, for the one catalogue version in use */
const GUEST_TERMS_KEPT = 256;

/** the stock reads under way on a database's kept stock, by their skus (CartService.stockOf) */
const stockReads = new WeakMap<
  CartCache<StockRow | null>,
  Map<string, { read: Promise<Map<string, StockRow>>; tokens: (CacheToken | undefined)[] }>
>();

function stockReadsUnderWay(cache: CartCache<StockRow | null>) {
  let reads = stockReads.get(cache);
  if (!reads) stockReads.set(cache, (reads = new Map()));
  return reads;
}

/** the same moment of the cache: nothing written (nor dropped for room) between the two tokens */
function sameToken(a: CacheToken | undefined, b: CacheToken | undefined): boolean {
  return !!a && !!b && a.count === b.count && a.seq === b.seq && a.evictions === b.evictions;
}

export class CartService {
  /** carts (with lines and coupon) kept on the embedded database; nothing on PostgreSQL (cache.ts) */
  private readonly kept: CartCache<CartRow>;
  /** stock rows by sku kept on the embedded database while no statement writes the stock table */
  private readonly keptStock: CartCache<StockRow | null>;
  /** this process's answers of cart reads (held.ts) */
  private readonly held: HeldAnswers;
  /** a guest cart's terms by catalogue version, store view and country, with the settings read they hold (termsOf) */
  private readonly guestTerms = new Map<
    string,
    { settings: EffectiveSettings; terms: Awaited<ReturnType<CartService['termsNow']>> }
  >();

  constructor(
    private readonly database: Database,
    private readonly config: ApiConfig,
    private readonly catalog: CatalogService,
    /** customer tokens; without it no token proves a customer */
    private readonly tokens?: TokenVerifier,
    /** customer-group price tiers (GROUP_PRICING, user/group-pricing.ts); without it base prices */
    private readonly tiers?: CustomerTiers,
    /** which payment providers are off (the shop passes its PaymentService); without it every active method */
    private readonly payments?: PaymentAvailability,
    /** the shop's settings (COD fee, the bank account bank transfer needs); without it the defaults */
    private readonly settings: ShopSettingsService = new ShopSettingsService(database, DEFAULT_SHOP_SETTINGS),
  ) {
    this.kept = cartCacheOf<CartRow>(database, 'carts', ['carts', 'cart_items', 'coupons']);
    this.keptStock = cartCacheOf<StockRow | null>(database, 'stock', ['stock']);
    this.held = new HeldAnswers(config.cartAnswersEntries);
  }

  /**
   * The body of `cart/pull` or `cart/totals` of the cart `cartId`, its owner checked as `open` checks
   * it: the held answer when the database shows the cart as it was made of and the terms it was
   * priced under are the same (held.ts), else priced now, written by `serialise` and held. One
   * statement on PostgreSQL, none on the embedded database while the cart is kept.
   */
  async readAnswer(
    kind: HeldKind,
    cartId: string | undefined,
    token: string | undefined,
    storeAsked: StoreCode | undefined,
    serialise: (answer: CartLine[] | CartTotals) => string,
  ): Promise<string> {
    if (!cartId) throw fieldError('cartId', 'cart.missingCartId');
    const key = HeldAnswers.key(kind, cartId, storeAsked);
    let held = this.held.get(key);
    let terms: Awaited<ReturnType<CartService['termsOf']>> | undefined;
    if (held) {
      // the terms now for the owner and country the held answer was made for: if the cart is
      // unchanged they are its terms, and the held answer is asked for only while they are the same
      terms = await this.termsOf(held.customerId, held.countryId, held.store);
      if (!sameTerms(terms.terms, held.terms) || !(Date.now() < held.until)) {
        this.held.delete(key);
        held = undefined;
      }
    }
    let cart: CartRow | undefined;
    let stamp: unknown;
    if (this.kept.enabled) {
      cart = await this.read(cartId);
      stamp = cart;
    } else {
      const row = await one<{ rev: string; cart: CartRow | null }>(this.database, CART_IF_CHANGED, [
        cartId,
        held?.stamp ?? null,
      ]);
      cart = row?.cart ?? undefined;
      stamp = row?.rev;
    }
    if (held && stamp !== undefined && (cart === undefined || cart === held.stamp)) {
      // the cart is what the held answer was made of, so still active and still its owner's
      if (held.customerId !== null)
        assertCartOwner({ customer_id: held.customerId }, await this.customerOf(token));
      this.held.touch(key, held);
      return held.body;
    }
    if (!cart || cart.status !== 'active') throw fieldError('cartId', 'cart.notFound');
    if (cart.customer_id !== null) assertCartOwner(cart, await this.customerOf(token));
    const store = storeAsked ?? (isStoreCode(cart.store_code) ? cart.store_code : DEFAULT_STORE_CODE);
    if (
      !terms ||
      held?.customerId !== cart.customer_id ||
      held.countryId !== cart.country_id ||
      held.store !== store
    )
      terms = await this.termsOf(cart.customer_id, cart.country_id, store);
    const now = Date.now();
    const answer =
      kind === 'pull'
        ? await this.pull(cart, store, terms.pricing)
        : await this.totals(cart, store, terms.pricing, terms.config);
    const body = serialise(answer);
    if (stamp !== undefined)
      this.held.set(key, {
        stamp,
        customerId: cart.customer_id,
        countryId: cart.country_id,
        store,
        terms: terms.terms,
        until: Math.min(
          now + HELD_MAX_MS,
          kind === 'totals' && cart.coupon_code
            ? couponWindowEnd(cart.coupon, now)
            : Number.POSITIVE_INFINITY,
        ),
        body,
      });
    return body;
  }

  /**
   * What a cart of `customerId` delivered to `countryId` is priced under now, besides its own rows
   * (held.ts). A guest's are the same while the catalogue version (tax rules, methods) and the
   * settings read (the COD fee) are: a guest has no group, so no tier nor tax class of its own. Kept
   * so, a held answer's read of them is two reads of kept values instead of the tier's, the tax
   * destination's and the settings' chains of promises, the largest part of a held answer's call.
   */
  private async termsOf(customerId: number | null, countryId: string | null, store: StoreCode) {
    if (customerId !== null) return this.termsNow(customerId, countryId, store);
    const [version, settings] = await Promise.all([this.catalog.version(), this.settings.get()]);
    const key = `${version}\n${store}\n${countryId ?? ''}`;
    const kept = this.guestTerms.get(key);
    if (kept && kept.settings === settings) return kept.terms;
    const terms = await this.termsNow(null, countryId, store);
    // kept only under the version and settings they were read with (none moved meanwhile)
    if (terms.terms.version === version && terms.config.codFeeCents === settings.codFeeCents) {
      if (this.guestTerms.size >= GUEST_TERMS_KEPT) this.guestTerms.clear();
      this.guestTerms.set(key, { settings, terms });
    }
    return terms;
  }

  private async termsNow(customerId: number | null, countryId: string | null, store: StoreCode) {
    const [version, pricing, config] = await Promise.all([
      this.catalog.version(),
      this.pricingOf({ customer_id: customerId, country_id: countryId }, store),
      this.pricingConfig(),
    ]);
    const d = pricing.tax.destination;
    const terms: HeldTerms = {
      version,
      tier: pricing.tier,
      taxRules: pricing.tax.taxRules,
      destination: `${d.countryId}\n${d.storeCountryId}\n${d.crossBorderTrade}\n${d.customerTaxClassId ?? ''}`,
      codFeeCents: config.codFeeCents,
    };
    return { pricing, config, terms };
  }

  /** the cart `id` with its lines and coupon: kept (no query), else read and kept */
  private async read(id: string): Promise<CartRow | undefined> {
    const kept = this.kept.get(id);
    if (kept) return kept;
    const token = this.kept.token(id);
    const cart = await one<CartRow>(this.database, CART_WITH_LINES, [id]);
    if (cart) this.kept.keep(id, cart, token);
    return cart;
  }

  /** the cart `id` with its lines, coupon and the stock row of `sku` (PostgreSQL: nothing is kept) */
  private async readWithStock(id: string, sku: string): Promise<CartRow | undefined> {
    const cart = await one<CartRow & { stock: StockRow | null }>(this.database, CART_WITH_STOCK, [id, sku]);
    return cart && { ...cart, stock: { sku, row: cart.stock } };
  }

  /**
   * Runs a write of the cart `cart` (its SQL marked COHERENT_WRITE); `after`, given the write's result,
   * names the cart as the write left it, kept when it is sure: a cart row read and still kept when the
   * write began, changed as the write changed it. Otherwise the cart is read again when next asked.
   */
  private async writeCart<R>(
    cart: CartRow,
    write: () => Promise<R>,
    after?: (result: R, cart: CartRow) => CartRow | undefined,
  ): Promise<R> {
    const current = this.kept.get(cart.id) === cart;
    const token = this.kept.writing(cart.id);
    const result = await write();
    const next = current && after ? after(result, cart) : undefined;
    if (next) this.kept.keep(cart.id, next, token);
    return result;
  }

  /**
   * The configuration with the settings' amounts in it now (the COD fee is the owner's setting, read
   * per request, not the environment's first-start value), for the pricing functions.
   */
  async pricingConfig(): Promise<ApiConfig> {
    const settings = await this.settings.get();
    return { ...this.config, codFeeCents: settings.codFeeCents };
  }

  /** the shop's settings now (kept as ShopSettingsService keeps them): an order's e-mails name those it was priced with */
  settingsNow(): Promise<EffectiveSettings> {
    return this.settings.get();
  }

  /** payment methods not offered now: a provider that is off, and bank transfer while the shop has no account to pay to */
  private async offMethods(): Promise<ReadonlySet<string>> {
    const [off, settings] = await Promise.all([
      this.payments?.unavailableMethods() ?? new Set<string>(),
      this.settings.get(),
    ]);
    if (bankTransferReady(settings.seller)) return off;
    return new Set([...off, PAYMENT_BANK_TRANSFER]);
  }

  /** the tier a cart is charged at: its owner's group (a guest cart: none); never from the body */
  async tierOf(customerId: number | null | undefined): Promise<number> {
    return this.tiers ? this.tiers.tierOfCustomer(customerId) : 0;
  }

  /**
   * What a cart's (or an order's) amounts are made gross for: the delivery country (none
   * yet: the store view's default), CROSS_BORDER_TRADE, and the owner's group tax class; never the body's.
   */
  async taxFor(
    store: StoreCode,
    countryId: string | null | undefined,
    customerId: number | null | undefined,
  ): Promise<TaxPricing> {
    const [taxRules, taxClass] = await Promise.all([
      this.catalog.taxRules(),
      this.tiers?.taxClassOfCustomer ? this.tiers.taxClassOfCustomer(customerId) : Promise.resolve(undefined),
    ]);
    return taxPricing(this.config, taxRules, store, countryId, taxClass);
  }

  /** a guest cart; with a customer's token, that customer's active cart (created when there is none) */
  async create(store: StoreCode, token: string | undefined): Promise<string> {
    const customerId = await this.customerOf(token);
    if (customerId !== undefined) return this.customerCart(store, customerId);
    const id = randomBytes(24).toString('base64url');
    // a new id: no kept cart can be it, so the write leaves every kept cart as it is; and the new
    // cart is kept as written (no lines, no coupon), so the line a shopper adds next reads nothing:
    // that read was a turn of the busy event loop on the embedded database's thread (record 0096)
    const written = this.kept.writing(id);
    const row = await one<CartRow>(
      this.database,
      `${COHERENT_WRITE} INSERT INTO carts (id, store_code, customer_id) VALUES ($1, $2, NULL) RETURNING * ${PREPARED}`,
      [id, store],
    );
    if (row) this.kept.keep(id, { ...row, items: [], coupon: null }, written);
    return id;
  }

  /**
   * A customer's active cart, made when there is none, under the lock of the customer's row: two
   * creates at once (a login's merge on one tab and another tab's, or another device's) answer one
   * cart. Read and insert apart, each made a cart of its own, and the lines went to one while the
   * other was read.
   */
  private async customerCart(store: StoreCode, customerId: number): Promise<string> {
    return this.database.transaction(async (tx) => {
      await tx.query('SELECT id FROM customers WHERE id = $1 FOR UPDATE', [customerId]);
      const mine = await one<{ id: string }>(
        tx,
        "SELECT id FROM carts WHERE customer_id = $1 AND status = 'active' ORDER BY updated_at DESC LIMIT 1",
        [customerId],
      );
      if (mine) return mine.id;
      const id = randomBytes(24).toString('base64url');
      // a new id: no kept cart can be it, so the write leaves every kept cart as it is
      await tx.query(
        `${COHERENT_WRITE} INSERT INTO carts (id, store_code, customer_id) VALUES ($1, $2, $3)`,
        [id, store, customerId],
      );
      return id;
    });
  }

  /** the customer of a token (undefined without one); an invalid or expired token is a 401 (the client refreshes) */
  async customerOf(token: string | undefined): Promise<number | undefined> {
    if (!token) return undefined;
    const principal = await this.tokens?.verify(token);
    if (!principal) throw unauthorized('error.unauthorized');
    return principal.customerId;
  }

  /**
   * The active cart `cartId`. Unknown or converted → 400 (the client then clears its cart,
   * catalogue-and-cart.md §4 "Cart sync"). A customer's cart answers only that customer's token.
   */
  async open(
    cartId: string | undefined,
    token: string | undefined,
    q: Queryable = this.database,
    /** an update's sku: on PostgreSQL its stock row is read with the cart (CartRow.stock) */
    stockSku?: string,
  ): Promise<CartRow> {
    if (!cartId) throw fieldError('cartId', 'cart.missingCartId');
    const cart =
      q !== this.database
        ? await one<CartRow>(q, CART_WITH_LINES, [cartId])
        : stockSku !== undefined && !this.kept.enabled
          ? await this.readWithStock(cartId, stockSku)
          : await this.read(cartId);
    if (!cart || cart.status !== 'active') throw fieldError('cartId', 'cart.notFound');
    if (cart.customer_id !== null) assertCartOwner(cart, await this.customerOf(token));
    return cart;
  }

  /**
   * The totals of a cart just written (its owner already checked): read again with its lines, as a
   * following `cart/totals` reads it, so a write's answer and that call agree to the cent.
   */
  async totalsAfterWrite(
    cart: CartRow,
    store: StoreCode,
    written?: CartRow,
    /** what the write priced its line for; reused only with `written` (a cart read again may have another country) */
    pricing?: LinePricing,
  ): Promise<CartTotals> {
    const now = written ?? (await this.read(cart.id));
    if (!now || now.status !== 'active') throw fieldError('cartId', 'cart.notFound');
    return this.totals(now, store, written && pricing);
  }

  /**
   * the shop's active shipping methods, kept per catalogue version (an import and a staff edit move
   * it): a cart's totals and an order's check read the same list
   */
  shippingMethodsNow(): Promise<ShippingMethodRow[]> {
    return this.catalog.shared('cart:shipping-methods', () => shippingMethods(this.database));
  }

  /** the shop's active payment methods, kept per catalogue version like the shipping methods */
  private paymentMethodsNow(): Promise<PaymentMethodRow[]> {
    return this.catalog.shared('cart:payment-methods', () => paymentMethods(this.database));
  }

  /**
   * The cart `id` with its lines and coupon, its owner not checked (an order checks it against the
   * order's token): kept on the embedded database (no query), else one query.
   */
  async withLines(id: string): Promise<CartRow | undefined> {
    return this.read(id);
  }

  /**
   * The statement converting the active cart `cartId` into an order, sent as a part of the order's
   * placing statement (a data-modifying WITH: no round trip of its own), `$param` being `cartId`. It
   * answers a row (`id`) only when it converted the cart: none when the cart is no longer active
   * (another placement of it came first), nor when `unless`, a part of that WITH, answers a row. The caller's statement is marked
   * COHERENT_WRITE, so only this cart stops being kept: in a flash sale each order placed otherwise
   * dropped every kept cart, and each waiting shopper's cart was read again (record 0075). Dropped
   * now, before the statement, so a rolled back conversion leaves the cart to be read again, never
   * kept as converted or active wrongly.
   */
  conversion(cartId: string, param: number, unless?: string): string {
    this.kept.writing(cartId);
    return `UPDATE carts SET status = 'converted', updated_at = now() WHERE id = $${param} AND status = 'active'${
      unless ? ` AND NOT EXISTS (SELECT 1 FROM ${unless})` : ''
    } RETURNING id`;
  }

  async lines(cartId: string, q: Queryable = this.database): Promise<CartItemRow[]> {
    return rows<CartItemRow>(q, 'SELECT * FROM cart_items WHERE cart_id = $1 ORDER BY item_id', [cartId]);
  }

  /** the cart's lines priced for its delivery country (or `countryId`, the one being chosen) */
  private async priced(
    cart: CartRow,
    store: StoreCode,
    q: Queryable = this.database,
    countryId = cart.country_id,
    /** the cart's tier and tax destination when the caller has them for `countryId` */
    known?: LinePricing,
  ) {
    const items = cart.items ?? (await this.lines(cart.id, q));
    const { tier, tax } = known ?? (await this.pricingOf(cart, store, countryId));
    const { priced, unavailable } = await priceLines(
      this.catalog,
      store,
      items.map((i) => ({ item_id: i.item_id, sku: i.sku, qty: i.qty, product_option: i.product_option })),
      q,
      tier,
      tax,
    );
    return { items, priced, unavailable, tax };
  }

  /** the tier and tax destination of the cart `cart`'s lines delivered to `countryId` */
  private async pricingOf(
    cart: Pick<CartRow, 'customer_id' | 'country_id'>,
    store: StoreCode,
    countryId = cart.country_id,
  ): Promise<LinePricing> {
    return this.ownerPricing(store, countryId, cart.customer_id);
  }

  /**
   * The tier and the tax destination of a cart (or an order) of `customerId` delivered to
   * `countryId`: `tierOf` and `taxFor` together, the owner's group read once (a guest's: none).
   */
  async ownerPricing(
    store: StoreCode,
    countryId: string | null | undefined,
    customerId: number | null | undefined,
  ): Promise<LinePricing> {
    if (!this.tiers?.customerPricing) {
      const [tier, tax] = await Promise.all([
        this.tierOf(customerId),
        this.taxFor(store, countryId, customerId),
      ]);
      return { tier, tax };
    }
    const [owner, taxRules] = await Promise.all([
      this.tiers.customerPricing(customerId),
      this.catalog.taxRules(),
    ]);
    return { tier: owner.tier, tax: taxPricing(this.config, taxRules, store, countryId, owner.taxClassId) };
  }

  async pull(cart: CartRow, store: StoreCode, known?: LinePricing): Promise<CartLine[]> {
    const { items, priced } = await this.priced(cart, store, this.database, cart.country_id, known);
    const byId = new Map(priced.map((p) => [Number(p.item_id), p]));
    return items.map((i) => toLine(cart, i, byId.get(i.item_id)));
  }

  /**
   * Add a line, or change one: a matching line's qty is raised; `item_id` sets that line's qty.
   * One statement on the lines the cart was read with, which answers the cart it leaves (kept, so the
   * write's totals and the next read make no query); when another write changed the line meanwhile,
   * the locked way (updateLocked) reads the lines again under the cart's lock.
   */
  async update(cart: CartRow, store: StoreCode, input: CartItemInput): Promise<CartUpdate> {
    const resolved = await this.catalog.resolveSku(store, input.sku);
    if (!resolved) throw fieldError('cartItem.sku', 'api.skuNotFound', { sku: input.sku }, 404);
    if (resolved.disabled) throw fieldError('cartItem.sku', 'api.skuDisabled', { sku: input.sku });
    const line = await this.chooseVariant(store, resolved, input.product_option);
    const incoming = {
      sku: line.sku,
      qty: input.qty,
      id: line.product.id,
      product_option: input.product_option ?? (await this.storedOption(cart, input.item_id, line.sku)),
    };

    const pricing = await this.pricingOf(cart, store);
    const check = await priceLines(
      this.catalog,
      store,
      [{ sku: line.sku, qty: 1, product_option: incoming.product_option }],
      this.database,
      pricing.tier,
      pricing.tax,
    );
    const [refused] = check.refused;
    if (refused) throw refusedLineError(refused, 'cartItem.product_option');
    const [priced] = check.priced;
    if (!priced || validateProductForCart({ final_price_incl_tax: priced.price_incl_tax }).length > 0)
      throw ruleError('cart.priceUnknown', undefined, 'cartItem.sku');
    const target: LineTarget = { cart, input, incoming, line, priced };

    const existing = cart.items ?? (await this.lines(cart.id));
    const { match, qty } = lineChange(existing, input, incoming);
    await this.checkStock(
      line.sku,
      qty,
      'cartItem.qty',
      this.database,
      priced.bundle_picks,
      cart.stock?.sku === line.sku ? cart.stock.row : undefined,
    );
    const stale = !(Date.now() - new Date(cart.updated_at ?? 0).getTime() < TOUCH_AFTER_MS);
    const leftBy = (row: CartItemRow | undefined, c: CartRow): CartRow | undefined =>
      row && c.items
        ? { ...c, items: withLine(c.items, row), ...(stale ? { updated_at: Date.now() } : {}) }
        : undefined;
    const written = await this.writeCart(
      cart,
      async () => {
        const row = match
          ? await one<CartItemRow>(this.database, SET_LINE_QTY, [cart.id, qty, match.item_id, match.qty])
          : await one<CartItemRow>(this.database, ADD_LINE, [cart.id, ...newLineParams(target, qty)]);
        if (row && stale)
          await this.database.query(`${COHERENT_WRITE} UPDATE carts SET updated_at = now() WHERE id = $1`, [
            cart.id,
          ]);
        return row;
      },
      leftBy,
    );
    if (written) {
      // the cart the write's totals are made of: the kept one on the embedded database (dropped when
      // another write came meanwhile: read again); on PostgreSQL, where nothing is kept, the cart as
      // read with this write's line in it: the write only took when that line was still as read
      // (SET_LINE_QTY, ADD_LINE), and reading the cart again cost a round trip and its rows' parsing
      const left = this.kept.enabled ? this.kept.get(cart.id) : leftBy(written, cart);
      return {
        line: toLine(cart, written, { ...priced, item_id: written.item_id, qty: written.qty }),
        cart: left,
        pricing,
      };
    }
    return { line: await this.updateLocked(target), cart: undefined, pricing };
  }

  /**
   * The update under the cart's lock: concurrent writes to one cart are serialised (the cart row is
   * locked before its lines are read), so two updates racing never compute their quantity from the
   * same old line.
   */
  private async updateLocked({ cart, input, incoming, line, priced }: LineTarget): Promise<CartLine> {
    this.kept.writing(cart.id);
    const row = await this.database.transaction(async (tx) => {
      // the write to the cart row takes its lock (one statement, not a SELECT ... FOR UPDATE and an UPDATE)
      const locked = await tx.query(
        `${COHERENT_WRITE} UPDATE carts SET updated_at = now() WHERE id = $1 AND status = 'active' RETURNING id`,
        [cart.id],
      );
      if (!locked.length) throw fieldError('cartId', 'cart.notFound');
      const { match, qty } = lineChange(await this.lines(cart.id, tx), input, incoming);
      await this.checkStock(line.sku, qty, 'cartItem.qty', tx, priced.bundle_picks);
      if (match) {
        return one<CartItemRow>(
          tx,
          `${COHERENT_WRITE} UPDATE cart_items SET qty = $1 WHERE item_id = $2 RETURNING *`,
          [qty, match.item_id],
        );
      }
      return one<CartItemRow>(
        tx,
        `${COHERENT_WRITE} INSERT INTO cart_items (cart_id, product_id, sku, parent_sku, qty, product_type, product_option, identity_key)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8)
         ON CONFLICT (cart_id, identity_key) DO UPDATE SET qty = EXCLUDED.qty RETURNING *`,
        [cart.id, ...newLineParams({ cart, input, incoming, line, priced }, qty)],
      );
    });
    if (!row) throw new Error('cart line was not written');
    return toLine(cart, row, { ...priced, item_id: row.item_id, qty: row.qty });
  }

  /**
   * The options of the line `itemId` (of that sku), for a quantity change that does not repeat them:
   * the line keeps its options, so they are what the change is checked and priced with.
   */
  private async storedOption(
    cart: CartRow,
    itemId: number | string | undefined,
    sku: string,
  ): Promise<CartProductOption | null> {
    if (itemId === undefined) return null;
    // matched as the update matches it (String(item_id)): any id a client sends is safe to compare
    const stored = (cart.items ?? (await this.lines(cart.id))).find(
      (l) => String(l.item_id) === String(itemId) && l.sku === sku,
    );
    return stored?.product_option ?? null;
  }

  /**
   * A configurable product is bought as one of its children: the child the options choose
   * (the domain's selectVariant, exact match required), or the child sku itself.
   */
  private async chooseVariant(
    store: StoreCode,
    r: ResolvedSku,
    option: CartProductOption | undefined,
  ): Promise<ResolvedSku> {
    if (r.product.type_id !== 'configurable') return r;
    const chosen = option?.extension_attributes?.configurable_item_options ?? [];
    const options = (r.product.configurable_options ?? []) as {
      attribute_id: number;
      attribute_code: string;
    }[];
    const selected: Record<string, string | number> = {};
    for (const o of chosen) {
      const code = options.find((x) => String(x.attribute_id) === String(o.option_id))?.attribute_code;
      if (code) selected[code] = o.option_value;
    }
    if (Object.keys(selected).length === 0)
      throw ruleError('variant.noSuchConfiguration', undefined, 'cartItem.product_option');
    const pick = selectVariant(
      r.product as ProductDoc & { configurable_children?: { sku: string }[] },
      selected,
      { fallbackToDefault: false },
    );
    if (!pick.variant) throw ruleError('variant.noneAvailable', undefined, 'cartItem.product_option');
    if (!pick.exactMatch)
      throw ruleError('variant.noSuchConfiguration', undefined, 'cartItem.product_option');
    const child = await this.catalog.resolveSku(store, pick.variant.sku);
    if (!child || child.disabled)
      throw ruleError('variant.noneAvailable', undefined, 'cartItem.product_option');
    return child.parent ? child : { ...child, parent: r.product };
  }

  /** true on the embedded database: stockOf answers kept rows, dropped by every stock write (so always current) */
  get keepsStock(): boolean {
    return this.keptStock.enabled;
  }

  /**
   * The stock rows of `skus` (a sku without stock of its own: absent). Outside a transaction, on the
   * embedded database, kept while no statement writes the stock table (cache.ts): an order's
   * decrement, an import, a staff edit each drop them.
   */
  async stockOf(skus: string[], q: Queryable = this.database): Promise<Map<string, StockRow>> {
    if (skus.length === 0) return new Map();
    if (q === this.database && this.keptStock.enabled) {
      const kept = skus.map((sku) => this.keptStock.get(sku));
      if (kept.every((k) => k !== undefined)) return new Map(kept.flatMap((k) => (k ? [[k.sku, k]] : [])));
      const tokens = skus.map((sku) => this.keptStock.token(sku));
      // A read of the same skus under way, with nothing written since it was asked for, finds what a
      // read of this caller's would: it is shared. On the database's thread its answer takes a turn
      // of the event loop, and in a sale every loser arriving meanwhile (after a winner's decrement
      // dropped the row) asked again, each answer waiting its own turn (docs/decisions/0092-*.md).
      const key = skus.join('\u0000');
      const inFlight = stockReadsUnderWay(this.keptStock);
      const shared = inFlight.get(key);
      if (shared && shared.tokens.every((t, i) => sameToken(t, tokens[i]))) return new Map(await shared.read);
      const read = this.readStock(skus, q);
      const entry = { read, tokens };
      inFlight.set(key, entry);
      try {
        const found = await read;
        skus.forEach((sku, i) => this.keptStock.keep(sku, found.get(sku) ?? null, tokens[i]));
        return new Map(found);
      } finally {
        if (inFlight.get(key) === entry) inFlight.delete(key);
      }
    }
    return this.readStock(skus, q);
  }

  /**
   * Before an order's stock decrement of `skus` in its transaction (order/stock.ts takeStock, marked
   * COHERENT_WRITE): their kept rows are dropped, and a read begun before keeps nothing; the function
   * answered keeps the rows the decrement returned, called once the order committed (a read after
   * it would answer them). The other kept rows stay kept, where any stock write dropped them all.
   */
  writing(skus: readonly string[]): (rows: readonly StockRow[]) => void {
    const tokens = new Map(skus.map((sku) => [sku, this.keptStock.writing(sku)]));
    return (taken) => {
      for (const row of taken) this.keptStock.keep(row.sku, row, tokens.get(row.sku));
    };
  }

  private async readStock(skus: string[], q: Queryable): Promise<Map<string, StockRow>> {
    const found = await rows<StockRow>(
      q,
      `SELECT product_id, sku, qty, is_in_stock, manage_stock FROM stock WHERE sku = ANY($1::text[]) ${PREPARED}`,
      [skus],
    );
    return new Map(found.map((s) => [s.sku, s]));
  }

  /**
   * the domain's stock status and quantity rule: out of stock, or more than available, is refused.
   * A bundle line (`bundlePicks`: the links it chose) by the stock of its chosen products (domain
   * bundleStock), as its order will take them (order/stock.ts).
   */
  async checkStock(
    sku: string,
    qty: number,
    field: string,
    q: Queryable = this.database,
    bundlePicks: readonly BundleLinePick[] | null = null,
    /** the stock row of `sku` as read with its cart (null: it keeps none); undefined: read it here */
    known?: StockRow | null,
  ): Promise<void> {
    if (bundlePicks) {
      const parts = await this.stockOf([...new Set(bundlePicks.map((p) => p.sku))], q);
      const bundle = bundleStock(bundlePicks, (s) => parts.get(s));
      if (!bundle.orderable) throw ruleError('cart.outOfStock', undefined, field);
      const check = validateQuantity(qty, bundle.maxQty);
      if (check) throw ruleError(check.key, check.params, field);
    }
    const stock = known !== undefined ? (known ?? undefined) : (await this.stockOf([sku], q)).get(sku);
    if (!stock) return; // composite products (bundle, grouped) keep no stock of their own
    if (stockStatus(stock) === 'out_of_stock') throw ruleError('cart.outOfStock', undefined, field);
    if (!stock.manage_stock) return;
    const check = validateQuantity(qty, stock.qty);
    if (check) throw ruleError(check.key, check.params, field);
  }

  async remove(cart: CartRow, ref: { sku: string; item_id?: number | undefined }): Promise<true> {
    const [sql, key] =
      ref.item_id !== undefined
        ? ['DELETE FROM cart_items WHERE cart_id = $1 AND item_id = $2 RETURNING item_id', ref.item_id]
        : ['DELETE FROM cart_items WHERE cart_id = $1 AND sku = $2 RETURNING item_id', ref.sku];
    await this.writeCart(
      cart,
      () => rows<{ item_id: number }>(this.database, `${COHERENT_WRITE} ${sql}`, [cart.id, key]),
      (gone, c) => {
        const ids = new Set(gone.map((g) => g.item_id));
        return c.items && { ...c, items: c.items.filter((i) => !ids.has(i.item_id)) };
      },
    );
    return true;
  }

  async totals(
    cart: CartRow,
    store: StoreCode,
    known?: LinePricing,
    /** pricingConfig() as the caller read it */
    config?: ApiConfig,
  ): Promise<CartTotals> {
    const { priced, tax } = await this.priced(cart, store, this.database, cart.country_id, known);
    return this.totalsOf(cart, store, priced, tax, config);
  }

  private async totalsOf(
    cart: CartRow,
    store: StoreCode,
    lines: PricedLine[],
    tax: TaxPricing,
    config?: ApiConfig,
  ): Promise<CartTotals> {
    const [coupon, shipping, payment] = await Promise.all([
      !cart.coupon_code
        ? Promise.resolve(undefined)
        : cart.coupon !== undefined
          ? Promise.resolve(cart.coupon ?? undefined)
          : findCoupon(this.database, cart.coupon_code),
      this.shippingMethodsNow(),
      cart.payment_method_code ? this.paymentMethodsNow() : Promise.resolve([]),
    ]);
    return totalsOf(config ?? (await this.pricingConfig()), tax, {
      lines,
      coupon,
      allShippingMethods: shipping,
      shippingMethod: cart.shipping_method_code
        ? shipping.find((m) => m.code === cart.shipping_method_code)
        : undefined,
      paymentMethod: payment.find((m) => m.code === cart.payment_method_code),
      storeCode: store,
      now: new Date(),
    });
  }

  async paymentMethods(cart: CartRow, store: StoreCode) {
    const { priced, tax } = await this.priced(cart, store);
    return this.paymentMethodsFor(store, priced, tax);
  }

  /** the methods a cart may pay with: active, allowed for its lines (virtual or not), and their provider on */
  async usablePaymentMethods(virtual: boolean): Promise<PaymentMethodRow[]> {
    const [methods, off] = await Promise.all([this.paymentMethodsNow(), this.offMethods()]);
    return allowedPaymentMethods(this.config, methods, virtual).filter((m) => !off.has(m.code));
  }

  private async paymentMethodsFor(store: StoreCode, lines: PricedLine[], tax: TaxPricing) {
    const virtual = isVirtual(lines);
    const rate = importRate(tax);
    const config = await this.pricingConfig();
    return (await this.usablePaymentMethods(virtual)).map((m) =>
      paymentMethodView(config, m, store, paymentFee(config, m, virtual, rate)),
    );
  }

  /** shipping methods for a country (the spec's fields), fees from the cart's subtotal; remembers the country */
  async shippingMethods(cart: CartRow, store: StoreCode, countryId: string) {
    const { priced, tax } = await this.priced(cart, store, this.database, countryId);
    await this.writeCart(
      cart,
      () =>
        one<CartRow>(
          this.database,
          `${COHERENT_WRITE} UPDATE carts SET country_id = $2, updated_at = now() WHERE id = $1 RETURNING *`,
          [cart.id, countryId],
        ),
      (row, c) => withLinesOf(row, c),
    );
    if (isVirtual(priced)) return [];
    const subtotal = subtotalOfLines(priced);
    const rate = importRate(tax);
    return (await this.shippingMethodsNow())
      .filter((m) => m.countries.includes(countryId))
      .map((m) => shippingMethodView(m, store, shippingFee(m, subtotal, false, rate)));
  }

  /**
   * What a product page quotes before there is a cart: the active shipping
   * methods of the store view's default country with their fee incl. that country's VAT and the gross
   * free-shipping threshold (the same figures checkout charges there), and the payment methods a
   * physical cart may use (MOKILIZINGAS among them: the leasing line).
   */
  /**
   * The product page's delivery options: shipping methods and payment methods come from an import
   * (kept per catalogue version, CatalogService.shared); which payment providers are off right now
   * is asked each time.
   */
  async deliveryOptions(store: StoreCode, countryId?: string) {
    const [options, off] = await Promise.all([
      this.catalog.shared(`delivery-options:${store}:${countryId ?? ''}`, () =>
        this.deliveryOptionsOfImport(store, countryId),
      ),
      this.offMethods(),
    ]);
    return off.size
      ? { ...options, payment_methods: options.payment_methods.filter((c) => !off.has(c)) }
      : options;
  }

  /**
   * `countryId`: the shopper's delivery country once it is known (the storefront shows its figures);
   * the fees are made gross by the rule checkout charges with there (importRate of that destination)
   */
  private async deliveryOptionsOfImport(store: StoreCode, countryId?: string) {
    const tax = await this.taxFor(store, countryId ?? null, null);
    const rate = importRate(tax);
    const country = tax.destination.countryId;
    const [methods, payments] = await Promise.all([
      shippingMethods(this.database),
      paymentMethods(this.database),
    ]);
    return {
      country_id: country,
      shipping_methods: methods
        .filter((m) => m.countries.includes(country))
        .map((m) => ({
          code: m.code,
          carrier_code: m.carrier_code,
          title: localizedTitle(m.title, store),
          needs_pickup_point: m.needs_pickup_point,
          price_incl_tax: importedInclTax(m.price_cents, rate),
          free_from_incl_tax: freeShippingThreshold(m, rate),
        })),
      payment_methods: allowedPaymentMethods(this.config, payments, false).map((m) => m.code),
    };
  }

  /**
   * What a checkout needs to go on offline, cached by the storefront while it is
   * online: per delivery country, the shipping methods (fee incl. that country's VAT for an order
   * below the free-shipping threshold, and the gross threshold) and the payment methods a physical
   * cart may use with their fees. Figures for an estimate only: the order is priced when it is sent.
   */
  async checkoutOptions(store: StoreCode) {
    const [methods, payments, config] = await Promise.all([
      shippingMethods(this.database),
      this.usablePaymentMethods(false),
      this.pricingConfig(),
    ]);
    const countries = [...new Set(methods.flatMap((m) => m.countries))].sort();
    const options = [];
    for (const country of countries) {
      const rate = importRate(await this.taxFor(store, country, null));
      options.push({
        country_id: country,
        shipping_methods: methods
          .filter((m) => m.countries.includes(country))
          .map((m) => ({
            ...shippingMethodView(m, store, shippingFee(m, 0, false, rate)),
            free_from_incl_tax: freeShippingThreshold(m, rate),
          })),
        payment_methods: payments.map((m) =>
          paymentMethodView(config, m, store, paymentFee(config, m, false, rate)),
        ),
      });
    }
    return { options };
  }

  async shippingInformation(cart: CartRow, store: StoreCode, info: AddressInformation) {
    const countryId = info.shippingAddress.countryId;
    const { priced, tax } = await this.priced(cart, store, this.database, countryId);
    const method = await this.shippingMethodFor(
      priced,
      countryId,
      info.shippingCarrierCode,
      info.shippingMethodCode,
      'addressInformation.shippingMethodCode',
    );
    assertOrderAddresses(
      method,
      isVirtual(priced),
      info.shippingAddress,
      info.billingAddress,
      'addressInformation',
    );
    const paymentCode = info.paymentMethodCode
      ? await this.paymentMethodFor(
          store,
          priced,
          tax,
          info.paymentMethodCode,
          'addressInformation.paymentMethodCode',
        )
      : cart.payment_method_code;
    const updated = await this.writeCart(
      cart,
      () =>
        one<CartRow>(
          this.database,
          `${COHERENT_WRITE} UPDATE carts SET shipping_address = $2::jsonb, billing_address = $3::jsonb, country_id = $4,
         shipping_method_code = $5, payment_method_code = $6, updated_at = now() WHERE id = $1 RETURNING *`,
          [
            cart.id,
            JSON.stringify(info.shippingAddress),
            JSON.stringify(info.billingAddress ?? info.shippingAddress),
            countryId,
            method?.code ?? null,
            paymentCode,
          ],
        ),
      (row, c) => withLinesOf(row, c),
    );
    const next = updated ?? cart;
    return {
      totals: await this.totalsOf(next, store, priced, tax),
      payment_methods: await this.paymentMethodsFor(store, priced, tax),
    };
  }

  async collectTotals(
    cart: CartRow,
    store: StoreCode,
    methods: CollectMethods | undefined,
  ): Promise<CartTotals> {
    const { priced, tax } = await this.priced(cart, store);
    let next = cart;
    const paymentCode = methods?.paymentMethod?.method;
    const carrier = methods?.shippingCarrierCode;
    const methodCode = methods?.shippingMethodCode;
    if (paymentCode || (carrier && methodCode)) {
      const payment = paymentCode
        ? await this.paymentMethodFor(store, priced, tax, paymentCode, 'methods.paymentMethod.method')
        : cart.payment_method_code;
      const shipping =
        carrier && methodCode
          ? ((
              await this.shippingMethodFor(
                priced,
                cart.country_id ?? 'LT',
                carrier,
                methodCode,
                'methods.shippingMethodCode',
              )
            )?.code ?? null)
          : cart.shipping_method_code;
      next =
        (await this.writeCart(
          cart,
          () =>
            one<CartRow>(
              this.database,
              `${COHERENT_WRITE} UPDATE carts SET payment_method_code = $2, shipping_method_code = $3, updated_at = now() WHERE id = $1 RETURNING *`,
              [cart.id, payment, shipping],
            ),
          (row, c) => withLinesOf(row, c),
        )) ?? cart;
    }
    return this.totalsOf(next, store, priced, tax);
  }

  private async shippingMethodFor(
    lines: PricedLine[],
    countryId: string,
    carrier: string,
    method: string,
    field: string,
  ) {
    if (isVirtual(lines)) return undefined;
    const found = (await this.shippingMethodsNow()).find(
      (m) => m.carrier_code === carrier && m.method_code === method && m.countries.includes(countryId),
    );
    if (!found) throw ruleError('api.shippingMethodUnavailable', { code: `${carrier}_${method}` }, field);
    return found;
  }

  private async paymentMethodFor(
    store: StoreCode,
    lines: PricedLine[],
    tax: TaxPricing,
    code: string,
    field: string,
  ) {
    const allowed = await this.paymentMethodsFor(store, lines, tax);
    if (!allowed.some((m) => m.code === code))
      throw ruleError('api.paymentMethodUnavailable', { code }, field);
    return code;
  }

  /** validates the coupon against the cart and replaces any previous one */
  async applyCoupon(cart: CartRow, store: StoreCode, code: string): Promise<true> {
    const { priced, tax } = await this.priced(cart, store);
    const subtotal = subtotalOfLines(priced);
    const coupon = await findCoupon(this.database, code);
    const rate = importRate(tax);
    if (!couponApplies(coupon, subtotal, new Date(), rate))
      throw ruleError('coupon.incorrect', undefined, 'coupon');
    if (coupon.uses_per_customer != null) {
      // a signed-in customer's uses are known now (a guest's are checked by e-mail when the order is placed)
      const customer = cart.customer_id
        ? await one<{ email: string }>(this.database, 'SELECT email FROM customers WHERE id = $1', [
            cart.customer_id,
          ])
        : undefined;
      const addressEmail = cart.shipping_address?.email;
      const email = customer?.email ?? (typeof addressEmail === 'string' ? addressEmail : null);
      const used =
        cart.customer_id || email
          ? await couponUsesBy(this.database, coupon.code, { customerId: cart.customer_id, email })
          : null;
      const limits = {
        usesPerCoupon: coupon.uses_per_coupon,
        timesUsed: coupon.times_used,
        usesPerCustomer: coupon.uses_per_customer,
      };
      if (!couponUseAllowed(limits, used)) throw ruleError('coupon.incorrect', undefined, 'coupon');
    }
    await this.writeCart(
      cart,
      () =>
        one<CartRow>(
          this.database,
          `${COHERENT_WRITE} UPDATE carts SET coupon_code = $2, updated_at = now() WHERE id = $1 RETURNING *`,
          [cart.id, coupon.code],
        ),
      (row, c) => withLinesOf(row, c, coupon),
    );
    return true;
  }

  async deleteCoupon(cart: CartRow): Promise<true> {
    await this.writeCart(
      cart,
      () =>
        one<CartRow>(
          this.database,
          `${COHERENT_WRITE} UPDATE carts SET coupon_code = NULL, updated_at = now() WHERE id = $1 RETURNING *`,
          [cart.id],
        ),
      (row, c) => withLinesOf(row, c, null),
    );
    return true;
  }
}

/**
 * A customer's cart answers only that customer (401 otherwise: no token, or another
 * customer's); a guest cart answers whoever holds its unguessable id. The one ownership check, used by
 * the cart calls and by order/create.
 */
export function assertCartOwner(cart: Pick<CartRow, 'customer_id'>, customerId: number | undefined): void {
  if (cart.customer_id === null || cart.customer_id === customerId) return;
  throw customerId === undefined
    ? unauthorized('error.unauthorized')
    : ruleError('api.cartForbidden', undefined, 'token', 401);
}

/**
 * A cart row a write returned, with the lines and coupon of the cart it wrote (`coupon`: the coupon
 * the write set), as a read would now answer it; undefined without either.
 */
function withLinesOf(
  row: CartRow | undefined,
  cart: CartRow,
  coupon: CouponRow | null | undefined = cart.coupon,
): CartRow | undefined {
  return row && cart.items && coupon !== undefined ? { ...row, items: cart.items, coupon } : undefined;
}

/** the lines with `row` in place of the line of its item_id (or added), in item_id order as the reads answer them */
function withLine(lines: CartItemRow[], row: CartItemRow): CartItemRow[] {
  const others = lines.filter((l) => l.item_id !== row.item_id);
  return [...others, row].sort((a, b) => a.item_id - b.item_id);
}

/** what an update writes: the cart, the request's line, the product it resolved to, its price */
type LineTarget = {
  cart: CartRow;
  input: CartItemInput;
  incoming: { sku: string; qty: number; id: unknown; product_option: CartProductOption | null | undefined };
  line: ResolvedSku;
  priced: PricedLine;
};

/**
 * The line an update changes among `lines` (by item_id, else the domain's identity rule) and its new
 * quantity: `item_id` sets it, a matching line's is raised; over CART_MAX_QTY is refused.
 */
function lineChange(lines: CartItemRow[], input: CartItemInput, incoming: LineTarget['incoming']) {
  const byItemId =
    input.item_id !== undefined ? lines.find((l) => String(l.item_id) === String(input.item_id)) : undefined;
  const match =
    byItemId ??
    lines.find((l) =>
      sameCartItem(
        { sku: l.sku, qty: l.qty, id: l.product_id, item_id: l.item_id, product_option: l.product_option },
        incoming as Parameters<typeof sameCartItem>[1],
      ),
    );
  const qty = byItemId ? input.qty : (match?.qty ?? 0) + input.qty;
  if (qty > CART_MAX_QTY) throw fieldError('cartItem.qty', 'validation.tooBig', { max: CART_MAX_QTY });
  return { match, qty };
}

/** the columns of a new line after its cart id ($2..$8 of ADD_LINE and of the locked insert) */
function newLineParams({ line, priced, incoming }: LineTarget, qty: number): unknown[] {
  return [
    Number(line.product.id),
    line.sku,
    line.parent ? String(line.parent.sku) : null,
    qty,
    priced.product_type,
    incoming.product_option ? JSON.stringify(incoming.product_option) : null,
    cartItemChecksum(incoming as Parameters<typeof cartItemChecksum>[0]),
  ];
}

function toLine(cart: CartRow, row: CartItemRow, priced: PricedLine | undefined): CartLine {
  return {
    item_id: row.item_id,
    sku: row.sku,
    qty: row.qty,
    name: priced?.name ?? row.sku,
    price: priced?.price_incl_tax ?? null,
    product_type: row.product_type,
    quote_id: cart.id,
    product_option: row.product_option,
    ...(row.parent_sku ? { parentSku: row.parent_sku } : {}),
  };
}

export function shippingMethodView(m: ShippingMethodRow, store: StoreCode, cost: number) {
  const title = localizedTitle(m.title, store);
  return {
    code: m.code,
    carrier_code: m.carrier_code,
    method_code: m.method_code,
    carrier_title: title,
    method_title: title,
    title,
    default: m.is_default,
    offline: true,
    available: true,
    needs_pickup_point: m.needs_pickup_point,
    cost_incl_tax: cost,
    price_incl_tax: cost,
    amount: cost,
  };
}

/**
 * A payment method as the API answers it: the spec's fields, the fee it charges (incl. VAT), its kind
 * and whether a virtual cart may use it (so a client filtering a cached list applies the same rule)
 */
export function paymentMethodView(
  config: ApiConfig,
  m: PaymentMethodRow,
  store: StoreCode,
  feeInclTax: number,
) {
  const kind = paymentKindOf(m, config);
  return {
    code: m.code,
    title: localizedTitle(m.title, store),
    default: m.is_default,
    is_server_method: m.is_server_method,
    offline: m.offline,
    kind,
    allowed_for_virtual: paymentMethodAllowed({ ...m, kind }, true),
    cost_incl_tax: feeInclTax,
  };
}
