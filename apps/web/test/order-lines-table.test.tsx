// @vitest-environment jsdom
// A placed order's lines and totals (the thank-you page and the account's order page): every part of
// the grand total named, as the checkout's summary named it before the order.
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { StoreCode, TotalAmounts } from '@vitrina/domain';
import { OrderLinesTable } from '../app/components/OrderLinesTable';

afterEach(cleanup);

const PREFIX: Record<StoreCode, string> = { lt: '', en: '/en', ru: '/ru' };
const line = { sku: 'LNV-1', name: 'Lenovo ThinkPad T14', qty: 1, row_total_incl_tax: 124_999 };
const amounts = (over: Partial<TotalAmounts>): TotalAmounts => ({
  subtotal_incl_tax: 124_999,
  shipping_incl_tax: 0,
  payment_fee: 0,
  discount_amount: 0,
  tax_amount: 21_694,
  grand_total: 124_999,
  coupon_code: null,
  ...over,
});

function footRows(totals: TotalAmounts, store: StoreCode = 'en'): string[][] {
  const { container } = render(
    <MemoryRouter initialEntries={[`${PREFIX[store]}/order-completed`]}>
      <OrderLinesTable items={[line]} totals={totals} caption="Lines" />
    </MemoryRouter>,
  );
  return [...container.querySelectorAll('tfoot tr')].map((tr) =>
    [...tr.children].map((cell) => cell.textContent!.replace(/\u00a0/g, ' ')),
  );
}

describe('a placed order names every part of its grand total', () => {
  it.each([
    [
      'cash on delivery: free shipping and the collection fee',
      amounts({ payment_fee: 300, tax_amount: 21_746, grand_total: 125_299 }),
      [
        ['Subtotal', '1,249.99 €'],
        ['Shipping', 'Free'],
        ['Payment fee', '3.00 €'],
        ['Including VAT', '217.46 €'],
        ['Grand total', '1,252.99 €'],
      ],
    ],
    [
      'a coupon and paid shipping',
      amounts({
        shipping_incl_tax: 499,
        discount_amount: 12_500,
        coupon_code: 'SAVE10',
        tax_amount: 19_638,
        grand_total: 112_998,
      }),
      [
        ['Subtotal', '1,249.99 €'],
        ['Shipping', '4.99 €'],
        ['Discount', '-125.00 €'],
        ['Including VAT', '196.38 €'],
        ['Grand total', '1,129.98 €'],
      ],
    ],
  ])('%s', (_, totals, rows) => {
    expect(footRows(totals)).toEqual(rows);
    // the parts add up to what was charged
    expect(
      totals.subtotal_incl_tax + totals.shipping_incl_tax + totals.payment_fee - totals.discount_amount,
    ).toBe(totals.grand_total);
  });

  it("in the page's language", () => {
    expect(footRows(amounts({ payment_fee: 300, grand_total: 125_299 }), 'lt').map((r) => r[0])).toEqual([
      'Tarpinė suma',
      'Pristatymas',
      'Mokėjimo mokestis',
      'Iš jų PVM',
      'Iš viso',
    ]);
  });
});
