import { grossFor, type StoreCode } from '@vitrina/domain';
import { describe, expect, it } from 'vitest';
import { loadApiConfig } from '../src/config.ts';
import { lineTaxRate, taxPricing, totalsOf, type PricedLine, type TaxPricing } from '../src/cart/pricing.ts';

// catalogue-and-cart.md "Price rules": the tax country is the shipping address's country, else the
// store view's default tax country (LT), else PL. with CROSS_BORDER_TRADE off (the
// default) a net price of 100.00 is charged with that country's rate; with it on, every country pays
// the LT gross (121.00) and only the VAT contained in it follows the country (the behaviour before).
const rules = [
  {
    product_tax_class_ids: [2],
    customer_tax_class_ids: [3],
    rates: [
      { rate: 21, tax_country_id: 'LT', tax_region_id: 0, region_name: '' },
      { rate: 23, tax_country_id: 'PL', tax_region_id: 0, region_name: '' },
      { rate: 25, tax_country_id: 'LV', tax_region_id: 0, region_name: '' },
    ],
  },
];

/** the line of a product of 100.00 net as priceLines prices it for a destination */
const lineFor = (tax: TaxPricing): PricedLine => ({
  item_id: 1,
  sku: 'A',
  qty: 1,
  name: 'A',
  product_id: 1,
  product_type: 'simple',
  parent_sku: null,
  product_option: null,
  bundle_picks: null,
  price: 10000,
  price_incl_tax: grossFor(10000, tax.taxRules, 2, tax.destination),
  tax_class_id: 2,
  // the rate the document was listed with: used under CROSS_BORDER_TRADE when no rule matches the country
  tax_rate_percent: lineTaxRate(tax, 2, 0),
});

const totals = (countryId: string | null, crossBorderTrade: boolean, storeCode: StoreCode = 'en') => {
  const config = loadApiConfig({ CROSS_BORDER_TRADE: String(crossBorderTrade) });
  const tax = taxPricing(config, rules, storeCode, countryId);
  return totalsOf(config, tax, {
    lines: [lineFor(tax)],
    coupon: undefined,
    shippingMethod: undefined,
    paymentMethod: undefined,
    storeCode,
    now: new Date('2026-01-01T00:00:00Z'),
  });
};

describe('cart totals tax country, CROSS_BORDER_TRADE off (default): net × (1 + the country\'s rate)', () => {
  it.each([
    ['the shipping address country (PL)', 'PL', 12300, 2300],
    ['the shipping address country (LV)', 'LV', 12500, 2500],
    ['no address: the store view default (LT)', null, 12100, 2100],
    ['an empty country: the store view default (LT)', '', 12100, 2100],
  ])('%s', (_name, country, grand, tax) => {
    expect(totals(country, false)).toMatchObject({ grand_total: grand, tax_amount: tax });
  });

  it('is the default', () => {
    expect(loadApiConfig({}).crossBorderTrade).toBe(false);
  });

  it('a store view without a configured default country: PL, the last fallback', () => {
    expect(totals(null, false, 'xx' as StoreCode)).toMatchObject({ grand_total: 12300, tax_amount: 2300, tax_country_id: 'PL' });
    expect(totals('LV', false, 'xx' as StoreCode)).toMatchObject({ grand_total: 12500, tax_amount: 2500 });
  });
});

describe('cart totals tax country, CROSS_BORDER_TRADE=true: the LT gross, the VAT contained by country', () => {
  it.each([
    ['the shipping address country (PL)', 'PL', Math.round(12100 - 12100 / 1.23)],
    ['the shipping address country (LV)', 'LV', Math.round(12100 - 12100 / 1.25)],
    ['no address: the store view default (LT)', null, 2100],
    ['an empty country: the store view default (LT)', '', 2100],
  ])('%s', (_name, country, tax) => {
    expect(totals(country, true)).toMatchObject({ grand_total: 12100, tax_amount: tax });
  });
});
