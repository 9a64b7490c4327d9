// The gallery of a configurable product shows only the chosen variant's images.

type GalleryEntry = { image: string; label?: string | null };

interface ImageVariant {
  sku: string;
  image?: string | null;
  /** the variant's own photos after its image (a condition grade's: the catalogue gives them per child) */
  media_gallery?: readonly GalleryEntry[] | null;
}

interface ImageProduct {
  image?: string | null;
  media_gallery?: readonly GalleryEntry[] | null;
  configurable_children?: readonly ImageVariant[] | null;
}

/** a variant's own images: its image, then its gallery */
const ownImages = (v: ImageVariant): string[] =>
  [v.image, ...(v.media_gallery ?? []).map((m) => m.image)].filter((i): i is string => !!i);

/**
 * The images to show, first the one to open with: the variant's own images (its image, then its
 * gallery: a grade's photos of the very unit), then the product's image and gallery without the
 * images that belong to the product's other variants (a blue phone's page shows no photo of the red
 * one, a grade B page none of grade C's scratches). Without a variant: the product's image and
 * gallery. No duplicates.
 */
export function variantImages(product: ImageProduct, variant: ImageVariant | null): string[] {
  const others = new Set<string>();
  const own = variant ? ownImages(variant) : [];
  if (variant) {
    for (const c of product.configurable_children ?? [])
      if (c.sku !== variant.sku) for (const img of ownImages(c)) if (!own.includes(img)) others.add(img);
  }
  const all = [...own, product.image, ...(product.media_gallery ?? []).map((m) => m.image)];
  const out: string[] = [];
  for (const img of all) if (img && !others.has(img) && !out.includes(img)) out.push(img);
  // a variant without its own image, on a product whose images all show other variants: the product's
  if (!out.length && product.image) out.push(product.image);
  return out;
}

/**
 * The alt text of each image that has one (the back office's per store view, already picked for
 * the page's store view): the variants' galleries and the product's.
 */
export function imageLabels(product: ImageProduct): Record<string, string> {
  const out: Record<string, string> = {};
  const add = (list: readonly GalleryEntry[] | null | undefined) => {
    for (const m of list ?? []) if (m.label && !out[m.image]) out[m.image] = m.label;
  };
  for (const c of product.configurable_children ?? []) add(c.media_gallery);
  add(product.media_gallery);
  return out;
}
