import type { Translator } from '../i18n';

const NAMED = ['LT', 'LV', 'EE'] as const;

/** "for Lithuania" in the store view's language: the country a shipping figure is for */
export function forCountry(t: Translator, countryId: string): string {
  const code = NAMED.find((c) => c === countryId);
  return code ? t(`delivery.for.${code}`) : t('delivery.forOther', { country: countryId });
}
