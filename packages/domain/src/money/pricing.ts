// Price rules: catalogue-and-cart.md §4 "Price rules". All amounts are integer cents; catalogue
// prices are net of tax (the spec's ecosystem), `*_incl_tax` add the tax of the default country.
import { DEFAULT_COUNTRY, STORE_TIME_ZONE } from '../base/index.ts';
import { calendarDay, nextCalendarDay, startOfDay } from '../base/index.ts';
import { assertInteger, roundHalfUp } from './rounding.ts';

export interface SpecialPriceInput {
  price: number;
  special_price?: number | null;
  special_from_date?: string | Date | null;
  special_to_date?: string | Date | null;
}

/**
 * When a special price applies, as instants (ms since the epoch), half-open [opensAt, closesAt):
 * catalogue-and-cart.md §4 "A special price applies only when it is below the original price and
 * inside its date window. It is zeroed when the final price is at least the regular price." The
 * window is inclusive by calendar day in the shop's time zone: it opens at the first instant of the
 * from-day and closes at the first instant of the day after the to-day (so the to-day's 23:59:59.999
 * is inside). A side without a date is open (null). null when there is no special price to apply:
 * none, 0 or less (the ecosystem's "zeroed"), or not below the price. The one rule behind
 * isSpecialPriceActive and the instants the indexer rebuilds a product's rows at.
 */
export function specialPriceWindow(
  p: SpecialPriceInput,
  timeZone: string = STORE_TIME_ZONE,
): { opensAt: number | null; closesAt: number | null } | null {
  const sp = p.special_price;
  if (sp == null || !(sp > 0) || sp >= p.price) return null;
  return {
    opensAt: p.special_from_date ? startOfDay(calendarDay(p.special_from_date, timeZone), timeZone) : null,
    closesAt: p.special_to_date
      ? startOfDay(nextCalendarDay(calendarDay(p.special_to_date, timeZone)), timeZone)
      : null,
  };
}

/** Whether the special price applies at the instant `now`: inside its window (specialPriceWindow). */
export function isSpecialPriceActive(
  p: SpecialPriceInput,
  now: Date,
  timeZone: string = STORE_TIME_ZONE,
): boolean {
  const window = specialPriceWindow(p, timeZone);
  if (!window) return false;
  const t = now.getTime();
  return (
    (window.opensAt === null || t >= window.opensAt) && (window.closesAt === null || t < window.closesAt)
  );
}

/** The price the shopper pays (net): the active special price, otherwise the price. */
export function finalPrice(p: SpecialPriceInput, now: Date, timeZone?: string): number {
  return isSpecialPriceActive(p, now, timeZone) ? (p.special_price as number) : p.price;
}

// ---- Tax ----

export interface TaxRate {
  /** Percent, e.g. 21 for 21 % ("Tax rate is divided by 100"). */
  rate: number;
  tax_country_id: string;
  tax_region_id?: number | string | null;
  region_name?: string | null;
}
export interface TaxRule {
  id?: number;
  product_tax_class_ids: readonly number[];
  customer_tax_class_ids?: readonly number[];
  rates: readonly TaxRate[];
}

/**
 * "The default tax country is PL when none is given" is the spec ecosystem's built-in fallback. Our
 * store views configure LT (DEFAULT_COUNTRY), so PL is used only when no country is given AND
 * none is configured: see resolveTaxCountry.
 */
export const DEFAULT_TAX_COUNTRY_FALLBACK = 'PL';

/** The tax country: the given one, else the configured store default, else PL. */
export function resolveTaxCountry(countryId?: string | null, configuredDefault?: string | null): string {
  return countryId || configuredDefault || DEFAULT_TAX_COUNTRY_FALLBACK;
}

/**
 * Tax rate in percent for a product tax class in a country (0 when no rule applies). With a
 * customer tax class ("a customer group id drives the tax class when grouped tax is active") only
 * rules listing that customer class match. `countryId` defaults to the store default country (LT).
 */
export function taxRateFor(
  taxRules: readonly TaxRule[],
  taxClassId: number | null | undefined,
  countryId: string = DEFAULT_COUNTRY,
  customerTaxClassId?: number | null,
): number {
  if (taxClassId == null) return 0;
  for (const rule of taxRules) {
    if (!rule.product_tax_class_ids.includes(taxClassId)) continue;
    if (customerTaxClassId != null && !(rule.customer_tax_class_ids ?? []).includes(customerTaxClassId))
      continue;
    const rate = rule.rates.find((r) => r.tax_country_id === countryId);
    if (rate) return rate.rate;
  }
  return 0;
}

/** Tax on a net amount: net × rate / 100, rounded half up to cents. */
export function taxOn(netCents: number, ratePercent: number): number {
  return roundHalfUp((netCents * ratePercent) / 100);
}

