import { formatPrice, productLoadError } from '@vitrina/domain';
import { data, redirect, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/product';
import { NotFound } from '../components/NotFound';
import { loadProductParts, parentOfChildSku, ProductPage, variantParent } from '../features/product';
import { getT } from '../i18n';
import { productTrail } from '../api-client/breadcrumbs.server';
import { serverApi } from '../api-client/api.server';
import { productPaths } from '../api-client/alternates.server';
import { metaOfData, pageMeta } from '../lib/seo';
import { buildSeo, seoForRequest, siteOrigin } from '../lib/seo.server';
import { storeCodeOfRequest } from '../lib/store';
import { plainText, truncate } from '../lib/text';
import { imageUrl, ownUrlPath, productPath, urlDispatcherOn } from '../lib/urls';
import { withRouteErrorMessages } from '../api-client/route-error';

/**
 * `dispatched`: rendered at the product's url_path by the URL dispatcher (not-found.tsx), the child sku in `?childSku=`; a `/p/...` URL of such a product answers 301 to it.
 */
// API errors keep their message for the error boundary (accounts-checkout-routes.md §8)
export const loader = withRouteErrorMessages(load);

async function load({ request, context, params }: Route.LoaderArgs) {
  const dispatched = context?.urlDispatched === true;
  const storeCode = storeCodeOfRequest(request);
  const api = serverApi(context, storeCode);
  const res = await api.searchProducts({ filters: { sku: params.parentSku }, size: 1 });
  // The newest the document's stock can be (the API's catalogue cache may have kept it a while):
  // the browser shows a cached stock answer instead only when it was fetched after this.
  const stockAt = Date.now();
  const product = res.items[0];
  if (!product || productLoadError(product)) {
    // A configurable's child has no page of its own: its URL opens the parent with it chosen. The
    // catalogue search leaves out products not visible individually, so a child is found through
    // its parent's `configurable_children`.
    const parent = product
      ? await variantParent(api, product)
      : await parentOfChildSku(api, params.parentSku);
    if (parent) {
      const url = new URL(request.url);
      throw redirect(productPath(storeCode, parent, product?.sku ?? params.parentSku) + url.search, 301);
    }
    return data(
      { notFound: true as const, storeCode, seo: seoForRequest(request, storeCode) },
      { status: 404 },
    );
  }
  const childSku = params.childSku ?? (dispatched ? new URL(request.url).searchParams.get('childSku') : null);
  // A wrong or old slug answers with a permanent redirect to the product's own URL (its url_path
  // when the URL dispatcher is on).
  if (!dispatched && (params.slug !== product.slug || (urlDispatcherOn() && ownUrlPath(product)))) {
    const url = new URL(request.url);
    throw redirect(productPath(storeCode, product, childSku) + url.search, 301);
  }
  // the linked products, banners, specification attributes, delivery facts and grades' block
  const [paths, trail, parts] = await Promise.all([
    productPaths(context, storeCode, product, null),
    productTrail(api, storeCode, product),
    loadProductParts(api, storeCode, product),
  ]);
  return {
    notFound: false as const,
    storeCode,
    product,
    stockAt,
    trail,
    ...parts,
    // Product routes are named by type plus "-product" (accounts-checkout-routes.md §2).
    routeName: `${product.type_id}-product`,
    origin: siteOrigin(request),
    // Variant URLs are canonicalised to the product.
    seo: buildSeo(request, storeCode, paths),
  };
}

/** Choosing a variant only changes the child sku in the URL: no reload of the product. */
export function shouldRevalidate({
  currentParams,
  nextParams,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (currentParams.parentSku === nextParams.parentSku && currentParams.slug === nextParams.slug)
    return false;
  return defaultShouldRevalidate;
}

// its data alone makes it (lib/seo.ts metaOfData)
export const meta: Route.MetaFunction = metaOfData(({ data }: Route.MetaArgs) => {
  if (!data) return [];
  const t = getT(data.storeCode);
  if (data.notFound) {
    return pageMeta({
      title: `${t('error.notFoundTitle')} | ${t('site.name')}`,
      description: t.msg('error.notFound'),
      seo: data.seo,
      robots: 'noindex',
    });
  }
  const p = data.product;
  const text = plainText(p.short_description) || plainText(p.description);
  const fallback = t('product.metaDescription', {
    name: p.name,
    price: formatPrice(p.final_price_incl_tax, data.storeCode),
    condition: p.condition_label ?? '',
  }).trim();
  const image = imageUrl(p.image, 452, 452);
  return [
    ...pageMeta({
      title: `${p.name} | ${t('site.name')}`,
      description: truncate(text || fallback),
      seo: data.seo,
    }),
    { property: 'og:type', content: 'product' },
    ...(image
      ? [{ property: 'og:image', content: image.startsWith('http') ? image : `${data.origin}${image}` }]
      : []),
  ];
});

/** The product page: features/product (a product that cannot be shown: the not-found page). */
export default function ProductRoute({ loaderData: d }: Route.ComponentProps) {
  if (d.notFound) return <NotFound />;
  return <ProductPage key={d.product.sku} {...d} canonical={d.seo.canonical} />;
}
