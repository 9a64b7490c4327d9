// Money: integer cents everywhere (CONTRACTS.md "Money"). Display per catalogue-and-cart.md §1
// ("amount then sign, with 2 decimals ... negatives get a leading minus") and §9 "Price range labels".
import { PRICE_RANGES, STRUCTURED_DATA_PRICE_DIVISOR } from '../base/index.ts';
import { STORE_VIEWS, type StoreCode } from '../base/index.ts';

const DECIMAL_RE = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/**
 * Euros (number or decimal string such as "1234.56", "-0.5", "1e3") to integer cents, rounding half
 * away from zero on the exact decimal digits (no float drift: 1.005 → 101, 0.1 + 0.2 → 30).
 * Throws RangeError for NaN, ±Infinity, unparsable strings and amounts beyond safe integers.
 */
export function toCents(euros: number | string): number {
  if (typeof euros === 'number' && !Number.isFinite(euros))
    throw new RangeError(`Not a finite amount: ${euros}`);
  const text = typeof euros === 'number' ? String(euros) : euros.trim();
  const m = DECIMAL_RE.exec(text);
  const intPart = m?.[2] ?? '';
  const fracPart = m?.[3] ?? '';
  if (!m || intPart + fracPart === '') throw new RangeError(`Not a decimal amount: "${String(euros)}"`);
  const digits = intPart + fracPart;
  const point = intPart.length + Number(m[4] ?? 0) + 2; // position of the cents point in `digits`
  if (point - (intPart.length - intPart.replace(/^0+/, '').length) > 17) {
    throw new RangeError(`Amount out of range: "${String(euros)}"`);
  }
  const whole = point <= 0 ? '0' : digits.slice(0, point).padEnd(point, '0');
  const next = point < 0 ? 0 : Number(digits[point] ?? '0');
  const abs = Number(whole) + (next >= 5 ? 1 : 0);
  if (!Number.isSafeInteger(abs)) throw new RangeError(`Amount out of range: "${String(euros)}"`);
  return m[1] === '-' && abs !== 0 ? -abs : abs;
}

/** Cents to euros as a number (structured data and analytics divide by 100, §9). */
export function centsToEuros(cents: number): number {
  return cents / STRUCTURED_DATA_PRICE_DIVISOR;
}

/** Cents to a plain decimal string with a dot, e.g. 123456 → "1234.56", -5 → "-0.05" (schema.org offers). */
export function centsToDecimalString(cents: number): string {
  const abs = Math.abs(Math.round(cents));
  const sign = cents < 0 && abs !== 0 ? '-' : '';
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

function groupDigits(digits: string, group: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, group);
}

/**
 * Formats cents for a store view: amount, U+00A0, '€'; 2 decimals; lt/ru "1 234,56 €" (U+00A0
 * groups), en "1,234.56 €"; negatives with an ASCII '-' in front. Not Intl currency formatting
 * (DESIGN.md "The storefront"). Non-integer cents are rounded; non-finite throws RangeError.
 */
export function formatPrice(cents: number, storeCode: StoreCode): string {
  if (!Number.isFinite(cents)) throw new RangeError(`Not a finite amount: ${cents}`);
  const { decimal, group, sign } = (STORE_VIEWS[storeCode] ?? STORE_VIEWS.lt).priceFormat;
  const abs = Math.round(Math.abs(cents));
  const minus = cents < 0 && abs !== 0 ? '-' : '';
  const units = groupDigits(String(Math.floor(abs / 100)), group);
  return `${minus}${units}${decimal}${String(abs % 100).padStart(2, '0')}\u00A0${sign}`;
}

/**
 * Parses a price as formatted by formatPrice (or typed by a user in that store view's format) back
 * to cents. Returns null when it is not a price.
 */
export function parsePrice(text: string, storeCode: StoreCode): number | null {
  const { decimal, group, sign } = (STORE_VIEWS[storeCode] ?? STORE_VIEWS.lt).priceFormat;
  let s = text
    .replace(sign, '')
    .replace(/[\s\u00A0\u202F]/g, '')
    .split(group)
    .join('');
  s = s.replace(/\u2212/g, '-');
  if (decimal !== '.') s = s.replace(decimal, '.');
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(s)) return null;
  return toCents(s);
}

/** Aggregation key of a price range as the catalogue search returns it: "0.0-50.0", "150.0-*". */
export function priceRangeKey(range: { from: number; to: number | null }): string {
  return `${range.from.toFixed(1)}-${range.to === null ? '*' : range.to.toFixed(1)}`;
}

/**
 * The range of a price bucket's key ("50.0-100.0", "150.0-*"), or null for anything else: the
 * storefront follows the ranges the API answers (its PRICE_RANGES setting), not a list of its own.
 * The inverse of priceRangeKey.
 */
export function parsePriceRangeKey(
  key: string | null | undefined,
): { from: number; to: number | null } | null {
  // one decimal each side, as priceRangeKey writes it: "100-500" is a shopper's own range, not a bucket
  const m = /^(\d{1,9}\.\d)-(\d{1,9}\.\d|\*)$/.exec(key ?? '');
  if (!m) return null;
  const from = Number(m[1]);
  const to = m[2] === '*' ? null : Number(m[2]);
  if (to !== null && to <= from) return null;
  return { from, to };
}

/**
 * Label of a price filter bucket (catalogue-and-cart.md §9 "Price range labels": "< sign to" for the
 * first or last bucket, otherwise "from - to"): first "< 50,00 €", last "> 150,00 €",
 * others "50,00 € - 100,00 €". Ranges are in euros.
 */
export function priceRangeLabel(
  range: { from: number; to: number | null },
  storeCode: StoreCode,
  ranges: readonly { from: number; to: number | null }[] = PRICE_RANGES,
): string {
  const fmt = (euros: number) => formatPrice(toCents(euros), storeCode);
  const i = ranges.findIndex((r) => r.from === range.from && r.to === range.to);
  if (range.to === null) return `> ${fmt(range.from)}`;
  if (i === 0 || range.from <= 0) return `< ${fmt(range.to)}`;
  return `${fmt(range.from)} - ${fmt(range.to)}`;
}
