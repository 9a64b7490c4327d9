import { centsToDecimalString } from '@vitrina/domain';
import type { ConfigurableChild, Product } from '../../../lib/types';
import { plainText, truncate } from '../../../lib/text';
import { imageUrl } from '../../../lib/urls';

/** The product's schema.org Product (structured data) for the variant shown, absolute URLs from `origin`. */
export function productJsonLd(
  product: Product,
  variant: ConfigurableChild | null,
  url: string,
  origin: string,
): Record<string, unknown> {
  const price = variant?.final_price_incl_tax ?? product.final_price_incl_tax;
  const inStock = (variant?.stock ?? product.stock)?.is_in_stock !== false;
  const abs = (p: string | null) => (p ? (p.startsWith('http') ? p : `${origin}${p}`) : null);
  const images = [product.image, ...(product.media_gallery ?? []).map((m) => m.image)]
    .map((i) => abs(imageUrl(i, 452, 452)))
    .filter((i): i is string => Boolean(i));
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: variant?.sku ?? product.sku,
    ...(product.mpn ? { mpn: product.mpn } : {}),
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
    ...(images.length ? { image: [...new Set(images)] } : {}),
    description: truncate(plainText(product.description || product.short_description), 5000),
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
