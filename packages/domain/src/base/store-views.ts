// Store views: catalogue-and-cart.md §1 "three store views", §2 "Store URL prefixes" and §9
// "Default store", "Currency", "Locales"; CONTRACTS.md "Store views".

export type StoreCode = 'lt' | 'en' | 'ru';
export type StoreLocale = 'lt-LT' | 'en-US' | 'ru-RU';

export interface PriceFormat {
  /** Decimal separator. */
  readonly decimal: string;
  /** Group (thousands) separator. */
  readonly group: string;
  readonly fractionDigits: 2;
  readonly sign: string;
}

export interface StoreView {
  readonly storeCode: StoreCode;
  readonly storeId: 1 | 2 | 3;
  readonly locale: StoreLocale;
  /** Catalogue index name of this store view (CONTRACTS.md "Catalogue search"). */
  readonly index: string;
  /** '' for the default store view, otherwise '/{code}'. */
  readonly urlPrefix: '' | '/en' | '/ru';
  readonly priceFormat: PriceFormat;
  readonly defaultCountry: 'LT';
  readonly currencyCode: 'EUR';
  /** The store view's own name, in its language (language switcher). */
  readonly name: string;
}

const NBSP = '\u00A0';

export const STORE_CODES: readonly StoreCode[] = ['lt', 'en', 'ru'];
export const DEFAULT_STORE_CODE: StoreCode = 'lt';

export const STORE_VIEWS: Readonly<Record<StoreCode, StoreView>> = {
  lt: {
    storeCode: 'lt',
    storeId: 1,
    locale: 'lt-LT',
    index: 'vue_storefront_catalog',
    urlPrefix: '',
    priceFormat: { decimal: ',', group: NBSP, fractionDigits: 2, sign: '€' },
    defaultCountry: 'LT',
    currencyCode: 'EUR',
    name: 'Lietuvių',
  },
  en: {
    storeCode: 'en',
    storeId: 2,
    locale: 'en-US',
    index: 'vue_storefront_catalog_en',
    urlPrefix: '/en',
    priceFormat: { decimal: '.', group: ',', fractionDigits: 2, sign: '€' },
    defaultCountry: 'LT',
    currencyCode: 'EUR',
    name: 'English',
  },
  ru: {
    storeCode: 'ru',
    storeId: 3,
    locale: 'ru-RU',
    index: 'vue_storefront_catalog_ru',
    urlPrefix: '/ru',
    priceFormat: { decimal: ',', group: NBSP, fractionDigits: 2, sign: '€' },
    defaultCountry: 'LT',
    currencyCode: 'EUR',
    name: 'Русский',
  },
};

/**
 * catalogue-and-cart.md §9 "Locales": en-US, lt-LT, ru-RU, also lv-LV and et-EE mapped. Latvian and
 * Estonian have no store view; a browser in either is offered English, the foreign language its
 * shoppers read most among the three, never Lithuanian, which neither reads
 * (docs/decisions/0050-a-browser-s-languages-suggest-a-store-view-never-redirect.md).
 */
export const LOCALE_MAP: Readonly<Record<string, StoreLocale>> = {
  'lt-LT': 'lt-LT',
  'en-US': 'en-US',
  'ru-RU': 'ru-RU',
  'lv-LV': 'en-US',
  'et-EE': 'en-US',
};

/** a language tag's primary subtag, lower case ("lv-LV" → "lv", "EN_gb" → "en") */
const primaryLanguage = (tag: string) => tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';

/**
 * The store view a browser's languages suggest, in the browser's order of preference
 * (navigator.languages, or Accept-Language sorted by q): the first language a store view is in (lt,
 * en, ru, any region) wins; only when none is listed, a mapped locale's language (lv, et: LOCALE_MAP)
 * decides. null when nothing matches (the shop stays where it is).
 */
export function storeViewForLanguages(languages: readonly string[]): StoreCode | null {
  for (const tag of languages) {
    const lang = primaryLanguage(tag);
    if (isStoreCode(lang)) return lang;
  }
  for (const tag of languages) {
    const lang = primaryLanguage(tag);
    const locale = Object.keys(LOCALE_MAP).find((l) => primaryLanguage(l) === lang);
    if (locale) return storeViewByLocale(locale).storeCode;
  }
  return null;
}

/**
 * The store view to suggest to a shopper on `current`: the one their browser's languages name when it
 * is another one, and they have not answered a suggestion before; else null. Nothing either when the
 * browser lists the page's language at all, in any place: a shopper on /en whose browser reads
 * Russian first and English second can read the page and most likely chose it. Never a redirect: the
 * URL is the language (search engines, shared links and the page cache all read it).
 */
export function languageSuggestion(
  languages: readonly string[],
  current: StoreCode,
  answered: boolean,
): StoreCode | null {
  if (answered || languages.some((tag) => primaryLanguage(tag) === current)) return null;
  const wanted = storeViewForLanguages(languages);
  return wanted && wanted !== current ? wanted : null;
}

export function isStoreCode(x: unknown): x is StoreCode {
  return x === 'lt' || x === 'en' || x === 'ru';
}

/** The store view of a code; anything unknown or missing is the default store view (lt). */
export function storeViewByCode(code: string | undefined | null): StoreView {
  return isStoreCode(code) ? STORE_VIEWS[code] : STORE_VIEWS[DEFAULT_STORE_CODE];
}

/** The store view whose catalogue index is `index`, or undefined. */
export function storeViewByIndex(index: string): StoreView | undefined {
  return STORE_CODES.map((c) => STORE_VIEWS[c]).find((v) => v.index === index);
}

/** The store view of a locale such as 'lv-LV' (mapped through LOCALE_MAP); unknown → lt. */
export function storeViewByLocale(locale: string | undefined): StoreView {
  const mapped = locale ? LOCALE_MAP[locale] : undefined;
  return STORE_CODES.map((c) => STORE_VIEWS[c]).find((v) => v.locale === mapped) ?? STORE_VIEWS.lt;
}

/**
 * Splits the store prefix off a pathname: '/en/c/laptops' → { storeCode: 'en', rest: '/c/laptops' };
 * '/ru' → { 'ru', '/' }; '/c/laptops' → { 'lt', '/c/laptops' }. Only '/en' and '/ru' are prefixes
 * (Lithuanian lives at the root, catalogue-and-cart.md §2).
 */
export function storeCodeFromPath(pathname: string): { storeCode: StoreCode; rest: string } {
  const path = pathname.startsWith('/') ? pathname : `/${pathname}`;
  const match = /^\/(en|ru)(?=\/|$|\?|#)/.exec(path);
  if (!match) return { storeCode: DEFAULT_STORE_CODE, rest: path };
  const rest = path.slice(match[0].length);
  return { storeCode: match[1] as StoreCode, rest: rest === '' || !rest.startsWith('/') ? `/${rest}` : rest };
}

/** Prefixes a path with the store view's URL prefix: ('en', '/checkout') → '/en/checkout'; ('en', '/') → '/en'. */
export function localizedPath(storeCode: StoreCode, path: string): string {
  const p = path.startsWith('/') ? path : `/${path}`;
  const prefix = STORE_VIEWS[storeCode].urlPrefix;
  if (!prefix) return p;
  if (p === '/') return prefix;
  if (p.startsWith('/?') || p.startsWith('/#')) return prefix + p.slice(1);
  return prefix + p;
}
