// Checkout and account field rules: accounts-checkout-routes.md §5 "Validation rules" (messages
// from its list), catalogue-and-cart.md §8 ("Only {maxQuantity} products of this type are available!").
// Each rule returns null when valid, otherwise the message key (messages.ts) with its parameters.
import { SEARCH_TERM_MIN_LENGTH } from '../base/index.ts';
import type { MessageKey } from '../messages/index.ts';
import { isSearchTermLongEnough } from '../catalog/index.ts';
import { POSTCODE_FORMATS } from './postcode-formats.ts';
import type { FieldCheck, FieldError } from './email.ts';

export type { FieldCheck, FieldError } from './email.ts';
export { validateEmail } from './email.ts';

const err = (key: MessageKey, params?: Record<string, string | number>): FieldError =>
  params ? { key, params } : { key };

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : v == null ? '' : String(v));

/** "Field is required": null, undefined, blank text, empty list and `false` are missing. */
export function validateRequired(value: unknown): FieldCheck {
  const missing =
    value == null || value === false || (Array.isArray(value) ? value.length === 0 : text(value) === '');
  return missing ? err('validation.required') : null;
}

/** "name at least 2 (or 3) letters": counts Unicode letters. */
export function validateNameLength(value: string, min = 2): FieldCheck {
  return (value.match(/\p{L}/gu) ?? []).length >= min ? null : err('validation.nameMinLength', { min });
}

/** "accepts only alphabet characters": Unicode letters (and their marks), spaces, hyphens, apostrophes. */
export function validateAlphaOnly(value: string): FieldCheck {
  return /^[\p{L}\p{M}\s'’-]*$/u.test(value) ? null : err('validation.alphaOnly');
}

/** "password at least 8 letters" (any characters). */
export function validatePassword(value: string, min = 8): FieldCheck {
  return [...value].length >= min ? null : err('validation.passwordMinLength', { min });
}

/** "passwords must be identical". */
export function validatePasswordsMatch(password: string, repeat: string): FieldCheck {
  return password === repeat ? null : err('validation.passwordsMustMatch');
}

/** "terms and conditions must be accepted". */
export function validateTermsAccepted(accepted: boolean): FieldCheck {
  return accepted === true ? null : err('validation.termsRequired');
}

/** "company code ... at least 3 characters". */
export function validateCompanyCode(value: string): FieldCheck {
  return text(value).length >= 3 ? null : err('validation.companyCodeMinLength', { min: 3 });
}

// VAT numbers of the delivery markets (EU VIES formats): LT 9 or 12 digits, LV 11, EE 9.
const VAT_FORMATS: Readonly<Record<string, RegExp>> = {
  LT: /^LT(\d{9}|\d{12})$/,
  LV: /^LV\d{11}$/,
  EE: /^EE\d{9}$/,
};

/**
 * "company VAT code ... at least 3 characters"; a VAT code starting with LT, LV or EE must also have
 * that country's format ("tax identification number must be valid"). Spaces are ignored.
 */
export function validateVatCode(value: string): FieldCheck {
  const v = text(value)
    .replace(/[\s.-]/g, '')
    .toUpperCase();
  if (v.length < 3) return err('validation.vatCodeMinLength', { min: 3 });
  const format = VAT_FORMATS[v.slice(0, 2)];
  return format && !format.test(v) ? err('validation.taxIdInvalid') : null;
}

/** "Tax ID at least 3 characters"; "tax identification number must be valid": letters, digits, - / space. */
export function validateTaxId(value: string): FieldCheck {
  const v = text(value);
  if (v.length < 3) return err('validation.taxIdMinLength', { min: 3 });
  return /^[\p{L}\d][\p{L}\d\s/-]*$/u.test(v) ? null : err('validation.taxIdInvalid');
}

/**
 * Postcode formats of the delivery markets, from the zip-code data file (postcode-formats.ts; spec
 * §5 "bad zip format"). LT and LV also accept the bare digits and a space or no separator after the
 * prefix, and are normalised to LT-00000 / LV-0000; Estonia takes its five bare digits.
 */
export const ZIP_FORMATS: Readonly<Record<string, { pattern: RegExp; format: string; prefix?: string }>> =
  Object.fromEntries(
    POSTCODE_FORMATS.map((f) => {
      const code = f.prefix ? f.prefix.slice(0, -1) : '';
      const pattern = new RegExp(`^${code ? `(?:${code}[\\s-]?)?` : ''}(\\d{${f.digits}})$`, 'i');
      return [f.country, { pattern, format: f.format, ...(f.prefix ? { prefix: f.prefix } : {}) }];
    }),
  );

/** The postcode in its country's canonical form, or null when it does not fit the format. */
export function normaliseZip(countryId: string, zip: string): string | null {
  const v = text(zip);
  const rule = ZIP_FORMATS[countryId.toUpperCase()];
  if (!rule) return v.length >= 3 ? v : null;
  const m = rule.pattern.exec(v);
  return m?.[1] ? `${rule.prefix ?? ''}${m[1]}` : null;
}

/** "zip code at least 3 letters", then the country's format (LT, LV, EE; others: length only). */
export function validateZip(countryId: string, zip: string): FieldCheck {
  if (text(zip).length < 3) return err('validation.zipMinLength', { min: 3 });
  const rule = ZIP_FORMATS[countryId.toUpperCase()];
  if (rule && normaliseZip(countryId, zip) === null)
    return err('validation.zipFormat', { format: rule.format });
  return null;
}

/** "searched term at least 3 characters". */
export function validateSearchTerm(term: string): FieldCheck {
  return isSearchTermLongEnough(term)
    ? null
    : err('validation.searchTermMinLength', { min: SEARCH_TERM_MIN_LENGTH });
}

/**
 * "quantity must be a positive integer, above 0 and below available": not an integer →
 * validation.quantityInteger; 0 or less → validation.quantityAboveZero; above the available
 * quantity → cart.onlyAvailable {maxQuantity} (equal to available is allowed).
 */
export function validateQuantity(qty: unknown, maxQuantity?: number | null): FieldCheck {
  const n = typeof qty === 'string' && /^\s*-?\d+\s*$/.test(qty) ? Number(qty) : qty;
  if (typeof n !== 'number' || !Number.isSafeInteger(n)) return err('validation.quantityInteger');
  if (n <= 0) return err('validation.quantityAboveZero');
  if (maxQuantity != null && n > maxQuantity)
    return err('cart.onlyAvailable', { maxQuantity: Math.max(0, maxQuantity) });
  return null;
}

export type FieldRule<V> = (value: V[keyof V] | undefined, values: V) => FieldCheck;

/**
 * Runs rules per field, first failing rule wins: validateFields(values, { email: [required, email] })
 * → { email: { key: 'validation.email' } }. Empty object = valid.
 */
export function validateFields<V extends Record<string, unknown>>(
  values: V,
  rules: { [K in keyof V]?: readonly FieldRule<V>[] },
): Partial<Record<keyof V, FieldError>> {
  const out: Partial<Record<keyof V, FieldError>> = {};
  for (const field of Object.keys(rules) as (keyof V)[]) {
    for (const rule of rules[field] ?? []) {
      const e = rule(values[field], values);
      if (e) {
        out[field] = e;
        break;
      }
    }
  }
  return out;
}
