import {
  SEARCH_DEFAULT_SORT,
  SEARCH_SCREEN_PAGE_SIZE,
  SEARCH_VISIBILITY,
  normaliseSearchTerm,
  validateSearchTerm,
} from '@vitrina/domain';
import type { Route } from './+types/search';
import { ProductGrid } from '../components/ProductCard';
import { getT, useT } from '../i18n';
import { serverApi } from '../lib/api.server';
import { pageMeta } from '../lib/seo';
import { seoForRequest } from '../lib/seo.server';
import { storeCodeOfRequest } from '../lib/store';
import type { Product } from '../lib/types';

export async function loader({ request, context }: Route.LoaderArgs) {
  const storeCode = storeCodeOfRequest(request);
  const q = (new URL(request.url).searchParams.get('q') ?? '').slice(0, 200);
  const invalid = q ? validateSearchTerm(q) : null;
  let products: Product[] = [];
  let total = 0;
  if (q && !invalid) {
    const res = await serverApi(context, storeCode).searchProducts({
      query: normaliseSearchTerm(q).text,
      // The search screen lists visibility 3 and 4 only; the API adds the other listing rules.
      filters: { visibility: [...SEARCH_VISIBILITY] },
      sort: SEARCH_DEFAULT_SORT,
      size: SEARCH_SCREEN_PAGE_SIZE,
    });
    products = res.items;
    total = res.total;
  }
  return { storeCode, q, invalid, products, total, seo: seoForRequest(request, storeCode) };
}

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return [];
  const t = getT(data.storeCode);
  return pageMeta({
    title: `${data.q ? t('search.results', { q: data.q }) : t('search.title')} | ${t('site.name')}`,
    description: t('search.description'),
    seo: data.seo,
    robots: 'noindex, follow',
  });
};

export default function Search({ loaderData: d }: Route.ComponentProps) {
  const t = useT();
  return (
    <section>
      <h1>{d.q ? t('search.results', { q: d.q }) : t('search.title')}</h1>
      {d.invalid ? <p className="field-error">{t.msg(d.invalid.key, d.invalid.params)}</p> : null}
      {d.q && !d.invalid ? <p className="muted">{t('listing.products', { count: d.total })}</p> : null}
      {d.q && !d.invalid && d.products.length === 0 ? <p>{t('search.noResults', { q: d.q })}</p> : null}
      <ProductGrid products={d.products} eagerCount={4} />
    </section>
  );
}
