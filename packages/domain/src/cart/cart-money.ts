// The money of a cart and of the order placed from it, in one pass (catalogue-and-cart.md §7 "Cart",
// CONTRACTS.md "Totals"; DESIGN.md principle 2). Every amount the shop imports is NET of VAT
// (methods' prices, fees, free-shipping thresholds, coupons' fixed values and minimums) and is made
// gross here at the destination's rate; the cash-on-delivery fee is a setting already incl. tax.
// The API reads the rows and the product documents (from memory, per catalogue version) and calls
// these functions: no money rule is written in a route or a service.
import { isVirtualCart } from './cart-identity.ts';
import { applyGroupTier } from '../money/index.ts';
import { paymentKindOf, paymentMethodAllowed, type PaymentKindConfig } from '../money/index.ts';
import {
  STANDARD_PRODUCT_TAX_CLASS_ID,
  chargedGross,
  chargedTaxRate,
  containedTaxRate,
  grossFor,
  importedInclTax,
  type TaxDestination,
  type TaxRule,
} from '../money/index.ts';
import type { StoreCode } from '../base/index.ts';
import { computeTotals, subtotalOfLines, type Coupon, type Totals } from '../money/index.ts';

/** what a shipping method's money is made of (its row, as imported) */
export type ShippingMethodMoney = {
  code: string;
  price_cents: number;
  free_threshold_cents: number | null;
  countries: readonly string[];
};

/** what a payment method's money is made of (its row, as imported) */
export type PaymentMethodMoney = {
  code: string;
  fee_cents: number;
  offline: boolean;
  allowed_for_virtual?: boolean | null;
};

