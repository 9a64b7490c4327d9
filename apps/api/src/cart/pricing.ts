/**
 * Server-side money of a cart or an order (DESIGN.md principle 2): every line is priced from the
 * server's own product documents, then the domain's `computeTotals` adds the coupon, the shipping fee
 * of the chosen method (free from its threshold) and the payment fee (the configured COD fee for cash
 * on delivery), all in integer cents incl. tax. Shared by the cart and the order service.
 *
 * The methods' and coupons' amounts are stored as imported: cents NET of VAT (docs/CONTRACTS.md "Shop
 * data import file"). They are made gross here, with the store view's rate (`importRate`), by the
 * domain's one rule `importedInclTax`, the same rule the indexer applies to product prices; so the
 * options offered, the totals answered and the order charged are one amount.
 */
import {
  STORE_VIEWS,
  applyGroupTier,
  bundleLinePrice,
  checkCompositeLine,
  computeTotals,
  importedInclTax,
  importedTaxRate,
  isVirtualCart,
  resolveTaxCountry,
  taxRateFor,
  type BundleLinePick,
  type BundleOption,
  type CartProductOption,
  type CompositeRefusal,
  type Coupon,
  type StoreCode,
  type Totals,
} from '@vitrina/domain';
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
  /** unit price, cents incl. tax */
  price_incl_tax: number;
  tax_class_id: number | null;
  tax_percent: number;
};

export type ShippingMethodRow = {
  code: string;
  carrier_code: string;
  method_code: string;
  title: Record<string, string>;
  price_cents: number;
  free_threshold_cents: number | null;
  countries: string[];
  needs_pickup_point: boolean;
  is_default: boolean;
  position: number;
};

export type PaymentMethodRow = {
  code: string;
  title: Record<string, string>;
  fee_cents: number;
  is_default: boolean;
  is_server_method: boolean;
  offline: boolean;
  allowed_for_virtual: boolean;
  position: number;
};

export type CouponRow = {
  code: string;
  type: string;
  value: number;
  from_date: Date | string | null;
  to_date: Date | string | null;
  min_subtotal_cents: number | null;
  uses_per_coupon: number | null;
  times_used: number;
  is_active: boolean;
};

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * The unit price (cents incl. tax) of a product document, a bundle priced from the links its line
 * chose; or why a grouped or bundle line is refused (domain checkCompositeLine, the one check of
 * such lines for carts and orders alike).
 */
async function unitPrice(
  catalog: CatalogService,
  store: StoreCode,
  doc: ProductDoc,
  option: CartProductOption | null | undefined,
  q: Queryable,
  tierPercent: number,
): Promise<{ price: number | null; picks: BundleLinePick[] | null } | { refusal: CompositeRefusal }> {
  const check = checkCompositeLine(
    { type_id: doc.type_id, bundle_options: doc.bundle_options as BundleOption[] | undefined },
    option?.extension_attributes?.bundle_options,
  );
  if (!check.ok) return { refusal: check.refusal };
  if (!check.picks) return { price: num(applyGroupTier(doc, tierPercent).final_price_incl_tax), picks: null };
  // link prices of the document are not trusted to be incl. tax: price every link from its product
  const linked = await catalog.resolveSkus(store, [...new Set(check.picks.map((p) => p.sku))], q);
  const prices = new Map<string, number>();
  for (const [sku, r] of linked) {
    const p = num(applyGroupTier(r.product, tierPercent).final_price_incl_tax);
    if (p !== null && !r.disabled) prices.set(sku, p);
  }
  return { price: bundleLinePrice(check.picks, prices), picks: check.picks };
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
  tierPercent = 0,
): Promise<{ priced: PricedLine[]; unavailable: string[]; refused: RefusedLine[] }> {
  const resolved = await catalog.resolveSkus(store, [...new Set(lines.map((l) => l.sku))], q);
  const priced: PricedLine[] = [];
  const unavailable: string[] = [];
  const refused: RefusedLine[] = [];
  for (const [i, line] of lines.entries()) {
    const r = resolved.get(line.sku);
    const unit =
      r && !r.disabled
        ? await unitPrice(catalog, store, r.product, line.product_option, q, tierPercent)
        : { price: null, picks: null };
    if ('refusal' in unit) {
      refused.push({ index: i, sku: line.sku, refusal: unit.refusal });
      unavailable.push(line.sku);
      continue;
    }
    const price = unit.price;
    if (!r || r.disabled || price === null || !Number.isInteger(price) || price < 0) {
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
      price_incl_tax: price,
      tax_class_id: num(r.product.tax_class_id),
      tax_percent: num(r.product.tax) ?? 0,
    });
  }
  return { priced, unavailable, refused };
}

export function isVirtual(lines: PricedLine[]) {
  return isVirtualCart(lines.map((l) => ({ sku: l.sku, qty: l.qty, product_type: l.product_type })));
}

