// What the product page says about stock and a special price (the stock status and 'Only N …', a
// special price with its window); the message is catalogue-and-cart.md §8 "Only
// {maxQuantity} products of this type are available!".
import { STORE_TIME_ZONE } from '../base/index.ts';
import { calendarDay } from '../base/index.ts';
import { stockStatus, type StockInfo } from './product-validation.ts';

/** From this many units down the product page says how many are left (a shop setting). */
export const LOW_STOCK_DISPLAY_QTY = 5;

/**
 * The quantity to announce as "Only N …": in stock, stock managed, and at most the threshold;
 * null otherwise (unmanaged stock has no meaningful count).
 */
export function lowStockQty(
  stock:
    { is_in_stock?: boolean | null; qty?: number | null; manage_stock?: boolean | null } | null | undefined,
  threshold: number = LOW_STOCK_DISPLAY_QTY,
): number | null {
  if (!stock || stock.is_in_stock === false || stock.manage_stock === false) return null;
  const qty = stock.qty;
  return typeof qty === 'number' && Number.isInteger(qty) && qty > 0 && qty <= threshold ? qty : null;
}

/**
 * A stock count as a rendered page shows it: the count itself up to the threshold ("Only 3 left"),
 * above it only that there are more. The page cache keeps a page while this is unchanged
 * (product_index.page_rev), so an order that leaves a product well stocked re-renders nothing.
 */
export function shownStockQty(qty: number): number | 'more' {
  return qty > LOW_STOCK_DISPLAY_QTY ? 'more' : qty;
}

/**
 * The stock line's level (one for cards and the product page): `out` when it
 * cannot be bought, `low` when a count is announced ("Only 3 left"), otherwise `in` (also unmanaged
 * or unknown stock, which the cart checks when added).
 */
export type StockLevel = 'in' | 'low' | 'out';
export function stockLevel(stock: StockInfo | null | undefined): StockLevel {
  if (stockStatus(stock) === 'out_of_stock') return 'out';
  return lowStockQty(stock) === null ? 'in' : 'low';
}

/**
 * The last calendar day (YYYY-MM-DD, shop time zone) of an active special price, or null when no
 * special price applies (the API sends special_price null then) or it has no end date.
 */
export function specialPriceUntil(
  p: { special_price?: number | null; special_to_date?: string | Date | null },
  timeZone: string = STORE_TIME_ZONE,
): string | null {
  if (p.special_price == null || !p.special_to_date) return null;
  return calendarDay(p.special_to_date, timeZone);
}