/** a coupon's terms (its row, as imported) */
export type CouponTerms = {
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

/** the shop's settings the fees depend on: cash on delivery's code and its fee (cents incl. tax) */
export type FeeConfig = PaymentKindConfig & { codFeeCents: number };

/** the tax rules and the destination a cart or an order is priced for */
export type TaxPricing = { taxRules: readonly TaxRule[]; destination: TaxDestination };

/**
 * The VAT rate (percent) that makes the imported amounts of methods and coupons gross for a
 * destination: the standard class's (chargedTaxRate, the rule of grossFor).
 */
export function importRate(tax: TaxPricing): number {
  return chargedTaxRate(tax.taxRules, STANDARD_PRODUCT_TAX_CLASS_ID, tax.destination);
}

/** a method's free-shipping threshold incl. tax at `rate` (null: the method is never free) */
export function freeShippingThreshold(
  method: Pick<ShippingMethodMoney, 'free_threshold_cents'>,
  rate: number,
): number | null {
  return method.free_threshold_cents === null ? null : importedInclTax(method.free_threshold_cents, rate);
}

/**
 * The shipping fee incl. tax of a method for a subtotal incl. tax: none for a virtual cart, free from
 * the method's threshold, else its price (both imported net, made gross at `rate`).
 */
export function shippingFee(
  method: Pick<ShippingMethodMoney, 'price_cents' | 'free_threshold_cents'> | undefined,
  subtotalInclTax: number,
  virtual: boolean,
  rate: number,
): number {
  if (!method || virtual) return 0;
  const freeFrom = freeShippingThreshold(method, rate);
  if (freeFrom !== null && subtotalInclTax >= freeFrom) return 0;
  return importedInclTax(method.price_cents, rate);
}

/** The lowest free-shipping threshold incl. tax of the paid methods to `countryId` (null: none). */
export function lowestFreeShippingFrom(
  methods: readonly ShippingMethodMoney[],
  countryId: string,
  rate: number,
): number | null {
  let lowest: number | null = null;
  for (const m of methods) {
    if (!m.countries.includes(countryId) || m.price_cents <= 0) continue;
    const from = freeShippingThreshold(m, rate);
    if (from !== null && (lowest === null || from < lowest)) lowest = from;
  }
  return lowest;
}

/**
 * The payment fee incl. tax: cash on delivery charges the shop's COD fee (already incl. tax: the
 * amount its texts promise), and nothing for a virtual cart (it is not offered one); any other
 * method its imported fee made gross at `rate`.
 */
export function paymentFee(
  config: FeeConfig,
  method: PaymentMethodMoney | undefined,
  virtual: boolean,
  rate: number,
): number {
  if (!method) return 0;
  if (paymentKindOf(method, config) === 'cash_on_delivery') return virtual ? 0 : config.codFeeCents;
  return importedInclTax(method.fee_cents, rate);
}

/** the methods a cart may pay with: cash on delivery and methods not allowed for virtual carts are hidden for one */
export function allowedPaymentMethods<M extends PaymentMethodMoney>(
  config: PaymentKindConfig,
  methods: readonly M[],
  virtual: boolean,
): M[] {
  return methods.filter((m) => paymentMethodAllowed({ ...m, kind: paymentKindOf(m, config) }, virtual));
}

/** true: orders paid with this method are awaited online (its provider answers): not offline, never cash on delivery */
export function paidOnline(
  config: PaymentKindConfig,
  method: Pick<PaymentMethodMoney, 'code' | 'offline'>,
): boolean {
  return !method.offline && method.code !== config.codPaymentCode;
}

/** true: the coupon reached its cap of uses (null: no cap) */
export function couponUsedUp(c: Pick<CouponTerms, 'uses_per_coupon' | 'times_used'>): boolean {
  return c.uses_per_coupon !== null && c.times_used >= c.uses_per_coupon;
}

const time = (d: Date | string | null) => (d === null ? null : new Date(d).getTime());

/**
 * A coupon applies while active, inside its window, under its cap of uses and from its minimum
 * subtotal (imported net, made gross at `rate` to compare with the subtotal incl. tax).
 */
export function couponApplies<C extends CouponTerms>(
  c: C | undefined | null,
  subtotalInclTax: number,
  now: Date,
  rate: number,
): c is C {
  if (!c || !c.is_active) return false;
  const from = time(c.from_date);
  const to = time(c.to_date);
  if (from !== null && now.getTime() < from) return false;
  if (to !== null && now.getTime() > to) return false;
  if (c.min_subtotal_cents !== null && subtotalInclTax < importedInclTax(c.min_subtotal_cents, rate))
    return false;
  if (couponUsedUp(c)) return false;
  return c.type === 'percent' || c.type === 'fixed';
}

/** the totals' coupon: a percent as stored, a fixed amount (imported net) made gross at `rate` */
export function couponOf(c: Pick<CouponTerms, 'code' | 'type' | 'value'>, rate: number): Coupon {
  const type = c.type as Coupon['type'];
  return { code: c.code, type, value: type === 'fixed' ? importedInclTax(c.value, rate) : c.value };
}

/**
 * The rate of the VAT contained in a line: the delivery country's (`containedRate`). Under
 * CROSS_BORDER_TRADE a country without a rule for the class falls back to the rate the document was
 * listed with (the behaviour before VAT by destination); without it the gross was made with that same
 * 0 rate, so none is in it.
 */
export function lineContainedRate(
  containedRate: number,
  listedRate: number,
  crossBorderTrade: boolean,
): number {
  return crossBorderTrade ? containedRate || listedRate : containedRate;
}

/** a number the document holds, else null */
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * A product document's unit price at the group tier: its `final_price` (net, as the indexer took it;
 * never back-computed from a gross) and that net made gross for the destination; the listed gross
 * where the destination is charged the listed rate (a price entered gross is paid as typed, which net
 * + tax cannot always make: chargedGross). Null when the document holds no usable price.
 */
