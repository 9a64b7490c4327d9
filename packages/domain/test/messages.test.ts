import { describe, expect, it } from 'vitest';
import { MESSAGES, isMessageKey, pluralize, translateMessage, type MessageKey } from '../src/index.ts';

const keys = Object.keys(MESSAGES) as MessageKey[];
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('message catalogue (both specs §8)', () => {
  it('every message has en, lt and ru with the same placeholders', () => {
    for (const k of keys) {
      const m = MESSAGES[k];
      for (const s of ['en', 'lt', 'ru'] as const) expect(m[s].trim().length, `${k}.${s}`).toBeGreaterThan(0);
      expect(placeholders(m.lt), k).toEqual(placeholders(m.en));
      expect(placeholders(m.ru), k).toEqual(placeholders(m.en));
    }
  });

  it('translations are really translated (Lithuanian and Russian differ from English)', () => {
    for (const k of keys.filter((x) => x !== 'totals.defaultCountryMissing')) {
      expect(MESSAGES[k].lt, k).not.toBe(MESSAGES[k].en);
      expect(MESSAGES[k].ru, k).not.toBe(MESSAGES[k].en);
      expect(MESSAGES[k].ru, k).toMatch(/[а-яё]/i);
    }
  });

  it.each([
    ['cart.addedToCart', 'Product has been added to the cart!'],
    ['cart.quantityUpdated', 'Product quantity has been updated!'],
    ['cart.outOfStock', 'The product is out of stock and cannot be added to the cart!'],
    ['cart.priceUnknown', 'Product price is unknown, product cannot be added to the cart!'],
    ['variant.noneAvailable', 'No available product variants'],
    [
      'variant.noSuchConfiguration',
      'No such configuration for the product. Please do choose another combination of attributes.',
    ],
    [
      'catalog.noProductsOffline',
      'No products synchronized for this category. Please come back while online!',
    ],
    ['coupon.incorrect', "You've entered an incorrect coupon code. Please try again."],
    ['error.generic', 'Something went wrong. Try again in a few seconds.'],
    ['validation.required', 'Field is required'],
    ['user.loggedOut', "You're logged out"],
  ] as const)('%s is the spec text', (k, en) => {
    expect(translateMessage(k, 'en')).toBe(en);
  });

  it('interpolates placeholders', () => {
    expect(translateMessage('cart.onlyAvailable', 'en', { maxQuantity: 3 })).toBe(
      'Only 3 products of this type are available!',
    );
    expect(translateMessage('cart.onlyAvailable', 'lt', { maxQuantity: 3 })).toBe(
      'Šios prekės galima užsisakyti tik 3 vnt.!',
    );
    expect(translateMessage('cart.onlyAvailable', 'ru', { maxQuantity: 3 })).toBe(
      'Этого товара доступно только 3 шт.!',
    );
    expect(translateMessage('cart.onlyAvailable', 'en')).toContain('{maxQuantity}');
  });

  it('falls back: English text → its key, unknown text as is, unknown store → lt', () => {
    expect(translateMessage('No available product variants', 'ru')).toBe('Нет доступных вариантов товара');
    expect(translateMessage('Server says {x}', 'en', { x: 'hi' })).toBe('Server says hi');
    expect(translateMessage('validation.required', 'de')).toBe('Laukas privalomas');
    expect(isMessageKey('cart.addedToCart')).toBe(true);
    expect(isMessageKey('toString')).toBe(false);
  });

  it.each([
    ['lt', 1, '1 prekė'],
    ['lt', 3, '3 prekės'],
    ['lt', 10, '10 prekių'],
    ['lt', 21, '21 prekė'],
    ['ru', 1, '1 товар'],
    ['ru', 3, '3 товара'],
    ['ru', 5, '5 товаров'],
    ['en', 1, '1 item'],
    ['en', 2, '2 items'],
  ] as const)('pluralize %s %i → %s', (store, n, out) => {
    const forms = {
      lt: { one: '{count} prekė', few: '{count} prekės', other: '{count} prekių' },
      ru: { one: '{count} товар', few: '{count} товара', many: '{count} товаров', other: '{count} товара' },
      en: { one: '{count} item', other: '{count} items' },
    }[store];
    expect(pluralize(store, n, forms)).toBe(out);
  });
});
