// "Show more" on a listing (catalogue-and-cart.md §2 "Screen behaviour, product listing: ... paging,
// and a count of products loaded (kept for back navigation)"): the products loaded travel in the
// URL with the page, so a reload, a shared link or the back button shows the same products.

/** the query parameter holding how many products are loaded (a system parameter, never a filter) */
export const LOADED_PARAM = 'loaded';

/** at most this many pages are loaded at once: beyond, the page links take over */
export const LOADED_MAX_PAGES = 8;

export interface ListingWindow {
  /** the first product's offset */
  from: number;
  /** how many products are loaded (pages × page size, the last page possibly short) */
  size: number;
  /** the first page of the loaded ones */
  firstPage: number;
}

/**
 * The products a listing shows: page `page` and, when "Show more" loaded them, the pages before it
 * back to `loaded` products (read from the URL: whole pages, at least one, at most LOADED_MAX_PAGES
 * and never before the first page). `maxFrom` caps the offset as the search does.
 */
export function listingWindow(
  page: number,
  loaded: number | null,
  pageSize: number,
  maxFrom = Number.MAX_SAFE_INTEGER,
): ListingWindow {
  const p = Math.max(1, Math.floor(page) || 1);
  const wanted = loaded && Number.isFinite(loaded) ? Math.ceil(loaded / pageSize) : 1;
  const pages = Math.max(1, Math.min(wanted, LOADED_MAX_PAGES, p));
  const firstPage = p - pages + 1;
  const from = Math.min((firstPage - 1) * pageSize, maxFrom);
  return { from, size: pages * pageSize, firstPage };
}

/**
 * The "Show more" target: the next page, with the loaded count one page larger (the window then
 * starts where it started); null on the last page. Without JavaScript it is an ordinary link.
 */
export function showMoreParams(
  page: number,
  loaded: number | null,
  pageSize: number,
  total: number,
): { page: number; loaded: number } | null {
  const w = listingWindow(page, loaded, pageSize);
  const p = w.firstPage + w.size / pageSize - 1;
  if (p * pageSize >= total) return null;
  const pages = w.size / pageSize + 1;
  // past the cap the window slides: the first loaded page moves on
  return { page: p + 1, loaded: Math.min(pages, LOADED_MAX_PAGES) * pageSize };
}
