/**
 * The shop's own words and promises, kept by the owner in the back office (one settings row in the
 * database): its name and logo, the seller's details and bank account, the promises the storefront,
 * the e-mails and the invoices make (money back, support hours, delivery time, newsletter coupon,
 * warranty per grade) and the amounts the cart charges (cash-on-delivery fee, free-shipping
 * threshold). Money is integer cents; the form enters euros (parseEurosToCents).
 *
 * Nothing here reads the database: the API's settings module (apps/api/src/settings) stores and
 * caches them, and every reader takes a `ShopSettings` from it.
 */
import { isValidBIC, isValidIBAN } from 'ibantools';
import {
  CASH_ON_DELIVERY_FEE_CENTS,
  DELIVERY_WORKDAYS,
  FREE_SHIPPING_THRESHOLD_CENTS,
  MONEY_BACK_DAYS,
  NEWSLETTER_COUPON_PERCENT,
  SUPPORT_HOURS,
} from '../base/index.ts';
import { GRADE_KEYS, GRADE_TERMS, type GradeKey, type GradeTerms } from '../catalog/index.ts';
import { calendarDay, nextCalendarDay } from '../base/index.ts';
import type { StoreCode } from '../base/index.ts';

/** the seller on invoices, in the footer and as the beneficiary of a bank transfer ('' = not set) */
export interface SellerDetails {
  companyName: string;
  companyCode: string;
  vatCode: string;
  address: string;
  phone: string;
  email: string;
  bankName: string;
  /** without spaces, upper case */
  iban: string;
  /** SWIFT/BIC of the bank */
  swift: string;
}

export interface ShopSettings {
  /** the shop's name per store view (the wordmark, page titles, e-mail signatures, the footer) */
  shopName: Record<StoreCode, string>;
  /** the logo's address ('' = the built-in wordmark): a path on this shop or an https URL */
  logoUrl: string;
  seller: SellerDetails;
  /** days a buyer may return an item for a refund without a reason (the law's minimum is 14) */
  moneyBackDays: number;
  /** customer service on working days, "H:MM" */
  supportHours: { from: string; to: string };
  /** working days from dispatch to delivery */
  deliveryDays: { min: number; max: number };
  newsletterCoupon: { enabled: boolean; percent: number };
  /** the warranty the shop gives per condition grade, in months */
  warrantyMonths: Record<GradeKey, number>;
  /** cash-on-delivery collection fee, cents incl. VAT */
  codFeeCents: number;
  /** the order subtotal (cents incl. VAT) from which the shop advertises free delivery; 0 = none */
  freeShippingThresholdCents: number;
  /** a stock quantity at or below which a product counts as running low (for the dashboard) */
  lowStockThreshold: number;
  /** calendar days a bank-transfer buyer has to pay (the due date on the thank-you page) */
  bankTransferDueDays: number;
  /**
   * the searches the search panel offers before anything is typed, per store view, in the owner's
   * order: chosen by the owner, never gathered from what shoppers typed (docs/decisions/0056-popular-searches.md)
   */
  popularSearches: Record<StoreCode, string[]>;
}

export const SELLER_FIELDS = [
  'companyName',
  'companyCode',
  'vatCode',
  'address',
  'phone',
  'email',
  'bankName',
  'iban',
  'swift',
] as const satisfies readonly (keyof SellerDetails)[];

export const EMPTY_SELLER: SellerDetails = {
  companyName: '',
  companyCode: '',
  vatCode: '',
  address: '',
  phone: '',
  email: '',
  bankName: '',
  iban: '',
  swift: '',
};

/** the shop's promises before the owner changes them (the values the code carried before settings) */
export const DEFAULT_SHOP_SETTINGS: ShopSettings = {
  shopName: { lt: 'Vitrina', en: 'Vitrina', ru: 'Vitrina' },
  logoUrl: '',
  seller: EMPTY_SELLER,
  moneyBackDays: MONEY_BACK_DAYS,
  supportHours: { from: SUPPORT_HOURS.from, to: SUPPORT_HOURS.to },
  deliveryDays: { min: DELIVERY_WORKDAYS.min, max: DELIVERY_WORKDAYS.max },
  newsletterCoupon: { enabled: true, percent: NEWSLETTER_COUPON_PERCENT },
  warrantyMonths: Object.fromEntries(GRADE_KEYS.map((g) => [g, GRADE_TERMS[g].warrantyMonths])) as Record<
    GradeKey,
    number
  >,
  codFeeCents: CASH_ON_DELIVERY_FEE_CENTS,
  freeShippingThresholdCents: FREE_SHIPPING_THRESHOLD_CENTS,
  lowStockThreshold: 3,
  bankTransferDueDays: 5,
  popularSearches: { lt: [], en: [], ru: [] },
};

