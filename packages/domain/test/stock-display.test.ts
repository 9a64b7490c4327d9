import { describe, expect, it } from 'vitest';
import { LOW_STOCK_DISPLAY_QTY, lowStockQty, specialPriceUntil, stockLevel } from '../src/index.ts';

describe('lowStockQty ("Only N products of this type are available!")', () => {
  it.each([
    [{ is_in_stock: true, qty: 3 }, 3],
    [{ is_in_stock: true, qty: LOW_STOCK_DISPLAY_QTY }, LOW_STOCK_DISPLAY_QTY],
    [{ is_in_stock: true, qty: LOW_STOCK_DISPLAY_QTY + 1 }, null],
    [{ is_in_stock: true, qty: 0 }, null],
    [{ is_in_stock: false, qty: 2 }, null],
    [{ is_in_stock: true, qty: 2, manage_stock: false }, null],
    [{ is_in_stock: true, qty: 2.5 }, null],
    [null, null],
  ])('%j → %s', (stock, expected) => {
    expect(lowStockQty(stock)).toBe(expected);
  });
});

describe('stockLevel (the stock line of cards and the product page)', () => {
  it.each([
    [{ is_in_stock: true, qty: 40 }, 'in'],
    [{ is_in_stock: true, qty: 3 }, 'low'],
    [{ is_in_stock: true, qty: LOW_STOCK_DISPLAY_QTY }, 'low'],
    [{ is_in_stock: true, qty: 0 }, 'out'], // managed, none left
    [{ is_in_stock: false, qty: 2 }, 'out'],
    [{ is_in_stock: true, qty: 2, manage_stock: false }, 'in'],
    [null, 'in'], // unknown: the cart checks it when added
  ] as const)('%j → %s', (stock, expected) => {
    expect(stockLevel(stock)).toBe(expected);
  });
});

describe('specialPriceUntil', () => {
  it.each([
    [{ special_price: 900, special_to_date: '2026-12-31T21:59:59.000Z' }, '2026-12-31'],
    // the shop's time zone (Vilnius, UTC+2 in winter) decides the calendar day
    [{ special_price: 900, special_to_date: '2026-12-31T22:30:00.000Z' }, '2027-01-01'],
    [{ special_price: null, special_to_date: '2026-12-31T00:00:00.000Z' }, null],
    [{ special_price: 900, special_to_date: null }, null],
  ])('%j → %s', (p, expected) => {
    expect(specialPriceUntil(p)).toBe(expected);
  });
});
