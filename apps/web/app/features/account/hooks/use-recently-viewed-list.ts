import { useRecentlyViewed } from '../../../state/recently-viewed';

/** Recently viewed products (kept in this browser, fed by the product page), newest first. */
export function useRecentlyViewedList() {
  return { products: useRecentlyViewed() };
}

export type RecentlyViewedModel = ReturnType<typeof useRecentlyViewedList>;
