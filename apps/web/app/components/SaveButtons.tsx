import { memo } from 'react';
import { useT } from '../i18n';
import type { Product } from '../lib/types';
import { compare, useInCompare } from '../state/compare';
import { toSavedProduct } from '../state/saved-product';
import { useInWishlist, wishlist } from '../state/wishlist';

/**
 * Wish list and compare toggles of a product (accounts-checkout-routes.md §1 "keep a wish list and
 * compare products"). Toggle buttons: aria-pressed tells whether the product is in the list. A
 * compact one (a card's icon) is named by its title, which is its tooltip too; a full one by its
 * label, its short word shown. Not both: on a category page that was 24 names written twice.
 * Memoised: the product page's grade choice and add to the cart keep its product (the lists' state is
 * read by its own hooks). The icons (a heart, filled when pressed; bars, bolder when pressed) are an
 * inline `svg` and `path` each, not a CSS mask's SVG image: each SVG image is a document of its own
 * (page, frame, parse, style, layout), made within the page's first style recalc, ~4-5 ms of thread
 * each at 1× (record 0151); two elements a button cost far less.
 */
export const SaveButtons = memo(function SaveButtons({
  product,
  compact = false,
}: {
  product: Product;
  compact?: boolean;
}) {
  const t = useT();
  const inWishlist = useInWishlist(product.sku);
  const inCompare = useInCompare(product.sku);
  const saved = () => toSavedProduct(t.storeCode, product);
  const wishLabel = inWishlist
    ? t('wishlist.remove', { name: product.name })
    : t('wishlist.add', { name: product.name });
  const compareLabel = inCompare
    ? t('compare.remove', { name: product.name })
    : t('compare.add', { name: product.name });
  return (
    <div className={compact ? 'save-buttons save-compact' : 'save-buttons'}>
      <button
        type="button"
        className="btn btn-save btn-wish"
        aria-pressed={inWishlist}
        {...(compact ? { title: wishLabel } : { 'aria-label': wishLabel })}
        onClick={() => wishlist.toggle(saved())}
      >
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24">
          <path
            d="M12 21s-7.5-4.6-9.5-9.2C1 8.3 3.2 4.5 6.8 4.5c2.1 0 3.6 1.1 5.2 3 1.6-1.9 3.1-3 5.2-3 3.6 0 5.8 3.8 4.3 7.3C19.5 16.4 12 21 12 21z"
            fill={inWishlist ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="2"
          />
        </svg>
        {compact ? null : <span aria-hidden="true">{t('wishlist.short')}</span>}
      </button>
      <button
        type="button"
        className="btn btn-save btn-compare"
        aria-pressed={inCompare}
        {...(compact ? { title: compareLabel } : { 'aria-label': compareLabel })}
        onClick={() => compare.toggle(saved())}
      >
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24">
          <path
            d="M5 20V10M12 20V4M19 20v-7"
            fill="none"
            stroke="currentColor"
            strokeWidth={inCompare ? 4 : 2}
          />
        </svg>
        {compact ? null : <span aria-hidden="true">{t('compare.short')}</span>}
      </button>
    </div>
  );
});