export function docUnitPrice(
  doc: Record<string, unknown>,
  taxClassId: number | null,
  tierPercent: number,
  tax: TaxPricing,
): { net: number; gross: number } | null {
  const priced = applyGroupTier(doc, tierPercent);
  const net = num(priced.final_price);
  if (net === null || !Number.isInteger(net) || net < 0) return null;
  const listed = num(priced.final_price_incl_tax);
  const listedRate = num(doc.tax);
  const rate = chargedTaxRate(tax.taxRules, taxClassId, tax.destination);
  const gross =
    listed !== null && listedRate !== null && Number.isInteger(listed)
      ? chargedGross(net, listed, listedRate, rate)
      : grossFor(net, tax.taxRules, taxClassId, tax.destination);
  return { net, gross };
}

/** a line priced for the destination: what the totals need of it */
export type PricedCartLine = {
  item_id: number | string;
  sku: string;
  name: string;
  qty: number;
  product_type: string;
  /** unit price, cents incl. tax for the destination */
  price_incl_tax: number;
  /** the rate (percent) of the VAT contained in price_incl_tax */
  tax_rate_percent: number;
};

/**
 * The totals answer: the totals plus the country whose VAT they contain and its standard rate
 * (CONTRACTS.md "Totals"), so the storefront can say "Prices include Estonian VAT 24 %" when it
 * differs from the store view's default country; and the lowest subtotal from which a paid method
 * to that country is free, with how much is left to reach it (null without such a method).
 */
export type CartTotalsAnswer = Totals & {
  tax_country_id: string;
  tax_rate: number;
  default_tax_country_id: string;
  default_tax_rate: number;
  cross_border_trade: boolean;
  free_shipping_from: number | null;
  free_shipping_remaining: number | null;
};

export type CartTotalsInput = {
  lines: readonly PricedCartLine[];
  /** the cart's coupon: dropped when it no longer applies */
  coupon: CouponTerms | undefined | null;
  shippingMethod: ShippingMethodMoney | undefined;
  paymentMethod: PaymentMethodMoney | undefined;
  /** the shop's shipping methods: the cheapest way to free shipping is answered from them (cart view) */
  allShippingMethods?: readonly ShippingMethodMoney[] | undefined;
  storeCode: StoreCode;
  now: Date;
};

/**
 * The totals of priced lines (all for the same destination) in cents incl. tax: the coupon that
 * still applies, the chosen method's shipping fee (free from its threshold), the payment fee, the VAT
 * contained, and the free-shipping figures of the cart view.
 */
export function cartTotals(config: FeeConfig, tax: TaxPricing, input: CartTotalsInput): CartTotalsAnswer {
  const virtual = isVirtualCart(input.lines);
  const subtotal = subtotalOfLines(input.lines);
  const imported = importRate(tax);
  const coupon = couponApplies(input.coupon, subtotal, input.now, imported)
    ? couponOf(input.coupon, imported)
    : null;
  const d = tax.destination;
  const standardRate = containedTaxRate(tax.taxRules, STANDARD_PRODUCT_TAX_CLASS_ID, d);
  // fees of a cart without lines: the destination's standard rate
  const rate = input.lines[0] ? input.lines[0].tax_rate_percent : standardRate;
  const totals = computeTotals({
    // computeTotals answers only the totals' fields of each line
    lines: input.lines,
    coupon,
    shippingInclTax: shippingFee(input.shippingMethod, subtotal, virtual, imported),
    paymentFeeInclTax: paymentFee(config, input.paymentMethod, virtual, imported),
    taxRatePercent: rate,
    storeCode: input.storeCode,
  });
  const freeFrom =
    virtual || !input.allShippingMethods
      ? null
      : lowestFreeShippingFrom(input.allShippingMethods, d.countryId, imported);
  return {
    ...totals,
    free_shipping_from: freeFrom,
    free_shipping_remaining: freeFrom === null ? null : Math.max(0, freeFrom - subtotal),
    tax_country_id: d.countryId,
    tax_rate: standardRate,
    default_tax_country_id: d.storeCountryId,
    default_tax_rate: containedTaxRate(tax.taxRules, STANDARD_PRODUCT_TAX_CLASS_ID, {
      ...d,
      countryId: d.storeCountryId,
    }),
    cross_border_trade: d.crossBorderTrade,
  };
}