/** Net amount plus its tax, in cents. */
export function addTax(netCents: number, ratePercent: number): number {
  return netCents + taxOn(netCents, ratePercent);
}

/** The product tax class of goods at the standard rate: the import format's default `tax_class_id`. */
export const STANDARD_PRODUCT_TAX_CLASS_ID = 2;
/** The customer tax class of a retail shopper: the import format's default `customer_tax_class_ids`. */
export const RETAIL_CUSTOMER_TAX_CLASS_ID = 3;

/**
 * The VAT rate that makes an amount of the shop data import file gross (docs/CONTRACTS.md "Shop data
 * import file"): the rate of the tax class for a retail shopper in the store view's default tax
 * country. Products use their own class; the amounts that have none (shipping prices, payment fees,
 * fixed coupon values, coupon minimums, free-shipping thresholds) use the standard class, so a
 * courier imported at 3.30 is offered at 3,99 € like a product imported at 3.30 would be. This is
 * the rate of the catalogue's listed prices; a cart and an order make the same net amounts gross for
 * their delivery country by grossFor, which equals this rate for the default
 * country or under CROSS_BORDER_TRADE.
 */
export function importedTaxRate(
  taxRules: readonly TaxRule[],
  storeCountryId: string,
  taxClassId: number | null | undefined = STANDARD_PRODUCT_TAX_CLASS_ID,
): number {
  return taxRateFor(taxRules, taxClassId, storeCountryId, RETAIL_CUSTOMER_TAX_CLASS_ID);
}

/**
 * The one rule for every amount of the import file: stored in cents net of VAT, shown and charged
 * gross = net + net × rate / 100 with the tax rounded half up to the cent (addTax), e.g. 330 at
 * 21 % → 399, 247 → 299, 8182 → 9900. Throws RangeError on non-integer or negative cents.
 */
export function importedInclTax(netCents: number, ratePercent: number): number {
  if (assertInteger(netCents, 'netCents') < 0) throw new RangeError(`netCents must not be negative, got ${netCents}`);
  return addTax(netCents, ratePercent);
}

/**
 * Where an amount is sold, for its VAT: the delivery country decides the rate.
 * Imported amounts are net; with `crossBorderTrade` off (the default) the shopper pays
 * net × (1 + the delivery country's rate), so the shop's net income is the same in every country.
 * With `crossBorderTrade` on (Magento's "Enable Cross Border Trade") the gross is the store
 * country's everywhere and only the VAT contained in it is taken at the delivery country's rate.
 */
export interface TaxDestination {
  /** the delivery country (resolveTaxCountry: the address's, else the store view's default, else PL) */
  countryId: string;
  /** the store view's default tax country: the country the catalogue's listed prices are gross for */
  storeCountryId: string;
  crossBorderTrade: boolean;
  /** the customer group's tax class when grouped tax is active; else the retail class */
  customerTaxClassId?: number | null | undefined;
}

/** The rate (percent) that makes a net amount of a product tax class gross for a destination. */
export function chargedTaxRate(
  taxRules: readonly TaxRule[],
  taxClassId: number | null | undefined,
  dest: TaxDestination,
): number {
  const country = dest.crossBorderTrade ? dest.storeCountryId : dest.countryId;
  return taxRateFor(taxRules, taxClassId, country, dest.customerTaxClassId ?? RETAIL_CUSTOMER_TAX_CLASS_ID);
}

/** The rate (percent) of the VAT contained in what a destination pays: always the delivery country's. */
export function containedTaxRate(
  taxRules: readonly TaxRule[],
  taxClassId: number | null | undefined,
  dest: TaxDestination,
): number {
  return taxRateFor(taxRules, taxClassId, dest.countryId, dest.customerTaxClassId ?? RETAIL_CUSTOMER_TAX_CLASS_ID);
}

/**
 * The one rule of what a destination pays for a net amount (products, shipping, fees, fixed coupons,
 * thresholds alike): net + net × chargedTaxRate / 100, the tax rounded half up to the cent. The
 * amounts without a product tax class (shipping, fees, coupons) pass STANDARD_PRODUCT_TAX_CLASS_ID.
 */
export function grossFor(
  netCents: number,
  taxRules: readonly TaxRule[],
  taxClassId: number | null | undefined,
  dest: TaxDestination,
): number {
  return importedInclTax(netCents, chargedTaxRate(taxRules, taxClassId, dest));
}

/** The tax contained in a gross (tax-inclusive) amount: gross − round(gross / (1 + rate/100)). */
export function taxContained(grossCents: number, ratePercent: number): number {
  return grossCents - roundHalfUp((grossCents * 100) / (100 + ratePercent));
}

/**
 * The computed price fields of a product document and of render-list items (catalogue-and-cart.md
 * §3 "Product": price, final_price, special_price, original_price, each with `_tax` (the tax in it)
 * and `_incl_tax` variants), in cents.
 */
