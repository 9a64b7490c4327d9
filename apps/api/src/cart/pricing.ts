/**
 * Server-side money of a cart or an order (DESIGN.md principle 2): every line is priced from the
 * server's own product documents, then the domain's `computeTotals` adds the coupon, the shipping fee
 * of the chosen method (free from its threshold) and the payment fee (the configured COD fee for cash
 * on delivery), all in integer cents incl. tax. Shared by the cart and the order service.
 *
 * Every amount is stored as imported: cents NET of VAT (docs/CONTRACTS.md "Shop data import file"):
 * product prices (the documents' `final_price`, from the products table), methods' prices and fees,
 * coupons' fixed values and minimums. They are made gross here for the cart's destination (`TaxPricing`) by the domain's one rule `grossFor`: the delivery country's rate (the store
 * view's default country until an address is known), or the store country's under CROSS_BORDER_TRADE,
 * the rate the indexer lists prices with. So the lines, the options offered, the totals answered and
 * the order charged are one amount for one destination.
 */
import {
  STORE_VIEWS,
  bundleLinePrice,
  cartTotals,
  checkCompositeLine,
  containedTaxRate,
  couponOf,
  docUnitPrice,
  isVirtualCart,
  lineContainedRate,
  lowestFreeShippingFrom,
  resolveTaxCountry,
  type BundleLinePick,
  type BundleOption,
  type CartProductOption,
  type CartTotalsAnswer,
  type CompositeRefusal,
  type StoreCode,
  type TaxPricing,
  type TaxRule,
} from '@vitrina/domain';
import type { SqlRow, schema } from '@vitrina/db';
import type { ApiConfig } from '../config.ts';
import { rows, type Queryable } from '../lib/db.ts';
import { ruleError, type ApiError } from '../http/errors.ts';
import type { CatalogService, ProductDoc } from '../catalog/service.ts';

export type LineIntent = {
  item_id?: number | string | undefined;
  sku: string;
  qty: number;
  product_option?: CartProductOption | null | undefined;
};

export type PricedLine = {
  item_id: number | string;
  sku: string;
  qty: number;
  name: string;
  product_id: number;
  product_type: string;
  parent_sku: string | null;
  product_option: CartProductOption | null;
  /** a bundle line: the links it chose, with their quantity per bundle (the units its order holds in stock); null for other lines */
  bundle_picks: BundleLinePick[] | null;
  /** unit price, cents net of VAT (the document's final_price, at the group tier) */
  price: number;
  /** unit price, cents incl. tax for the destination (grossFor) */
  price_incl_tax: number;
  tax_class_id: number | null;
  /** the rate (percent) of the VAT contained in price_incl_tax: the delivery country's */
  tax_rate_percent: number;
};

type TaxRules = readonly TaxRule[];

/** the money rules of carts and orders: the domain's (cart-money.ts), one rule each for the cart, the order and the pages */
export {
  allowedPaymentMethods,
  couponApplies,
  importRate,
  paymentFee,
  shippingFee,
  type TaxPricing,
} from '@vitrina/domain';

/**
 * The destination of a cart or an order: the delivery country (else the store view's default tax
 * country, else PL: resolveTaxCountry), CROSS_BORDER_TRADE, and the customer group's tax class when
 * grouped tax is active (undefined: the retail class).
 */
export function taxPricing(
  config: Pick<ApiConfig, 'crossBorderTrade'>,
  taxRules: TaxRules,
  store: StoreCode,
  countryId: string | null | undefined,
  customerTaxClassId?: number | null,
): TaxPricing {
  const storeCountryId = resolveTaxCountry(null, STORE_VIEWS[store]?.defaultCountry);
  return {
    taxRules,
    destination: {
      countryId: resolveTaxCountry(countryId, storeCountryId),
      storeCountryId,
      crossBorderTrade: config.crossBorderTrade,
      customerTaxClassId: customerTaxClassId ?? undefined,
    },
  };
}

/** `SELECT * FROM shipping_methods` as the pricing reads it (the active ones: `is_active` not read) */
export type ShippingMethodRow = Pick<
  SqlRow<typeof schema.shippingMethods>,
  | 'code'
  | 'carrier_code'
  | 'method_code'
  | 'title'
  | 'price_cents'
  | 'free_threshold_cents'
  | 'countries'
  | 'needs_pickup_point'
  | 'is_default'
  | 'position'
>;

/** `SELECT * FROM payment_methods` as the pricing reads it (the active ones: `is_active` not read) */
export type PaymentMethodRow = Pick<
  SqlRow<typeof schema.paymentMethods>,
  | 'code'
  | 'title'
  | 'fee_cents'
  | 'is_default'
  | 'is_server_method'
  | 'offline'
  | 'allowed_for_virtual'
  | 'position'
