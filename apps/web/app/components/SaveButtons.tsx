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
 * read by its own hooks). The icons (a heart, filled when pressed; bars, bolder when pressed) are the
 * buttons' `::before` (styles.css), not an `svg` and a `path` each: a listing's card has two, and a
 * filter's tick makes most cards anew.
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
        {compact ? null : <span aria-hidden="true">{t('wishlist.short')}</span>}
      </button>
      <button
        type="button"
        className="btn btn-save btn-compare"
        aria-pressed={inCompare}
        {...(compact ? { title: compareLabel } : { 'aria-label': compareLabel })}
        onClick={() => compare.toggle(saved())}
      >
        {compact ? null : <span aria-hidden="true">{t('compare.short')}</span>}
      </button>
    </div>
  );
});
