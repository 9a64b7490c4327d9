/** Per-store-view texts (`Localized`) and URL slugs. */
import type { StoreCode } from '@vitrina/domain';
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

const CYRILLIC: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'i', к: 'k', л: 'l',
  м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'h', ц: 'ts', ч: 'ch', ш: 'sh',
  щ: 'shch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
};

/** "Nešiojami kompiuteriai" → "nesiojami-kompiuteriai"; Cyrillic is transliterated. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[а-яё]/g, (c) => CYRILLIC[c] ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function slugifyLocalized(text: Localized, fallback: string): Localized {
  const lt = slugify(text.lt) || fallback;
  return { lt, en: slugify(text.en) || lt, ru: slugify(text.ru) || lt };
}
