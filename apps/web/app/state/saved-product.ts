import type { Product } from '../lib/types';
import { imageUrl, productPath } from '../lib/urls';
import { joinSavedLists, sanitizeSavedList, type StoreCode } from '@vitrina/domain';
import type { StoreOptions } from './store';

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

/** A saved list's items as the device holds them: `{ items }`, or the bare array of earlier versions. */
const savedItems = (raw: unknown): SavedProduct[] =>
  sanitizeSavedList<SavedProduct>(Array.isArray(raw) ? raw : (raw as { items?: unknown } | null)?.items);

/** Two tabs' copies of a list joined three-way, at most `max` products. */
type JoinLists = (
  base: readonly SavedProduct[],
  mine: readonly SavedProduct[],
  theirs: readonly SavedProduct[],
  max?: number,
) => SavedProduct[];

/**
 * How a list of products (wish list, compare, recently viewed) is kept on the device and shared
 * between tabs: as `{ items }`, which the store's revision sits beside; read back from that or from
 * the bare array earlier versions wrote; two tabs' concurrent changes joined (`joinSavedLists` by
 * default), so a product saved in one tab is not dropped by another tab's write made from an older copy.
 */
export function savedListSharing<P extends SavedProduct>(
  read: (items: SavedProduct[]) => P[],
  max?: number,
  join: JoinLists = joinSavedLists,
): Pick<StoreOptions<P[]>, 'serialize' | 'deserialize' | 'rebase'> {
  return {
    serialize: (items) => ({ items }),
    deserialize: (raw) => read(savedItems(raw)),
    rebase: (mine, base, theirs) => ({
      items: join(savedItems(base), savedItems(mine), savedItems(theirs), max),
    }),
  };
}