export interface PriceBreakdown {
  price: number;
  price_incl_tax: number;
  price_tax: number;
  original_price: number;
  original_price_incl_tax: number;
  original_price_tax: number;
  /** null when no special price is active (CONTRACTS.md "null when none"). */
  special_price: number | null;
  special_price_incl_tax: number | null;
  special_price_tax: number | null;
  final_price: number;
  final_price_incl_tax: number;
  final_price_tax: number;
}

// ---- Prices entered gross (CATALOG_PRICES_INCLUDE_TAX) ----

/**
 * The net of a gross price entered at `ratePercent`: gross × 100 / (100 + rate), rounded half up to
 * the cent. Net cents cannot reach every gross (at 21 % the nets 37083 and 37084 make 44870 and
 * 44872: 448,71 € has no net), so a product entered gross keeps that gross as well and every gross
 * of the default country is taken from it (storedGross), never from this net.
 */
export function netFromGross(grossCents: number, ratePercent: number): number {
  if (assertInteger(grossCents, 'grossCents') < 0) throw new RangeError(`grossCents must not be negative, got ${grossCents}`);
  return roundHalfUp((grossCents * 100) / (100 + ratePercent));
}

/**
 * A product's price as stored: the net cents, and when it was entered gross the gross cents too
 * (null: entered net, the gross is made from the net).
 */
export interface EnteredPrice {
  price: number;
  /** the gross as entered at the default country's rate (null/undefined: entered net) */
  price_incl_tax?: number | null;
}

/**
 * The gross at `ratePercent` of a stored price: the entered gross when there is one (whatever the
 * net rounded to), else net + tax. The one rule that makes every entered gross come back to the cent.
 */
export function storedGross(p: EnteredPrice, ratePercent: number): number {
  return p.price_incl_tax != null ? p.price_incl_tax : addTax(p.price, ratePercent);
}

/**
 * What is stored for a price typed in: entered gross (`includesTax`) → { net from the gross, the
 * gross }; entered net → { the net, no gross }. Storing and reading back with storedGross answers
 * the typed amount for every cent (the round-trip property test).
 */
export function storedPrice(enteredCents: number, includesTax: boolean, ratePercent: number): { price: number; price_incl_tax: number | null } {
  assertInteger(enteredCents, 'enteredCents');
  return includesTax
    ? { price: netFromGross(enteredCents, ratePercent), price_incl_tax: enteredCents }
    : { price: enteredCents, price_incl_tax: null };
}

/**
 * What a destination pays for one unit of a listed price: the listed gross (`grossListed`, the
 * entered gross of a product entered gross) when the destination is charged the listed rate (the
 * default country, or any country under CROSS_BORDER_TRADE), else the net made gross at the charged
 * rate (an Estonian address without cross-border trade pays net × 1.24). `grossListed` null: the
 * product was entered net and grossFor's rule applies alike.
 */
export function chargedGross(net: number, grossListed: number | null, listedRate: number, chargedRate: number): number {
  if (grossListed !== null && chargedRate === listedRate) return grossListed;
  return importedInclTax(net, chargedRate);
}

/** A product's prices with the grosses entered for them, when they were entered gross. */
export interface GrossAwarePriceInput extends SpecialPriceInput {
  price_incl_tax?: number | null;
  special_price_incl_tax?: number | null;
}

/**
 * All price fields of a product document from its net price and special price (cents). A price
 * entered gross (`price_incl_tax`, `special_price_incl_tax`) is shown at that gross; its net is made
 * from it at today's rate (netFromGross), and the special price's window compares the grosses.
 */
export function priceBreakdown(
  product: GrossAwarePriceInput,
  opts: { now: Date; taxRate: number; timeZone?: string },
): PriceBreakdown {
  const rate = opts.taxRate;
  const grossOf = (net: number, entered: number | null | undefined) => (entered != null ? entered : addTax(net, rate));
  const netOf = (net: number, entered: number | null | undefined) => (entered != null ? netFromGross(entered, rate) : net);
  const price = netOf(product.price, product.price_incl_tax);
  const priceIncl = grossOf(product.price, product.price_incl_tax);
  const sp = product.special_price;
  const spIncl = sp == null ? null : grossOf(sp, product.special_price_incl_tax);
  // the window is judged on what the shopper sees: the grosses (equal nets can hide a 1-cent special)
  const enteredGross = product.price_incl_tax != null || product.special_price_incl_tax != null;
  const compared = enteredGross ? { price: priceIncl, special_price: spIncl } : { price: product.price, special_price: sp };
  const active = sp != null && spIncl !== null && isSpecialPriceActive({ ...product, ...compared }, opts.now, opts.timeZone);
  const special = active ? netOf(sp, product.special_price_incl_tax) : null;
  const specialIncl = active ? spIncl : null;
  const final = special ?? price;
  const finalIncl = specialIncl ?? priceIncl;
  return {
    price,
    price_incl_tax: priceIncl,
    price_tax: priceIncl - price,
    original_price: price,
    original_price_incl_tax: priceIncl,
    original_price_tax: priceIncl - price,
    special_price: special,
    special_price_incl_tax: specialIncl,
    special_price_tax: special === null || specialIncl === null ? null : specialIncl - special,
    final_price: final,
    final_price_incl_tax: finalIncl,
    final_price_tax: finalIncl - final,
  };
}

