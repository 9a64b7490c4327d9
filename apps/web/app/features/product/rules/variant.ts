import {
  isVariantAvailable,
  selectVariant,
  STATUS_DISABLED,
  variantOptions,
  type SelectedOptions,
} from '@vitrina/domain';
import type { ConfigurableChild, Product } from '../../../lib/types';

/** A configurable product with children to choose from (else the page shows the product itself). */
export function isConfigurable(product: Product): boolean {
  return product.type_id === 'configurable' && (product.configurable_children?.length ?? 0) > 0;
}

export function childBySku(product: Product, sku: string | undefined): ConfigurableChild | undefined {
  return sku ? product.configurable_children?.find((c) => c.sku === sku) : undefined;
}

/** The variant the page shows and the options it stands for. */
export interface ShownVariant {
  configurable: boolean;
  variant: ConfigurableChild | null;
  selected: SelectedOptions;
}

/**
 * The variant shown for the URL's child sku: the URL's child wins; otherwise the domain's choice for
 * an empty selection. A sold-out variant the shopper chose stays shown (out of stock, with its
 * back-in-stock request; docs/decisions/0049-a-sold-out-variant-can-be-chosen.md); a disabled one gives way to the rule's choice.
 */
export function shownVariant(product: Product, childSku: string | undefined): ShownVariant {
  const configurable = isConfigurable(product);
  if (!configurable) return { configurable, variant: null, selected: {} };
  const fromUrl = childBySku(product, childSku);
  const fromUrlShown = fromUrl && (isVariantAvailable(fromUrl) || (fromUrl.status ?? 1) < STATUS_DISABLED);
  const variant: ConfigurableChild | null = fromUrlShown
    ? fromUrl
    : (selectVariant(product, fromUrl ? variantOptions(product, fromUrl) : {}).variant ?? null);
  return { configurable, variant, selected: variant ? variantOptions(product, variant) : {} };
}