>;

/**
 * A coupon's row. Its dates are also `string`s: the cart reads its coupon with the cart through
 * `row_to_json` (service.ts CART_WITH_LINES), which writes a timestamp as text.
 */
export type CouponRow = Omit<
  SqlRow<typeof schema.coupons>,
  'from_date' | 'to_date' | 'uses_per_customer' | 'version'
> & {
  from_date: Date | string | null;
  to_date: Date | string | null;
  /** null on a database before migration 0026 answers undefined: treated as no cap */
  uses_per_customer?: number | null;
};

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** `picks`: a bundle line's chosen links with their quantity per bundle (the units its order holds) */
type UnitPrice = { net: number | null; gross: number | null; picks: BundleLinePick[] | null };

/** a document's unit price at the group tier for the destination (domain docUnitPrice) */
function docPrice(
  doc: ProductDoc,
  taxClassId: number | null,
  tierPercent: number,
  tax: TaxPricing,
): UnitPrice {
  const p = docUnitPrice(doc, taxClassId, tierPercent, tax);
  return p ? { net: p.net, gross: p.gross, picks: null } : NO_PRICE;
}

/** the unit price of a line that has none (unknown, disabled or unpriced): read only, never changed */
const NO_PRICE: UnitPrice = Object.freeze({ net: null, gross: null, picks: null });

/**
 * The unit price (cents net and incl. tax) of a product document, a bundle priced from the links its
 * line chose (a promise: its links are resolved); or why a grouped or bundle line is refused (domain
 * checkCompositeLine, the one check of such lines for carts and orders alike). Any other line is
 * priced at once: a promise per line cost a 20-line cart's totals 20 turns of the microtask queue.
 */
function unitPrice(
  catalog: CatalogService,
  store: StoreCode,
  doc: ProductDoc,
  taxClassId: number | null,
  option: CartProductOption | null | undefined,
  q: Queryable,
  tierPercent: number,
  tax: TaxPricing,
): UnitPrice | { refusal: CompositeRefusal } | Promise<UnitPrice> {
  const check = checkCompositeLine(
    { type_id: doc.type_id, bundle_options: doc.bundle_options as BundleOption[] | undefined },
    option?.extension_attributes?.bundle_options,
  );
  if (!check.ok) return { refusal: check.refusal };
  if (!check.picks) return docPrice(doc, taxClassId, tierPercent, tax);
  return bundlePrice(catalog, store, check.picks, q, tierPercent, tax);
}

/** a bundle line's unit price from the links it chose, each priced from its own product */
async function bundlePrice(
  catalog: CatalogService,
  store: StoreCode,
  picks: BundleLinePick[],
  q: Queryable,
  tierPercent: number,
  tax: TaxPricing,
): Promise<UnitPrice> {
  // link prices of the document are not trusted: price every link from its product, each made gross
  // with its own class (as the listing shows the links)
  const linked = await catalog.resolveSkus(store, [...new Set(picks.map((p) => p.sku))], q);
  const nets = new Map<string, number>();
  const grosses = new Map<string, number>();
  for (const [sku, r] of linked) {
    if (r.disabled) continue;
    const p = docPrice(r.product, num(r.product.tax_class_id), tierPercent, tax);
    if (p.net === null || p.gross === null) continue;
    nets.set(sku, p.net);
    grosses.set(sku, p.gross);
  }
  return {
    net: bundleLinePrice(picks, nets),
    gross: bundleLinePrice(picks, grosses),
    picks,
  };
}

/** a line the composite check refused: its position among the lines, its sku and the refusal */
export type RefusedLine = { index: number; sku: string; refusal: CompositeRefusal };

/** the 400 of a refused grouped or bundle line, its message naming the option in the store view's language */
export function refusedLineError(line: RefusedLine, field: string): ApiError {
  return ruleError(line.refusal.key, line.refusal.params, field);
}

/**
 * Prices lines from the product documents of the store view. Unknown, disabled or unpriced skus are
 * answered in `unavailable` (the caller decides: a cart shows them out, an order refuses); grouped
 * and bundle lines that do not say what they buy in `refused` too (a cart update and an order
 * answer the refusal, naming the option; a stored line shows out).
 * `tierPercent`: the customer group's tier (GROUP_PRICING, user/group-pricing.ts; accounts-checkout-
 * routes.md §6 "Group id and group token drive price tiers"); every document (bundle links too) goes
 * through the domain's applyGroupTier, exactly as the render list prices it, so the price shown and
 * the price charged agree to the cent.
 */