// ---- Grouped and bundle ----

export type PriceLookup = Readonly<Record<string, number>> | ReadonlyMap<string, number>;

export function lookupPrice(prices: PriceLookup, sku: string): number | undefined {
  return prices instanceof Map ? prices.get(sku) : (prices as Readonly<Record<string, number>>)[sku];
}

/** A link's default quantity: its qty, 0 or missing meaning 1 (the ecosystem stores 0 for default). */
export function defaultLinkQty(link: { qty?: number | null }): number {
  return link.qty != null && link.qty > 0 ? link.qty : 1;
}

export interface ProductLink {
  link_type?: string;
  linked_product_sku: string;
  linked_product_type?: string;
  qty?: number | null;
  is_default?: boolean;
}

/**
 * "Grouped product price is the sum of the linked products' price times quantity." Only
 * `associated` links (or links without a type) count; a missing or 0 link qty counts as 1 (the
 * ecosystem stores 0 for "default qty"); links whose price is unknown are skipped.
 */
export function groupedPrice(links: readonly ProductLink[], priceBySku: PriceLookup): number {
  let sum = 0;
  for (const link of links) {
    if (link.link_type && link.link_type !== 'associated') continue;
    const price = lookupPrice(priceBySku, link.linked_product_sku);
    if (price !== undefined) sum += price * defaultLinkQty(link);
  }
  return sum;
}

export interface BundleLink {
  sku: string;
  qty?: number | null;
  is_default?: boolean;
  price?: number | null;
  /** the shopper may choose this link's quantity (`option_qty`); the ecosystem stores 0/1 */
  can_change_quantity?: boolean | number | null;
}
export interface BundleOption {
  option_id: number;
  title?: string;
  type?: string;
  required?: boolean;
  product_links: readonly BundleLink[];
}
/** Selected skus per option id; an option without an entry uses its default links. */
export type BundleSelection = Readonly<Record<number, string | readonly string[]>>;

/**
 * "Bundle price is computed from the default or selected options": for each option, the selected
 * links (by sku) or else its `is_default` links, each price × qty (qty ≤ 0 counts as 1). A link's
 * own `price` wins over `priceBySku`; links with an unknown price are skipped.
 */
export function bundlePrice(
  bundleOptions: readonly BundleOption[],
  priceBySku: PriceLookup,
  selected?: BundleSelection,
): number {
  let sum = 0;
  for (const option of bundleOptions) {
    const pick = selected?.[option.option_id];
    const skus = pick === undefined ? null : typeof pick === 'string' ? [pick] : pick;
    for (const link of option.product_links) {
      if (skus ? !skus.includes(link.sku) : !link.is_default) continue;
      const price = link.price ?? lookupPrice(priceBySku, link.sku);
      if (price != null) sum += price * defaultLinkQty(link);
    }
  }
  return sum;
}

/**
 * The price fields of a composite made of parts (cents): every field Σ part field × qty, so the
 * headline incl. tax is exactly the sum of the parts' own grosses the cart charges (never a net sum
 * taxed again, which can round a cent away). A special price is shown only when the parts' finals
 * come to less than their regular prices.
 */
export function sumPriceBreakdowns(parts: readonly { prices: PriceBreakdown; qty: number }[]): PriceBreakdown {
  const sum = (f: (b: PriceBreakdown) => number) => parts.reduce((s, p) => s + f(p.prices) * p.qty, 0);
  const price = sum((b) => b.price);
  const priceIncl = sum((b) => b.price_incl_tax);
  const final = sum((b) => b.final_price);
  const finalIncl = sum((b) => b.final_price_incl_tax);
  const special = finalIncl < priceIncl;
  return {
    price,
    price_incl_tax: priceIncl,
    price_tax: priceIncl - price,
    original_price: price,
    original_price_incl_tax: priceIncl,
    original_price_tax: priceIncl - price,
    special_price: special ? final : null,
    special_price_incl_tax: special ? finalIncl : null,
    special_price_tax: special ? finalIncl - final : null,
    final_price: final,
    final_price_incl_tax: finalIncl,
    final_price_tax: finalIncl - final,
  };
}
