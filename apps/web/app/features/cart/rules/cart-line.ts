import type { StoreCode } from '@vitrina/domain';
import { imageUrl, productPath } from '../../../lib/urls';
import type { CartItem, CartState } from '../../../state/cart';

/** The mini cart's thumbnail of a line: 150 × 150, or none (a placeholder is shown). */
export const lineThumb = (item: Pick<CartItem, 'image'>) => imageUrl(item.image, 150, 150);

/**
 * The link back to a line's product page: the parent's page, with the child chosen when the line is
 * a configuration of it; none for a line that does not know its product's page.
 */
export function lineHref(storeCode: StoreCode, item: CartItem): string | null {
  if (!item.parentSku || !item.slug) return null;
  return productPath(
    storeCode,
    { sku: item.parentSku, slug: item.slug },
    item.parentSku !== item.sku ? item.sku : null,
  );
}

/** A line bought as a child of a configurable product is edited through its parent (cart edit mode). */
export const editable = (item: CartItem) =>
  Boolean(item.parentSku && item.product_option?.extension_attributes?.configurable_item_options?.length);

/** Totals can be computed: lines synced to a server cart whose totals arrived (spec §5 "Coupon apply"). */
export const totalsComputable = (s: CartState) =>
  Boolean(s.cartServerToken && s.items.length > 0 && s.totals);