type TaxRules = Parameters<typeof taxRateFor>[0];

/**
 * The VAT rate (percent) that makes the imported amounts of methods and coupons gross in a store
 * view: the standard rate of its default tax country (domain importedTaxRate).
 */
export function importRate(taxRules: TaxRules, store: StoreCode): number {
  return importedTaxRate(taxRules, STORE_VIEWS[store]?.defaultCountry ?? STORE_VIEWS.lt.defaultCountry);
}

/**
 * the shipping fee incl. tax of a method for a subtotal incl. tax: free from the method's threshold
 * (both imported net, made gross at `rate`)
 */
export function shippingFee(
  method: ShippingMethodRow | undefined,
  subtotalInclTax: number,
  virtual: boolean,
  rate: number,
): number {
  if (!method || virtual) return 0;
  if (method.free_threshold_cents !== null && subtotalInclTax >= importedInclTax(method.free_threshold_cents, rate)) return 0;
  return importedInclTax(method.price_cents, rate);
}

/**
 * the payment fee incl. tax: for cash on delivery the configured COD_FEE_CENTS (already incl. tax: the
 * amount the shop's texts promise), else the method's imported fee made gross at `rate`
 */
export function paymentFee(
  config: ApiConfig,
  method: PaymentMethodRow | undefined,
  virtual: boolean,
  rate: number,
): number {
  if (!method) return 0;
  if (method.code === config.codPaymentCode) return virtual ? 0 : config.codFeeCents;
  return importedInclTax(method.fee_cents, rate);
}

/** payment methods a cart may use: cash on delivery is hidden for virtual carts (accounts-checkout-routes.md §5) */
export function allowedPaymentMethods(config: ApiConfig, methods: PaymentMethodRow[], virtual: boolean) {
  return methods.filter((m) => !virtual || (m.allowed_for_virtual && m.code !== config.codPaymentCode));
}

const time = (d: Date | string | null) => (d === null ? null : new Date(d).getTime());

/**
 * a coupon applies while active, inside its window, under its usage cap and from its minimum subtotal
 * (imported net, made gross at `rate` to compare with the subtotal incl. tax)
 */
export function couponApplies(c: CouponRow | undefined, subtotalInclTax: number, now: Date, rate: number): c is CouponRow {
  if (!c || !c.is_active) return false;
  const from = time(c.from_date);
  const to = time(c.to_date);
  if (from !== null && now.getTime() < from) return false;
  if (to !== null && now.getTime() > to) return false;
  if (c.min_subtotal_cents !== null && subtotalInclTax < importedInclTax(c.min_subtotal_cents, rate)) return false;
  if (c.uses_per_coupon !== null && c.times_used >= c.uses_per_coupon) return false;
  return c.type === 'percent' || c.type === 'fixed';
}

/** the domain's coupon: a percent as stored, a fixed amount (imported net) made gross at `rate` */
export function toCoupon(c: CouponRow, rate: number): Coupon {
  const type = c.type as Coupon['type'];
  return { code: c.code, type, value: type === 'fixed' ? importedInclTax(c.value, rate) : c.value };
}

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
  countryId: string | null;
  storeCode: StoreCode;
  now: Date;
};

/** totals in cents incl. tax via the domain's computeTotals; `coupon` is dropped when it no longer applies */
export function totalsOf(
  config: ApiConfig,
  taxRules: TaxRules,
  input: TotalsInput,
): Totals {
  const virtual = isVirtual(input.lines);
  const subtotal = input.lines.reduce((s, l) => s + l.price_incl_tax * l.qty, 0);
  const imported = importRate(taxRules, input.storeCode);
  const coupon = couponApplies(input.coupon, subtotal, input.now, imported) ? toCoupon(input.coupon, imported) : null;
  // catalogue-and-cart.md "Price rules" tax country: the shipping address's country, else the store view's
  // default tax country (LT), else PL as the last fallback (domain resolveTaxCountry)
  const country = resolveTaxCountry(input.countryId, STORE_VIEWS[input.storeCode]?.defaultCountry);
  const rateOf = (l: PricedLine) => taxRateFor(taxRules, l.tax_class_id, country) || l.tax_percent;
  // fees of a cart without lines carry the first rate there is (none: 0)
  const rate = input.lines[0] ? rateOf(input.lines[0]) : 0;
  return computeTotals({
    lines: input.lines.map((l) => ({
      item_id: l.item_id,
      sku: l.sku,
      name: l.name,
      qty: l.qty,
      price_incl_tax: l.price_incl_tax,
      tax_rate_percent: rateOf(l),
    })),
    coupon,
    shippingInclTax: shippingFee(input.shippingMethod, subtotal, virtual, imported),
    paymentFeeInclTax: paymentFee(config, input.paymentMethod, virtual, imported),
    taxRatePercent: rate,
    storeCode: input.storeCode,
  });
}
