import {
  isCompositeChildShown,
  isVariantOfParent,
  productLoadError,
  STORE_VIEWS,
  type StoreCode,
} from '@vitrina/domain';
import type { Api } from '../../../api-client/api';
import type { Product } from '../../../lib/types';
import { deliveryDays } from '../../../lib/delivery-days';
import { isGraded } from '../rules/grade';
import { productBanners, SPEC_FIELDS, specAttributes } from '../rules/page-data';
import type { LinkedProduct } from '../rules/composite';

/**
 * The linked products of a grouped or bundle product: the parts its own document carries (status 1,
 * whatever their visibility: a part "not visible individually" is bought with the set all the same,
 * and the headline counts it), so the page shows every part the card's price counts without a
 * catalogue search, which lists only visible products
 * (docs/decisions/0055-one-headline-price-for-grouped-and-bundle-products.md).
 */
export function compositePartsOf(product: Product): LinkedProduct[] {
  return (product.composite_parts ?? []).filter(isCompositeChildShown);
}

/** the configurable parent whose page shows this child (not visible on its own), or null */
export async function variantParent(api: Api, child: Product): Promise<Product | null> {
  if (typeof child.parent_id !== 'number') return null;
  const res = await api.searchProducts({ filters: { id: child.parent_id }, size: 1 });
  const parent = res.items[0];
  return parent && isVariantOfParent(child, parent) ? parent : null;
}

/**
 * The enabled configurable parent that lists `sku` among its children (the child itself is not in
 * the catalogue search: it is not visible individually), or null.
 */
export async function parentOfChildSku(api: Api, sku: string): Promise<Product | null> {
  const res = await api.searchProducts({
    filters: { 'configurable_children.sku': sku, type_id: 'configurable' },
    size: 1,
  });
  const parent = res.items[0];
  const child = parent?.configurable_children?.find((c) => c.sku === sku);
  // a disabled child (status 2 or more) is not loaded, as its own document would not be
  return parent && child && productLoadError(parent) === null && Number(child.status ?? 1) < 2
    ? parent
    : null;
}

/** A failed side request leaves its part of the page out; the failure is logged. */
function orNull<T>(what: string, p: Promise<T>): Promise<T | null> {
  return p.catch((e: unknown) => {
    console.error(what, e);
    return null;
  });
}

/**
 * What the product page shows beside the product document, asked of the API at once (the route's
 * loader): the grouped or bundle product's linked products, the product banners (from the shop
 * data), the specification table's attributes, the delivery and payment methods the decision facts
 * read, the `condition-grades` CMS block for a product with grades, and the estimated delivery days.
 * A failed side request leaves its part out.
 */
export async function loadProductParts(api: Api, storeCode: StoreCode, product: Product) {
  const [linked, shop, attributes, delivery, blocks, info] = await Promise.all([
    compositePartsOf(product),
    orNull('home-page', api.homePage()),
    orNull(
      'attributes',
      api
        .searchAttributes({ size: 150, includeFields: SPEC_FIELDS })
        .then((res) => specAttributes(res.items, product)),
    ),
    orNull('delivery-options', api.deliveryOptions()),
    isGraded(product) ? orNull('cms-blocks', api.cmsBlocks(['condition-grades'])) : Promise.resolve(null),
    // the delivery days the shop's settings promise (the shell's read, answered from the same cache)
    orNull('store-info', api.storeInfo()),
  ]);
  return {
    linked,
    banners: productBanners(shop?.product_banner ?? [], product),
    attributes: attributes ?? [],
    delivery,
    gradesInfo: blocks?.['condition-grades'] ?? null,
    // the estimated delivery days from now (formatted here: the hydration shows the same text)
    deliveryDays: info
      ? deliveryDays(new Date(), STORE_VIEWS[storeCode].locale, info.shop.delivery_days)
      : null,
  };
}
