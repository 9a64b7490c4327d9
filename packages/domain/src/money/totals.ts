// Cart totals: catalogue-and-cart.md §3 "Cart state" (platformTotals, platformTotalSegments) and
// CONTRACTS.md "Totals". All amounts integer cents incl. tax; the server computes them from its data.
import { taxContained } from './pricing.ts';
import { allocateCents, assertInteger, roundHalfUp } from './rounding.ts';
import { translateMessage } from '../messages/index.ts';
import { DEFAULT_STORE_CODE, isStoreCode, type StoreCode } from '../base/index.ts';

export interface TotalsLine {
  item_id: number | string;
  sku: string;
  name: string;
  qty: number;
  /** Unit price in cents incl. tax. */
  price_incl_tax: number;
  /** The line's VAT rate in percent; the input's `taxRatePercent` when absent. */
  tax_rate_percent?: number;
}

export interface Coupon {
  code: string;
  type: 'percent' | 'fixed';
  /** Percent (0–100) or cents. */
  value: number;
}

export interface TotalsInput {
  lines: readonly TotalsLine[];
  coupon?: Coupon | null;
  shippingInclTax: number;
  paymentFeeInclTax: number;
  /** VAT rate of lines without their own, and of fees when the cart has no lines. */
  taxRatePercent: number;
  /** Language of the segment titles (default lt). */
  storeCode?: StoreCode;
}

export type TotalSegmentCode =
  'subtotal_incl_tax' | 'shipping' | 'payment' | 'discount' | 'tax' | 'grand_total';

export interface TotalSegment {
  code: TotalSegmentCode;
  title: string;
  value: number;
}

export interface Totals {
  items: (TotalsLine & { row_total_incl_tax: number })[];
  subtotal_incl_tax: number;
  /** Positive amount taken off the subtotal. */
  discount_amount: number;
  shipping_incl_tax: number;
  payment_fee: number;
  /** VAT contained in the grand total, from the rate. */
  tax_amount: number;
  grand_total: number;
  coupon_code: string | null;
  total_segments: TotalSegment[];
}

/**
 * A line's row total: its unit price incl. tax times its quantity, never rounded per row. The unit
 * price is whole cents already (a net price is made gross and rounded per unit when the line is
 * priced: pricing.ts grossFor), so the row is exact. The one rule for the cart's totals, the rows an
 * order stores, the API's subtotal (free-shipping thresholds, coupon minimums) and the storefront's
 * figures before the server's totals arrive.
 */
export function rowTotalInclTax(unitPriceInclTax: number, qty: number): number {
  return unitPriceInclTax * qty;
}

/** The subtotal incl. tax of cart or order lines: the sum of their row totals (rowTotalInclTax). */
export function subtotalOfLines(lines: readonly { price_incl_tax: number; qty: number }[]): number {
  return lines.reduce((sum, l) => sum + rowTotalInclTax(l.price_incl_tax, l.qty), 0);
}

/** The discount of a coupon on a subtotal: percent rounded half up, or fixed; never above the subtotal. */
export function couponDiscount(subtotal: number, coupon: Coupon | null | undefined): number {
  if (!coupon || subtotal <= 0) return 0;
  const raw =
    coupon.type === 'percent'
      ? roundHalfUp((subtotal * Math.min(Math.max(coupon.value, 0), 100)) / 100)
      : Math.max(roundHalfUp(coupon.value), 0);
  return Math.min(raw, subtotal);
}

/** One VAT rate's share of a grand total (cents): gross incl. VAT, net and the VAT in it. */
export interface VatShare {
  rate: number;
  gross: number;
  net: number;
  vat: number;
}

/**
 * The VAT contained in a cart with lines of different rates (e.g. 21 % and 9 %), rate by rate: the
 * discount is shared over the lines in proportion to their row totals, and the shipping and payment
 * fees in proportion to what is left of them (fees follow the goods they deliver, apportioned by
 * value, as EU VAT treats ancillary costs); then the tax is taken once per rate from the sum at that
 * rate, so a cart of one rate gets exactly taxContained(grand_total, rate). The grosses add up to
 * the grand total and the VATs to tax_amount (the same function computes both: the invoice's VAT
 * summary is the order's). Highest rate first.
 */
export function vatByRate(
  items: readonly { row_total_incl_tax: number; tax_rate_percent?: number | undefined }[],
  discount: number,
  fees: number,
  defaultRate: number,
): VatShare[] {
  const share = (rate: number, gross: number): VatShare => {
    const vat = taxContained(gross, rate);
    return { rate, gross, net: gross - vat, vat };
  };
  if (items.length === 0) return [share(defaultRate, fees - discount)];
  // one rate (most carts): the shares below add up to the whole (allocateCents is exact), so the
  // split is skipped; a cart's totals are made on every cart call
  const firstRate = items[0]!.tax_rate_percent ?? defaultRate;
  if (items.every((l) => (l.tax_rate_percent ?? defaultRate) === firstRate)) {
    assertInteger(discount, 'amount');
    assertInteger(fees, 'amount');
    return [share(firstRate, items.reduce((sum, l) => sum + l.row_total_incl_tax, 0) - discount + fees)];
  }
  const discounts = allocateCents(
    discount,
    items.map((l) => l.row_total_incl_tax),
  );
  const netRows = items.map((l, i) => l.row_total_incl_tax - discounts[i]!);
  const feeShares = allocateCents(fees, netRows);
  const grossByRate = new Map<number, number>();
  items.forEach((l, i) => {
    const rate = l.tax_rate_percent ?? defaultRate;
    grossByRate.set(rate, (grossByRate.get(rate) ?? 0) + netRows[i]! + feeShares[i]!);
  });
  return [...grossByRate].map(([rate, gross]) => share(rate, gross)).sort((a, b) => b.rate - a.rate);
}

