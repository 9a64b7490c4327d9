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

/** catalogue-and-cart.md §9 "Locales": en-US, lt-LT, ru-RU, also lv-LV and et-EE mapped (to lt-LT). */
export const LOCALE_MAP: Readonly<Record<string, StoreLocale>> = {
  'lt-LT': 'lt-LT',
  'en-US': 'en-US',
  'ru-RU': 'ru-RU',
  'lv-LV': 'lt-LT',
  'et-EE': 'lt-LT',
};

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
