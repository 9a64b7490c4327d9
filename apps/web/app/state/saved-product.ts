import type { Product } from '../lib/types';
import { imageUrl, productPath } from '../lib/urls';
import type { StoreCode } from '@vitrina/domain';

/**
 * What the wish list and the compare list keep of a product on the device: enough to show a card and
 * link back. The compare page loads the current documents by sku for the attribute table.
 */
export interface SavedProduct {
  sku: string;
  id?: number;
  name: string;
  type_id?: string;
  /** Product page path in the store view it was saved in. */
  path: string;
  image?: string | null;
  /** cents incl. tax, at the time it was saved (for display only) */
  price?: number | null;
  regular?: number | null;
  /** the parent sku and slug, to rebuild the path in another store view */
  slug?: string;
}

export function toSavedProduct(storeCode: StoreCode, p: Product): SavedProduct {
  return {
    sku: p.sku,
    id: p.id,
    name: p.name,
    type_id: p.type_id,
    slug: p.slug,
    path: productPath(storeCode, p),
    image: imageUrl(p.image, 150, 150),
    price: p.final_price_incl_tax ?? null,
    regular: p.price_incl_tax ?? null,
  };
}
