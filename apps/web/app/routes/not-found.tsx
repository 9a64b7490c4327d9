import { storeCodeFromPath } from '@vitrina/domain';
import { data, redirect } from 'react-router';
import type { Route } from './+types/not-found';
import { NotFound } from '../components/NotFound';
import { getT } from '../i18n';
import { serverApi } from '../lib/api.server';
import { pageMeta } from '../lib/seo';
import { seoForRequest } from '../lib/seo.server';
import { STATIC_PAGES } from '../lib/static-pages';
import { localizedPath, storeCodeOfRequest } from '../lib/store';
import { categoryPath, productPath } from '../lib/urls';

/**
 * Any other path: first the URL mapper (a product, category or CMS page URL of the catalogue answers
 * with a redirect to its route), then the 404 page with HTTP 404.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const storeCode = storeCodeOfRequest(request);
  const pathname = new URL(request.url).pathname;
  const rest = storeCodeFromPath(pathname).rest;
  // English static slugs in the Lithuanian store view move to the Lithuanian ones.
  if (storeCode === 'lt') {
    const page = STATIC_PAGES.find((p) => `/${p.identifier}` === rest);
    if (page) throw redirect(`/${page.lt}`, 301);
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
      target = localizedPath(storeCode, `/i/${encodeURIComponent(String(s.slug ?? s.identifier))}`);
    }
  } catch {
    // No mapping (logged only in the spec): fall through to the 404 page.
  }
  if (target && target !== pathname) throw redirect(target, 301);
  return data({ storeCode, seo: seoForRequest(request, storeCode) }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return [];
  const t = getT(data.storeCode);
  return pageMeta({
    title: `${t('error.notFoundTitle')} | ${t('site.name')}`,
    description: t.msg('error.notFound'),
    seo: data.seo,
    robots: 'noindex',
  });
};

export default function NotFoundPage() {
  return <NotFound />;
}
