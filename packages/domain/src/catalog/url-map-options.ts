/**
 * The product options of the URL mapper (`POST /api/url/map`, accounts-checkout-routes.md §7: options
 * and `filters.sku`). The spec names them only; each does what the storefront it was taken from
 * (Vue Storefront's product loader) does with it, as written on each field below. Pure: the API
 * fetches the documents, this shapes the answer. Off (absent) options leave the document as it is.
 */
import { translateMessage } from '../messages/index.ts';
import type { StoreCode } from '../base/index.ts';
import {
  childAttribute,
  isVariantAvailable,
  selectVariant,
  variantOptions,
  type ConfigurableChild,
  type ConfigurableOption,
} from './variants.ts';

export interface UrlMapOptions {
  /** grouped and bundle products: each linked product's document under its link's `product` (API side) */
  prefetchGroupProducts?: boolean;
  /** a configurable: `configuration` (attribute code → { attribute_code, id, label }) of the chosen variant and `is_configured: true`; the variant's sku, prices, stock and image are taken into the answer (`parentSku` keeps the parent's) */
  assignProductConfiguration?: boolean;
  /** `errors.variants` (the store view's "No available product variants") when no variant can be chosen */
  setProductErrors?: boolean;
  /** an asked child that is out of stock or disabled gives way to the variant the spec's rule chooses (else: no variant) */
  fallbackToDefaultWhenNoAvailable?: boolean;
  /** the chosen variant goes under `selectedVariant` and the parent's own fields stay the parent's */
  separateSelectedVariant?: boolean;
  /** `product_option` of the chosen variant, as a cart line carries it (configurable_item_options) */
  setConfigurableProductOptions?: boolean;
  /** `configurable_children` keeps only the available children (enabled and in stock) */
  filterUnavailableVariants?: boolean;
  /** the answer carries its cache tags (`X-VS-Cache-Tags`: P{id} of the product and its children, C{id}, CMS{id}) */
  populateRequestCacheTags?: boolean;
}

export const URL_MAP_OPTION_NAMES = [
  'prefetchGroupProducts',
  'assignProductConfiguration',
  'setProductErrors',
  'fallbackToDefaultWhenNoAvailable',
  'separateSelectedVariant',
  'setConfigurableProductOptions',
  'filterUnavailableVariants',
  'populateRequestCacheTags',
] as const satisfies readonly (keyof UrlMapOptions)[];

/** the fields of a chosen variant that the answer takes over when it is not kept separate */
const VARIANT_FIELDS = [
  'sku',
  'price',
  'price_incl_tax',
  'final_price',
  'final_price_incl_tax',
  'original_price',
  'original_price_incl_tax',
  'special_price',
  'special_price_incl_tax',
  'stock',
  'image',
] as const;

type Doc = Record<string, unknown>;

/**
 * A product hit shaped by the options. `askedSku` is `filters.sku`, else the child sku of the path:
 * a sku that is neither the product's nor one of its children's answers null (no such page).
 */
export function applyUrlMapProductOptions(
  product: Doc,
  options: UrlMapOptions,
  askedSku: string | null,
  store: StoreCode,
): Doc | null {
  const all = (product.configurable_children as ConfigurableChild[] | null | undefined) ?? [];
  const isConfigurable = product.type_id === 'configurable' && all.length > 0;
  const asked = askedSku && askedSku !== product.sku ? all.find((c) => c.sku === askedSku) : undefined;
  if (askedSku && askedSku !== product.sku && !asked) return null;
  const children = options.filterUnavailableVariants ? all.filter(isVariantAvailable) : all;
  let out: Doc = options.filterUnavailableVariants ? { ...product, configurable_children: children } : product;
  if (!isConfigurable) return out;

  const wantsVariant =
    options.assignProductConfiguration ||
    options.separateSelectedVariant ||
    options.setConfigurableProductOptions ||
    options.setProductErrors;
  if (!wantsVariant) return out;

  const variant = chooseVariant(out, children, asked, options.fallbackToDefaultWhenNoAvailable === true);
  const configOptions = (product.configurable_options as ConfigurableOption[] | null | undefined) ?? [];
  if (options.setProductErrors) {
    out = { ...out, errors: variant ? {} : { variants: translateMessage('variant.noneAvailable', store) } };
  }
  if (!variant) return out;
  if (options.assignProductConfiguration) {
    // catalogue-and-cart.md §4: "After a variant is chosen the product is marked configured"
    out = configureProduct(out as Doc & { configurable_options?: ConfigurableOption[] }, variant);
    if (!options.separateSelectedVariant) {
      const taken: Doc = { parentSku: product.sku };
      for (const f of VARIANT_FIELDS) if (variant[f] !== undefined && variant[f] !== null) taken[f] = variant[f];
      out = { ...out, ...taken };
    }
  }
  if (options.separateSelectedVariant) out = { ...out, selectedVariant: variant };
  if (options.setConfigurableProductOptions) {
    out = {
      ...out,
      product_option: {
        extension_attributes: {
          configurable_item_options: configOptions.flatMap((o) => {
            const value = variantOptions({ configurable_options: [o] }, variant)[o.attribute_code];
            return value === undefined ? [] : [{ option_id: o.attribute_id ?? o.attribute_code, option_value: value }];
          }),
        },
      },
    };
  }
  return out;
}

function chooseVariant(
  product: Doc,
  children: ConfigurableChild[],
  asked: ConfigurableChild | undefined,
  fallback: boolean,
): ConfigurableChild | null {
  const pool = { configurable_children: children };
  if (!asked) return selectVariant(pool, {}).variant;
  if (isVariantAvailable(asked) && children.includes(asked)) return asked;
  if (!fallback) return null;
  const wanted = variantOptions(product as { configurable_options?: ConfigurableOption[] }, asked);
  return selectVariant(pool, wanted, { fallbackToDefault: true }).variant;
}

/**
 * catalogue-and-cart.md §4 "Configurable product": "After a variant is chosen the product is marked
 * configured (is_configured)", with its configuration (attribute code → the chosen value). Without a
 * variant (none available) it is not configured: the product page then shows "No available product
 * variants" and cannot add it. Used by the URL map (assignProductConfiguration) and the product page.
 */
export function configureProduct<P extends { configurable_options?: readonly ConfigurableOption[] | null }>(
  product: P,
  variant: ConfigurableChild | null | undefined,
): P & { is_configured: boolean; configuration: Record<string, { attribute_code: string; id: number; label: string }> } {
  if (!variant) return { ...product, is_configured: false, configuration: {} };
  return { ...product, is_configured: true, configuration: configurationOf(product.configurable_options ?? [], variant) };
}

function configurationOf(options: readonly ConfigurableOption[], variant: ConfigurableChild) {
  const out: Record<string, { attribute_code: string; id: number; label: string }> = {};
  for (const o of options) {
    const v = childAttribute(variant, o.attribute_code);
    const value = o.values.find((x) => String(x.value_index) === String(v));
    if (value) out[o.attribute_code] = { attribute_code: o.attribute_code, id: value.value_index, label: value.label };
  }
  return out;
}

/** the cache tags of an answer (populateRequestCacheTags) */
export function urlMapCacheTags(type: 'product' | 'category' | 'cms_page', source: Doc): string[] {
  const id = source.id;
  if (type === 'category') return [`C${String(id)}`];
  if (type === 'cms_page') return [`CMS${String(id ?? source.identifier)}`];
  const children = (source.configurable_children as { id?: number }[] | null | undefined) ?? [];
  return [`P${String(id)}`, ...children.filter((c) => c.id !== undefined).map((c) => `P${String(c.id)}`)];
}
