/**
 * A product's images as the back office's form lists them: the main image first, then the gallery,
 * each with its alt text per store view (`label`, kept in the gallery entry). A save sends the list
 * back as `image` (the first) and `media_gallery` (all of them, in order) through the product save,
 * so the import file's rules, the re-index of that product, the audit row and the webhook event
 * apply as to any other field (catalog/admin-products.ts).
 */
import type { StoreCode } from '@vitrina/domain';

export type FormImage = { image: string; label: Partial<Record<StoreCode, string>> };

type Stored = { image: string | null; media_gallery: { image: string; label?: unknown }[] | null };

/**
 * The images in the order the storefront shows them. A configurable child's image that is only its
 * parent's (the importer gives a child without one its parent's) is not the child's own.
 */
export function formImages(row: Stored, parent?: Stored): FormImage[] {
  const gallery = row.media_gallery ?? [];
  const inherited = parent !== undefined && row.image === parent.image && gallery.length === 0;
  const out: FormImage[] = [];
  const labelOf = (image: string) => {
    const label = gallery.find((m) => m.image === image)?.label;
    return label && typeof label === 'object' ? (label as FormImage['label']) : {};
  };
  for (const image of [inherited ? null : row.image, ...gallery.map((m) => m.image)])
    if (image && !out.some((o) => o.image === image)) out.push({ image, label: labelOf(image) });
  return out;
}