/** at most this many popular searches per store view: one or two rows of chips in the panel */
export const POPULAR_SEARCHES_MAX = 10;
/** a popular search's longest text (a product name or a few words, never a sentence) */
export const POPULAR_SEARCH_MAX_LENGTH = 60;

/**
 * The demo shop's popular searches while the owner has chosen none (like DEMO_SELLER): words its
 * generated catalogue answers, so the panel shows what the setting does.
 */
export const DEMO_POPULAR_SEARCHES: Record<StoreCode, string[]> = {
  lt: ['iPhone', 'MacBook', 'Samsung Galaxy', 'ausinės', 'televizorius', 'kavos aparatas'],
  en: ['iPhone', 'MacBook', 'Samsung Galaxy', 'headphones', '4K TV', 'coffee machine'],
  ru: ['iPhone', 'MacBook', 'Samsung Galaxy', 'наушники', 'телевизор', 'кофемашина'],
};

/** no store view has a popular search (the demo shop then shows DEMO_POPULAR_SEARCHES) */
export function popularSearchesEmpty(lists: Record<StoreCode, string[]>): boolean {
  return Object.values(lists).every((l) => l.length === 0);
}

/**
 * A back-office text area's lines as a store view's popular searches: trimmed, inner spaces
 * collapsed, empty lines and repeats (ignoring case) dropped, in the owner's order.
 */
export function popularSearchLines(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const words = line.trim().replace(/\s+/g, ' ');
    const key = words.toLocaleLowerCase();
    if (words && !seen.has(key)) {
      seen.add(key);
      out.push(words);
    }
  }
  return out;
}

/**
 * Clearly fictional seller of the seeded demo shop: an all-zero company code, a reserved example
 * domain, a "Demo" street, and the IBAN of the ISO 13616 example account (valid checksum, nobody's).
 */
export const DEMO_SELLER: SellerDetails = {
  companyName: 'UAB „Vitrina demo“',
  companyCode: '000000000',
  vatCode: 'LT000000000000',
  address: 'Demo g. 1, LT-00000 Vilnius',
  phone: '+370 600 00000',
  email: 'info@vitrina.example',
  bankName: 'Demo bankas (DEMO)',
  iban: 'LT121000011101001000',
  swift: 'HABALT22',
};

// ---- rules ----

/** IBAN as stored: no spaces, upper case */
export function normalizeIban(iban: string): string {
  return iban.replace(/\s+/g, '').toUpperCase();
}

/** the IBAN's country, length and ISO 7064 mod-97 checksum (ibantools) */
export function isValidIban(iban: string): boolean {
  return isValidIBAN(normalizeIban(iban));
}

export function isValidSwift(bic: string): boolean {
  return isValidBIC(bic.replace(/\s+/g, '').toUpperCase());
}

/** what an invoice needs of the seller: their name, company code, VAT code and address */
export const INVOICE_SELLER_FIELDS = [
  'companyName',
  'companyCode',
  'vatCode',
  'address',
] as const satisfies readonly (keyof SellerDetails)[];

/** the seller's fields an invoice needs and the settings lack (empty: invoices may be issued) */
export function missingInvoiceSellerFields(seller: SellerDetails): (keyof SellerDetails)[] {
  return INVOICE_SELLER_FIELDS.filter((f) => seller[f].trim() === '');
}

/** bank transfer can be offered: the buyer would be told the beneficiary, the bank and a valid IBAN */
export function bankTransferReady(seller: SellerDetails): boolean {
  return seller.companyName.trim() !== '' && seller.bankName.trim() !== '' && isValidIban(seller.iban);
}

/** the day (YYYY-MM-DD, the shop's time zone) by which a bank transfer for an order placed at `placedAt` is due */
export function bankTransferDueDate(placedAt: Date | string, days: number): string {
  let day = calendarDay(placedAt);
  for (let i = 0; i < days; i++) day = nextCalendarDay(day);
  return day;
}

/** the shop's name in a store view (lt when that view has none) */
export function shopNameIn(settings: Pick<ShopSettings, 'shopName'>, store: StoreCode): string {
  return settings.shopName[store].trim() || settings.shopName.lt.trim();
}

/** a grade's warranty and returns under the settings (the returns are the shop's money-back days) */
export function gradeTermsOf(
  settings: Pick<ShopSettings, 'warrantyMonths' | 'moneyBackDays'>,
  key: GradeKey | null,
): GradeTerms | null {
  return key ? { warrantyMonths: settings.warrantyMonths[key], returnDays: settings.moneyBackDays } : null;
}

/**
 * "12,50", "12.50", "12", "1 234,5" → cents; null when it is not an amount of euros with at most two
 * decimals (a form's money field).
 */
export function parseEurosToCents(text: string): number | null {
  const t = text.replace(/[\s\u00a0€]/g, '').replace(',', '.');
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(t);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** cents → "12.50" (a form's money field) */
export function centsToEuroInput(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(Math.abs(cents % 100)).padStart(2, '0')}`;
}
