// Filling a message's placeholders and choosing its plural form: shared by the domain's message catalogue
// and the browser's one-language copy of it (apps/web/app/i18n/domain-messages.client.ts).
import { STORE_VIEWS, type StoreCode } from '../base/index.ts';

export type MessageParams = Readonly<Record<string, string | number>>;

/** Replaces `{name}` placeholders with params; unknown placeholders stay as they are. */
export function interpolate(template: string, params?: MessageParams): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (m, name: string) =>
    params[name] !== undefined ? String(params[name]) : m,
  );
}

const pluralRules = new Map<string, Intl.PluralRules>();

/**
 * Picks the plural form for `count` by the store view's plural rules (Intl.PluralRules: lt and ru
 * have one/few/many/other, en one/other) and fills `{count}`. Missing forms fall back to `other`.
 * Example: pluralize('lt', 3, { one: '{count} prekė', few: '{count} prekės', other: '{count} prekių' }).
 */
export function pluralize(
  storeCode: StoreCode,
  count: number,
  forms: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string },
): string {
  const locale = (STORE_VIEWS[storeCode] ?? STORE_VIEWS.lt).locale;
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return interpolate(forms[rules.select(count)] ?? forms.other, { count });
}
