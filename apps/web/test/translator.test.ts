import { describe, expect, it } from 'vitest';
import { getT, setShopFacts } from '../app/i18n';

/**
 * The translator: a text as the dictionary has it, its placeholders filled from the call's values and
 * the shop's own facts (the call's first), a counted text in the language's plural form. A text with
 * no placeholder is returned as it is (a listing's render asks for a few hundred of them).
 */
describe('the translator', () => {
  it('fills the placeholders from the call and the shop, chooses the plural form, returns a plain text as it is', () => {
    const t = getT('en');
    expect(t('header.account')).toBe('My account');
    expect(t('card.lowStock', { count: 2 })).toBe('Only 2 left');
    expect(t('listing.products', { count: 1 })).toBe('1 product');
    expect(t('listing.products', { count: 5 })).toBe('5 products');
    // without a count, the form of 0
    expect(t('listing.products')).toBe('{count} products');
    setShopFacts('en', { name: 'Testshop', money_back_days: 30, delivery_days: { min: 1, max: 3 } } as never);
    expect(t('site.name')).toBe('Testshop');
    // the call's value before the shop's
    expect(t('site.name', { shop: 'Other' })).toBe('Other');
  });
});
