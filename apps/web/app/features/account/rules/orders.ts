import { ORDER_HISTORY_PAGE_SIZE } from '@vitrina/domain';
import type { HistoryOrder } from '../../../lib/types';

/** The history's page in `?page=` (the first when missing or wrong). */
export const pageFrom = (param: string | null) => Math.max(1, Number(param) || 1);

/** How many pages of the history `count` orders fill (at least one). */
export const pageCount = (count: number) => Math.max(1, Math.ceil(count / ORDER_HISTORY_PAGE_SIZE));

/** An order not in the cached first page is looked up in the history, this many per page… */
export const LOOKUP_PAGE_SIZE = 100;
/** …up to this many pages. */
export const LOOKUP_MAX_PAGES = 10;

/** The order of the URL (`/my-account/orders/:orderId`) in a list. */
export const orderIn = (orders: readonly HistoryOrder[], orderId: string) =>
  orders.find((o) => String(o.id) === orderId);

/**
 * The order page's "Ship to" lines: the name, the street, the postcode, city and the country by
 * its name in the page's language (`countryName`; a code it does not know stays as it is).
 */
export const shipToLines = (
  a: NonNullable<HistoryOrder['shipping_address']>,
  countryName: (code: string) => string = (code) => code,
): string[] => [
  [a.firstname, a.lastname].filter(Boolean).join(' '),
  (a.street ?? []).join(' '),
  [a.postcode, a.city, a.countryId ? countryName(a.countryId) : ''].filter(Boolean).join(', '),
];