export async function priceLines(
  catalog: CatalogService,
  store: StoreCode,
  lines: LineIntent[],
  q: Queryable,
  tierPercent: number,
  tax: TaxPricing,
): Promise<{ priced: PricedLine[]; unavailable: string[]; refused: RefusedLine[] }> {
  const resolved = await catalog.resolveSkus(store, [...new Set(lines.map((l) => l.sku))], q);
  const priced: PricedLine[] = [];
  const unavailable: string[] = [];
  const refused: RefusedLine[] = [];
  for (const [i, line] of lines.entries()) {
    const r = resolved.get(line.sku);
    const taxClassId = r ? (num(r.product.tax_class_id) ?? num(r.parent?.tax_class_id)) : null;
    let unit =
      r && !r.disabled
        ? unitPrice(catalog, store, r.product, taxClassId, line.product_option, q, tierPercent, tax)
        : NO_PRICE;
    if (unit instanceof Promise) unit = await unit;
    if ('refusal' in unit) {
      refused.push({ index: i, sku: line.sku, refusal: unit.refusal });
      unavailable.push(line.sku);
      continue;
    }
    const { net, gross: price } = unit;
    if (!r || r.disabled || net === null || price === null || !Number.isInteger(price) || price < 0) {
      unavailable.push(line.sku);
      continue;
    }
    priced.push({
      item_id: line.item_id ?? i + 1,
      sku: line.sku,
      qty: line.qty,
      name: String(r.product.name ?? line.sku),
      product_id: Number(r.product.id),
      product_type: String(r.product.type_id ?? 'simple'),
      parent_sku: r.parent ? String(r.parent.sku) : null,
      product_option: line.product_option ?? null,
      bundle_picks: unit.picks,
      price: net,
      price_incl_tax: price,
      tax_class_id: taxClassId,
      tax_rate_percent: lineTaxRate(tax, taxClassId, num(r.product.tax) ?? 0),
    });
  }
  return { priced, unavailable, refused };
}

export function isVirtual(lines: PricedLine[]) {
  return isVirtualCart(lines.map((l) => ({ sku: l.sku, qty: l.qty, product_type: l.product_type })));
}

/** The rate of the VAT contained in a line: the delivery country's, with the cross-border fallback (domain lineContainedRate). */
export function lineTaxRate(tax: TaxPricing, taxClassId: number | null, listedRate: number): number {
  return lineContainedRate(
    containedTaxRate(tax.taxRules, taxClassId, tax.destination),
    listedRate,
    tax.destination.crossBorderTrade,
  );
}

/** the domain's coupon: a percent as stored, a fixed amount (imported net) made gross at `rate` */
export const toCoupon = couponOf;

export async function findCoupon(q: Queryable, code: string): Promise<CouponRow | undefined> {
  const found = await rows<CouponRow>(
    q,
    'SELECT * FROM coupons WHERE upper(code) = upper($1) ORDER BY (code = $1) DESC LIMIT 1',
    [code],
  );
  return found[0];
}

export async function shippingMethods(q: Queryable): Promise<ShippingMethodRow[]> {
  return rows<ShippingMethodRow>(q, 'SELECT * FROM shipping_methods WHERE is_active ORDER BY position, code');
}

export async function paymentMethods(q: Queryable): Promise<PaymentMethodRow[]> {
  return rows<PaymentMethodRow>(q, 'SELECT * FROM payment_methods WHERE is_active ORDER BY position, code');
}

export type TotalsInput = {
  lines: PricedLine[];
  coupon: CouponRow | undefined;
  shippingMethod: ShippingMethodRow | undefined;
  paymentMethod: PaymentMethodRow | undefined;
  storeCode: StoreCode;
  now: Date;
  /** the shop's shipping methods: the cheapest way to free shipping is answered from them (cart view) */
  allShippingMethods?: ShippingMethodRow[];
};

/** The totals answer (domain cartTotals): CONTRACTS.md "Totals". */
export type CartTotals = CartTotalsAnswer;

/** The lowest free-shipping threshold incl. tax of the paid methods to `countryId` (null: none). */
export const freeShippingFrom = lowestFreeShippingFrom;

/**
 * totals in cents incl. tax (domain cartTotals), for the lines priced (priceLines) for the same
 * destination; `coupon` is dropped when it no longer applies
 */
export function totalsOf(config: ApiConfig, tax: TaxPricing, input: TotalsInput): CartTotals {
  return cartTotals(config, tax, input);
}
