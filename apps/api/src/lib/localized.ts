/** Per-store-view texts of the database (`{ lt, en, ru }`, or one string for all). */
import type { StoreCode } from '@vitrina/domain';

export type Localized = Partial<Record<StoreCode, string>> | string;

/** the text of a store view, falling back to Lithuanian (the default store view) */
export function localized(value: Localized | null | undefined, store: StoreCode): string {
  if (!value) return '';
  if (typeof value === 'string') return value;
  return value[store] || value.lt || '';
}
