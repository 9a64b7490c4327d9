import type { ComponentType } from 'react';
import { staticPageMovedTo, storeCodeFromPath } from '@vitrina/domain';
import { data, redirect } from 'react-router';
import type { Route } from './+types/not-found';
import { NotFound } from '../components/NotFound';
import { getT } from '../i18n';
import { serverApi } from '../api-client/api.server';
import { pageMeta } from '../lib/seo';
import { seoForRequest } from '../lib/seo.server';
import { STATIC_PAGES, staticSlug } from '../components/navigation/static-pages';
import { storeCodeOfRequest } from '../lib/store';
import { categoryPath, cmsPath, productPath, urlDispatcherOn } from '../lib/urls';
import ProductPage, { loader as productLoader, meta as productMeta } from './product';
import CategoryPage, { loader as categoryLoader, meta as categoryMeta } from './category';
import CmsPage, { loader as cmsPageLoader, meta as cmsPageMeta } from './cms-page';
import { withRouteErrorMessages } from '../api-client/route-error';

/**
 * Any other path: first the URL mapper (a product, category or CMS page URL of the catalogue answers
 * with a redirect to its route), then the 404 page with HTTP 404.
 *
 * With URL_DISPATCHER on this route is the dispatcher: a path the mapper knows (a
 * product's url_path, a category's path, a CMS page's slug) is that page, rendered here by its own
 * route's loader and component at this URL.
 */
// API errors keep their message for the error boundary (accounts-checkout-routes.md §8)
export const loader = withRouteErrorMessages(load);

async function load(args: Route.LoaderArgs) {
  if (urlDispatcherOn()) {
    const page = await dispatch(args);
    if (page) return page;
  }
  return notFound(args);
}

type PageArgs<L extends (a: never) => unknown> = Parameters<L>[0];

async function dispatch({ request, context, params }: Route.LoaderArgs) {
  const storeCode = storeCodeOfRequest(request);
  const pathname = new URL(request.url).pathname;
  const hit = await serverApi(context, storeCode)
    .mapUrl(pathname)
    .catch(() => null);
  const s = hit?._source;
  const inner = { ...context, urlDispatched: true };
  if (hit?._type === 'product' && typeof s?.sku === 'string' && typeof s.slug === 'string') {
    const args = { request, context: inner, params: { parentSku: s.sku, slug: s.slug } };
    return {
      ...(await productLoader(args as PageArgs<typeof productLoader>)),
      dispatched: 'product' as const,
    };
  }
  if (hit?._type === 'category' && typeof s?.slug === 'string') {
    const args = { request, context: inner, params: { ...params, '*': s.slug } };
    return {
      ...(await categoryLoader(args as PageArgs<typeof categoryLoader>)),
      dispatched: 'category' as const,
    };
  }
  const slug = s?.slug ?? s?.identifier;
  if (hit?._type === 'cms_page' && typeof slug === 'string') {
    const args = { request, context: inner, params: { slug } };
    return {
      ...(await cmsPageLoader(args as PageArgs<typeof cmsPageLoader>)),
      dispatched: 'cms_page' as const,
    };
  }
  return null;
}

async function notFound({ request, context }: Route.LoaderArgs) {
  const storeCode = storeCodeOfRequest(request);
  const pathname = new URL(request.url).pathname;
  const rest = storeCodeFromPath(pathname).rest;
  // English static slugs in the Lithuanian store view move to the Lithuanian ones.
  if (storeCode === 'lt') {
    const page = STATIC_PAGES.find((p) => `/${p.identifier}` === rest);
    // straight to the page a moved one is answered by (`/contacts` → `/susisiekite-su-mumis`)
    if (page)
      throw redirect(`/${staticSlug(staticPageMovedTo(page.identifier) ?? page.identifier, 'lt')}`, 301);
  }
  let target: string | null = null;
  try {
    // The mapper reads the store view from the path's prefix itself.
    const hit = await serverApi(context, storeCode).mapUrl(pathname);
    const s = hit?._source;
    if (hit?._type === 'product' && typeof s?.sku === 'string' && typeof s.slug === 'string') {
      target = productPath(storeCode, { sku: s.sku, slug: s.slug });
    } else if (hit?._type === 'category' && typeof s?.slug === 'string') {
      target = categoryPath(storeCode, { slug: s.slug });
    } else if (
      hit?._type === 'cms_page' &&
      (typeof s?.slug === 'string' || typeof s?.identifier === 'string')
    ) {
      target = cmsPath(storeCode, String(s.slug ?? s.identifier));
    }
  } catch {
    // No mapping (logged only in the spec): fall through to the 404 page.
  }
  if (target && target !== pathname) throw redirect(target, 301);
  return data({ storeCode, seo: seoForRequest(request, storeCode) }, { status: 404 });
}

export const meta: Route.MetaFunction = (args) => {
  const { data } = args;
  if (!data) return [];
  if ('dispatched' in data) {
    type MetaArgs<M extends (a: never) => unknown> = Parameters<M>[0];
    const inner = args;
    if (data.dispatched === 'product') return productMeta(inner as unknown as MetaArgs<typeof productMeta>);
    if (data.dispatched === 'category')
      return categoryMeta(inner as unknown as MetaArgs<typeof categoryMeta>);
    return cmsPageMeta(inner as unknown as MetaArgs<typeof cmsPageMeta>);
  }
  const t = getT(data.storeCode);
  return pageMeta({
    title: `${t('error.notFoundTitle')} | ${t('site.name')}`,
    description: t.msg('error.notFound'),
    seo: data.seo,
    robots: 'noindex',
  });
};

/**
 * A dispatched page is its own route's component: its data is this route's (the loader above returns
 * that route's data as it is, marked), which is what the component reads (React Router hands a route
 * component its props from the route it renders in).
 */
export default function NotFoundPage({ loaderData: d }: Route.ComponentProps) {
  if (d && 'dispatched' in d) {
    const Page = DISPATCHED[d.dispatched];
    return <Page />;
  }
  return <NotFound />;
}

/** the route components, whose props React Router supplies (withComponentProps) */
const DISPATCHED = { product: ProductPage, category: CategoryPage, cms_page: CmsPage } as unknown as Record<
  'product' | 'category' | 'cms_page',
  ComponentType
>;
