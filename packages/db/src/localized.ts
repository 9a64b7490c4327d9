/** Per-store-view texts (`Localized`) and URL slugs. */
import { slugify, type StoreCode } from '@vitrina/domain';
import type { Localized } from './schema.ts';

/** A text of the import file: one string for every store view, or per view (missing views fall back to lt). */
export type Text = string | { lt?: string | undefined; en?: string | undefined; ru?: string | undefined };

export function toLocalized(text: Text): Localized {
  if (typeof text === 'string') return { lt: text, en: text, ru: text };
  const lt = text.lt ?? text.en ?? text.ru ?? '';
  return { lt, en: text.en ?? lt, ru: text.ru ?? lt };
}

export function toLocalizedOrNull(text: Text | null | undefined): Localized | null {
  return text == null ? null : toLocalized(text);
}

/** The text of a store view, falling back to lt. */
export function pick(text: Localized | null | undefined, store: StoreCode): string {
  if (!text) return '';
  return text[store] || text.lt || '';
}

export { slugify };

export function slugifyLocalized(text: Localized, fallback: string): Localized {
  const lt = slugify(text.lt) || fallback;
  return { lt, en: slugify(text.en) || lt, ru: slugify(text.ru) || lt };
}
