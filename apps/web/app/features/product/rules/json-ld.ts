import { centsToDecimalString } from '@vitrina/domain';
import type { ConfigurableChild, Product } from '../../../lib/types';
import { plainText, truncate } from '../../../lib/text';
import { imageUrl } from '../../../lib/urls';

/** The parts of the product's structured data that do not depend on the variant shown (productJsonLd). */
export interface ProductJsonLdBase {
  mpn?: string;
  brand?: { '@type': 'Brand'; name: string };
  image?: string[];
  description: string;
}

/**
 * The variant-independent part of productJsonLd: the images and the description made plain, the
 * costliest part (the description's HTML is read whole), made once per product, not at every grade.
 */
export function productJsonLdBase(product: Product, origin: string): ProductJsonLdBase {
  const abs = (p: string | null) => (p ? (p.startsWith('http') ? p : `${origin}${p}`) : null);
  const images = [product.image, ...(product.media_gallery ?? []).map((m) => m.image)]
    .map((i) => abs(imageUrl(i, 452, 452)))
    .filter((i): i is string => Boolean(i));
  return {
    ...(product.mpn ? { mpn: product.mpn } : {}),
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
    ...(images.length ? { image: [...new Set(images)] } : {}),
    description: truncate(plainText(product.description || product.short_description), 5000),
  };
}

/** The product's schema.org Product (structured data) for the variant shown, absolute URLs from `origin`. */
export function productJsonLd(
  product: Product,
  variant: ConfigurableChild | null,
  url: string,
  origin: string,
  base: ProductJsonLdBase = productJsonLdBase(product, origin),
): Record<string, unknown> {
  const price = variant?.final_price_incl_tax ?? product.final_price_incl_tax;
  const inStock = (variant?.stock ?? product.stock)?.is_in_stock !== false;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: variant?.sku ?? product.sku,
    ...base,
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: 'EUR',
      // Structured data carries euros: cents divided by 100.
      price: centsToDecimalString(price),
      availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    },
  };
}
