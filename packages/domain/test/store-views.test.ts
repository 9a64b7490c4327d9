import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DEFAULT_STORE_CODE,
  LOCALE_MAP,
  STORE_VIEWS,
  isStoreCode,
  localizedPath,
  storeCodeFromPath,
  storeViewByCode,
  storeViewByIndex,
  storeViewByLocale,
  storeViewForLanguages,
  languageSuggestion,
  type StoreCode,
  staticPagePath,
  staticPageFromSlug,
  SORT_OPTIONS,
  DEFAULT_SORT,
  PRICE_RANGES,
} from '../src/index.ts';

describe('store views (catalogue-and-cart.md §9 "Default store", CONTRACTS.md "Store views")', () => {
  it.each([
    ['lt', 1, 'lt-LT', 'vue_storefront_catalog', ''],
    ['en', 2, 'en-US', 'vue_storefront_catalog_en', '/en'],
    ['ru', 3, 'ru-RU', 'vue_storefront_catalog_ru', '/ru'],
  ] as const)('%s: id %i, locale %s, index %s, prefix "%s"', (code, id, locale, index, prefix) => {
    const v = STORE_VIEWS[code];
    expect(v).toMatchObject({ storeCode: code, storeId: id, locale, index, urlPrefix: prefix });
    expect(v).toMatchObject({
      defaultCountry: 'LT',
      currencyCode: 'EUR',
      priceFormat: { sign: '€', fractionDigits: 2 },
    });
    expect(storeViewByIndex(index)).toBe(v);
    expect(storeViewByCode(code)).toBe(v);
  });

  it('defaults to lt for unknown or missing codes', () => {
    expect(DEFAULT_STORE_CODE).toBe('lt');
    expect(storeViewByCode(undefined).storeCode).toBe('lt');
    expect(storeViewByCode('de').storeCode).toBe('lt');
    expect(storeViewByIndex('nope')).toBeUndefined();
    expect(isStoreCode('ru')).toBe(true);
    expect(isStoreCode('RU')).toBe(false);
  });

  it('maps lv-LV and et-EE to en-US, never to Lithuanian', () => {
    expect(LOCALE_MAP['lv-LV']).toBe('en-US');
    expect(LOCALE_MAP['et-EE']).toBe('en-US');
    expect(storeViewByLocale('et-EE').storeCode).toBe('en');
    expect(storeViewByLocale('ru-RU').storeCode).toBe('ru');
    expect(storeViewByLocale('de-DE').storeCode).toBe('lt');
  });

  it.each<[string[], StoreCode | null]>([
    [['lt-LT', 'en'], 'lt'],
    [['en-GB', 'lt'], 'en'],
    [['ru'], 'ru'],
    // a Latvian or Estonian browser: a store view language it lists wins, in its order
    [['lv-LV', 'lv', 'ru'], 'ru'],
    [['et-EE', 'et', 'en-US', 'ru'], 'en'],
    [['lv-LV', 'lt'], 'lt'],
    // ... else the mapped locale: English, never Lithuanian
    [['lv-LV', 'lv'], 'en'],
    [['et'], 'en'],
    [['LV_lv'], 'en'],
    [['de-DE', 'fr'], null],
    [[], null],
  ])('storeViewForLanguages(%j) = %s', (languages, store) => {
    expect(storeViewForLanguages(languages)).toBe(store);
  });

  it('suggests another store view once, never the current one', () => {
    expect(languageSuggestion(['lv-LV'], 'lt', false)).toBe('en');
    expect(languageSuggestion(['lv-LV'], 'en', false)).toBeNull();
    expect(languageSuggestion(['lv-LV'], 'lt', true)).toBeNull();
    expect(languageSuggestion(['lt-LT'], 'lt', false)).toBeNull();
    expect(languageSuggestion(['de'], 'ru', false)).toBeNull();
  });

  it.each<[string[], StoreCode, StoreCode | null]>([
    // the page's language anywhere in the browser's list: nothing to suggest
    [['ru-RU', 'en-US'], 'en', null],
    [['en-GB', 'lt'], 'lt', null],
    [['lv-LV', 'ru', 'en'], 'en', null],
    // a browser that does not list the page's language: its own first store view
    [['ru-RU', 'en-US'], 'lt', 'ru'],
    [['en-US'], 'ru', 'en'],
    [['lt'], 'en', 'lt'],
    [['lv-LV'], 'ru', 'en'],
  ])('languageSuggestion(%j) on %s = %s', (languages, current, wanted) => {
    expect(languageSuggestion(languages, current, false)).toBe(wanted);
  });

  it.each([
    ['/en/c/laptops', 'en', '/c/laptops'],
    ['/en', 'en', '/'],
    ['/en/', 'en', '/'],
    ['/ru?x=1', 'ru', '/?x=1'],
    ['/c/laptops', 'lt', '/c/laptops'],
    ['/english', 'lt', '/english'],
    ['/', 'lt', '/'],
    ['checkout', 'lt', '/checkout'],
  ])('storeCodeFromPath(%s) → %s %s', (path, code, rest) => {
    expect(storeCodeFromPath(path)).toEqual({ storeCode: code, rest });
  });

  it.each([
    ['lt', '/checkout', '/checkout'],
    ['en', '/checkout', '/en/checkout'],
    ['en', '/', '/en'],
    ['ru', 'c/tv', '/ru/c/tv'],
  ] as const)('localizedPath(%s, %s) → %s', (code, path, out) => {
    expect(localizedPath(code, path)).toBe(out);
  });

  it('localizedPath and storeCodeFromPath round-trip', () => {
    const segment = fc.stringMatching(/^[a-z0-9-]{1,8}$/).filter((x) => x !== 'en' && x !== 'ru');
    fc.assert(
      fc.property(
        fc.constantFrom('lt' as const, 'en' as const, 'ru' as const),
        fc.array(segment, { maxLength: 4 }),
        (code, segs) => {
          const path = `/${segs.join('/')}`;
          expect(storeCodeFromPath(localizedPath(code, path))).toEqual({ storeCode: code, rest: path });
        },
      ),
    );
  });

  it('static pages use Lithuanian slugs in lt (accounts-checkout-routes.md §2)', () => {
    expect(staticPagePath('about-us', 'lt')).toBe('/apie-mus');
    expect(staticPagePath('about-us', 'en')).toBe('/en/about-us');
    expect(staticPagePath('return-policy', 'ru')).toBe('/ru/return-policy');
    expect(staticPageFromSlug('prekiu-grazinimas')).toBe('return-policy');
    expect(staticPageFromSlug('/delivery/')).toBe('delivery');
    expect(staticPageFromSlug('nope')).toBeUndefined();
  });
});

describe('constants (§9)', () => {
  it('sort options and price ranges', () => {
    expect(SORT_OPTIONS.map((o) => o.value)).toEqual([
      'updated_at:desc',
      'final_price:asc',
      'final_price:desc',
      'total_qty:desc',
      'total_qty:asc',
      'is_promoted:desc',
    ]);
    expect(DEFAULT_SORT).toBe('is_promoted:desc');
    expect(PRICE_RANGES).toEqual([
      { from: 0, to: 50 },
      { from: 50, to: 100 },
      { from: 100, to: 150 },
      { from: 150, to: null },
    ]);
  });
});