function containedTax(
  items: readonly (TotalsLine & { row_total_incl_tax: number })[],
  discount: number,
  fees: number,
  defaultRate: number,
): number {
  return vatByRate(items, discount, fees, defaultRate).reduce((s, r) => s + r.vat, 0);
}

/**
 * Totals of a cart: row totals, subtotal, coupon discount (on the subtotal only), shipping, payment
 * fee and grand_total = subtotal + shipping + payment − discount; tax_amount is the VAT contained in
 * the grand total (per rate when lines differ: see containedTax). Segments: subtotal_incl_tax, shipping, payment, discount (only when > 0; its
 * value is NEGATIVE so subtotal + shipping + payment + discount segments = grand_total), tax
 * (informational, contained), grand_total. Throws RangeError on non-integer cents or quantities
 * below 1.
 */
export function computeTotals(input: TotalsInput): Totals {
  const store = input.storeCode ?? DEFAULT_STORE_CODE;
  const items = input.lines.map((l) => {
    // the messages are built only for a line that fails (a cart's totals check every line on every call)
    if (!Number.isSafeInteger(l.price_incl_tax))
      assertInteger(l.price_incl_tax, `price_incl_tax of ${l.sku}`);
    if (!Number.isSafeInteger(l.qty)) assertInteger(l.qty, `qty of ${l.sku}`);
    if (l.qty < 1 || l.price_incl_tax < 0) {
      throw new RangeError(`Line ${l.sku} needs qty ≥ 1 and a price ≥ 0`);
    }
    // the answer's fields named, not spread: a caller's line may carry more (the cart's priced lines)
    const row_total_incl_tax = rowTotalInclTax(l.price_incl_tax, l.qty);
    const { item_id, sku, name, qty, price_incl_tax } = l;
    return l.tax_rate_percent === undefined
      ? { item_id, sku, name, qty, price_incl_tax, row_total_incl_tax }
      : { item_id, sku, name, qty, price_incl_tax, tax_rate_percent: l.tax_rate_percent, row_total_incl_tax };
  });
  const shipping = Math.max(assertInteger(input.shippingInclTax, 'shippingInclTax'), 0);
  const payment = Math.max(assertInteger(input.paymentFeeInclTax, 'paymentFeeInclTax'), 0);
  const subtotal = subtotalOfLines(items);
  const discount = couponDiscount(subtotal, input.coupon);
  const grand = subtotal + shipping + payment - discount;
  const tax = containedTax(items, discount, shipping + payment, input.taxRatePercent);
  const couponCode = discount > 0 || input.coupon ? (input.coupon?.code ?? null) : null;
  const amounts: TotalAmounts = {
    subtotal_incl_tax: subtotal,
    discount_amount: discount,
    shipping_incl_tax: shipping,
    payment_fee: payment,
    tax_amount: tax,
    grand_total: grand,
    coupon_code: couponCode,
  };
  return { items, ...amounts, total_segments: totalSegments(amounts, store) };
}

/** The amounts of a priced cart or of a placed order (which stores them as they were charged). */
export type TotalAmounts = Omit<Totals, 'items' | 'total_segments'>;

/**
 * The segments of those amounts, titled in the store view's language: subtotal_incl_tax, shipping,
 * payment, discount (only when > 0, NEGATIVE, titled with its coupon code), tax (contained in the
 * grand total), grand_total. One rule for the checkout's summary before the order and for the order
 * once placed (its confirmation and the account's order page), so the two read alike.
 */
export function totalSegments(
  amounts: TotalAmounts,
  storeCode: StoreCode = DEFAULT_STORE_CODE,
): TotalSegment[] {
  const t = segmentTitles(storeCode);
  const { discount_amount: discount, coupon_code: couponCode } = amounts;
  const segments: TotalSegment[] = [
    { code: 'subtotal_incl_tax', title: t.subtotal, value: amounts.subtotal_incl_tax },
    { code: 'shipping', title: t.shipping, value: amounts.shipping_incl_tax },
    { code: 'payment', title: t.payment, value: amounts.payment_fee },
  ];
  if (discount > 0) {
    const title = couponCode ? `${t.discount} (${couponCode})` : t.discount;
    segments.push({ code: 'discount', title, value: -discount });
  }
  segments.push({ code: 'tax', title: t.tax, value: amounts.tax_amount });
  segments.push({ code: 'grand_total', title: t.grandTotal, value: amounts.grand_total });
  return segments;
}

const SEGMENT_TITLE_KEYS = {
  subtotal: 'totals.subtotal',
  shipping: 'totals.shipping',
  payment: 'totals.payment',
  discount: 'totals.discount',
  tax: 'totals.tax',
  grandTotal: 'totals.grandTotal',
} as const;

/** the segments' titles per store view, translated once: every cart call's totals name them */
const segmentTitlesByStore = new Map<StoreCode, Record<keyof typeof SEGMENT_TITLE_KEYS, string>>();

function segmentTitles(given: StoreCode) {
  // an unknown code is titled in the default language (translateMessage), kept under that code
  const storeCode = isStoreCode(given) ? given : DEFAULT_STORE_CODE;
  let titles = segmentTitlesByStore.get(storeCode);
  if (!titles) {
    titles = Object.fromEntries(
      Object.entries(SEGMENT_TITLE_KEYS).map(([k, key]) => [k, translateMessage(key, storeCode)]),
    ) as Record<keyof typeof SEGMENT_TITLE_KEYS, string>;
    segmentTitlesByStore.set(storeCode, titles);
  }
  return titles;
}
