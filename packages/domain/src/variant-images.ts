// The gallery of a configurable product shows only the chosen variant's images.

interface ImageProduct {
  image?: string | null;
  media_gallery?: readonly { image: string }[] | null;
  configurable_children?: readonly { sku: string; image?: string | null }[] | null;
}

/**
 * The images to show, first the one to open with: the variant's own image, then the product's image
 * and gallery without the images that belong to the product's other variants (a blue phone's page
 * shows no photo of the red one). Without a variant: the product's image and gallery. No duplicates.
 */
export function variantImages(
  product: ImageProduct,
  variant: { sku: string; image?: string | null } | null,
): string[] {
  const others = new Set<string>();
  if (variant) {
    const own = variant.image ?? null;
    for (const c of product.configurable_children ?? [])
      if (c.sku !== variant.sku && c.image && c.image !== own) others.add(c.image);
  }
  const all = [variant?.image, product.image, ...(product.media_gallery ?? []).map((m) => m.image)];
  const out: string[] = [];
  for (const img of all) if (img && !others.has(img) && !out.includes(img)) out.push(img);
  // a variant without its own image, on a product whose images all show other variants: the product's
  if (!out.length && product.image) out.push(product.image);
  return out;
}
