import type { StoreCode } from '@vitrina/domain';
import { describe, expect, it } from 'vitest';
import { loadApiConfig } from '../src/config.ts';
import { totalsOf, type PricedLine } from '../src/cart/pricing.ts';

// catalogue-and-cart.md "Price rules": the tax country is the shipping address's country, else the
// store view's default tax country (LT), else PL.
const rules = [
  {
    tax_class_id: 1,
    product_tax_class_ids: [2],
    rates: [
      { rate: 21, tax_country_id: 'LT', tax_region_id: 0, region_name: '' },
      { rate: 23, tax_country_id: 'PL', tax_region_id: 0, region_name: '' },
      { rate: 25, tax_country_id: 'LV', tax_region_id: 0, region_name: '' },
    ],
  },
] as unknown as Parameters<typeof totalsOf>[1];

const line: PricedLine = {
  item_id: 1,
  sku: 'A',
  qty: 1,
  name: 'A',
  product_id: 1,
  product_type: 'simple',
  parent_sku: null,
  product_option: null,
  bundle_picks: null,
  price_incl_tax: 12100,
  tax_class_id: 2,
  // the line's own rate: used only when no rule matches the country
  tax_percent: 0,
};

const taxOf = (countryId: string | null, storeCode: StoreCode = 'en') =>
  totalsOf(loadApiConfig({}), rules, {
    lines: [line],
    coupon: undefined,
    shippingMethod: undefined,
    paymentMethod: undefined,
    countryId,
    storeCode,
    now: new Date('2026-01-01T00:00:00Z'),
  }).tax_amount;

describe('cart totals tax country', () => {
  it.each([
    ['the shipping address country (PL)', 'PL', Math.round(12100 - 12100 / 1.23)],
    ['the shipping address country (LV)', 'LV', Math.round(12100 - 12100 / 1.25)],
    ['no address: the store view default (LT)', null, 2100],
    ['an empty country: the store view default (LT)', '', 2100],
  ])('%s', (_name, country, tax) => {
    expect(taxOf(country)).toBe(tax);
  });

  it('a store view without a configured default country: PL, the last fallback', () => {
    expect(taxOf(null, 'xx' as StoreCode)).toBe(Math.round(12100 - 12100 / 1.23));
    expect(taxOf('LV', 'xx' as StoreCode)).toBe(Math.round(12100 - 12100 / 1.25));
  });
});
