// @vitest-environment node
/**
 * The cart and checkout summaries say "Prices include Estonian VAT 24 %" when the
 * server priced the totals for a delivery country whose VAT rate is not the store view's default one,
 * from the totals answer's tax_country_id / tax_rate (never guessed from the address in the form).
 */
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { CartTotals, taxNote } from '../app/components/CartTotals';
import { getT } from '../app/i18n';
import { cartT } from '../app/i18n/cart';
import type { Totals } from '../app/lib/types';

const totals = (over: Partial<Totals>): Totals => ({
  grand_total: 4283,
  subtotal_incl_tax: 3720,
  discount_amount: 0,
  shipping_incl_tax: 409,
  payment_fee: 154,
  tax_amount: 829,
  coupon_code: null,
  items: [],
  total_segments: [
    { code: 'subtotal_incl_tax', title: 'Subtotal', value: 3720 },
    { code: 'grand_total', title: 'Grand total', value: 4283 },
  ],
  tax_country_id: 'EE',
  tax_rate: 24,
  default_tax_country_id: 'LT',
  default_tax_rate: 21,
  cross_border_trade: false,
  free_shipping_from: null,
  free_shipping_remaining: null,
  ...over,
});

describe('the VAT note of the totals', () => {
  it.each([
    ['en', 'Prices include Estonian VAT 24 %'],
    ['lt', 'Kainos su Estijos PVM 24 %'],
    ['ru', 'Цены включают НДС Эстонии 24 %'],
  ] as const)('%s: an Estonian delivery', (store, text) => {
    expect(taxNote(totals({}), cartT(getT(store)))).toBe(text);
  });

  it.each([
    ['the default country', { tax_country_id: 'LT', tax_rate: 21 }],
    ['another country at the same rate (LV 21 %)', { tax_country_id: 'LV', tax_rate: 21 }],
    ['a server that does not say', { tax_country_id: undefined, tax_rate: undefined }],
  ])('none for %s', (_name, over) => {
    expect(taxNote(totals(over), cartT(getT('en')))).toBeNull();
  });

  it('a country without its own text is named by its code', () => {
    expect(taxNote(totals({ tax_country_id: 'PL', tax_rate: 23 }), cartT(getT('en')))).toBe(
      'Prices include the VAT of PL: 23 %',
    );
  });

  it('is shown under the totals', () => {
    const html = renderToStaticMarkup(
      <MemoryRouter initialEntries={['/en/checkout']}>
        <CartTotals totals={totals({})} />
      </MemoryRouter>,
    );
    expect(html).toContain('<p class="totals-tax-note">Prices include Estonian VAT 24 %</p>');
  });
});
