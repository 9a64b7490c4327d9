// The e-mail rule of accounts-checkout-routes.md §5 "Validation rules", apart from the other field
// rules (validation.ts re-exports it): the footer's newsletter form on every page needs this one rule,
// and the browser's bundle then takes this module alone instead of every checkout rule with the
// postcode formats (~1 KiB gzip of every page's first load).
import type { MessageKey } from '../messages/index.ts';

export interface FieldError {
  key: MessageKey;
  params?: Record<string, string | number>;
}
export type FieldCheck = FieldError | null;

const EMAIL_RE = /^[^\s@"(),:;<>[\\\]]+@[^\s@"(),:;<>[\\\]_]+\.[^\s@"(),:;<>[\\\]_0-9]{2,}$/u;

/** "valid e-mail required". */
export function validateEmail(value: string): FieldCheck {
  const v = value.trim();
  return v.length <= 254 && EMAIL_RE.test(v) && !v.includes('..') ? null : { key: 'validation.email' };
}
