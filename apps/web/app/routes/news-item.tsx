import { formatDate } from '@vitrina/domain';
import { data } from 'react-router';
import { Link } from '../lib/link';
import type { Route } from './+types/news-item';
import { NotFound } from '../components/NotFound';
import { getT } from '../i18n';
import { otherPagesT, useOtherPagesT } from '../i18n/other-pages';
import { ApiError } from '../api-client/api';
import { serverApi } from '../api-client/api.server';
import { pageMeta } from '../lib/seo';
import { seoForRequest } from '../lib/seo.server';
import { localizedPath, storeCodeOfRequest } from '../lib/store';
import { plainText, truncate } from '../lib/text';
import type { NewsItem } from '../lib/types';
import { withRouteErrorMessages } from '../api-client/route-error';

/** /news/{slug}: one news item; an unknown slug is the 404 page. */
// API errors keep their message for the error boundary (accounts-checkout-routes.md §8)
export const loader = withRouteErrorMessages(load);

async function load({ request, context, params }: Route.LoaderArgs) {
  const storeCode = storeCodeOfRequest(request);
  const seo = seoForRequest(request, storeCode);
  let item: NewsItem | null = null;
  try {
    item = await serverApi(context, storeCode).news.get(params.slug);
  } catch (e) {
    if (!(e instanceof ApiError && (e.code === 404 || e.code === 400))) throw e;
  }
  if (!item) return data({ storeCode, item: null, seo }, { status: 404 });
  return { storeCode, item, seo };
}

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return [];
  const t = otherPagesT(getT(data.storeCode));
  if (!data.item) {
    return pageMeta({
      title: `${t('error.notFoundTitle')} | ${t('site.name')}`,
      description: t.msg('error.notFound'),
      seo: data.seo,
      robots: 'noindex',
    });
  }
  return pageMeta({
    title: `${data.item.title} | ${t('news.title')} | ${t('site.name')}`,
    description: truncate(plainText(data.item.body)) || data.item.title,
    seo: data.seo,
    // Demo news is an example, not content to index.
    ...(data.item.demo ? { robots: 'noindex' } : {}),
  });
};

export default function NewsItemPage({ loaderData: d }: Route.ComponentProps) {
  const t = useOtherPagesT();
  if (!d.item) return <NotFound />;
  const n = d.item;
  return (
    <article className="news-item">
      <p>
        <Link to={localizedPath(t.storeCode, '/news')}>{t('news.all')}</Link>
      </p>
      <h1>
        {n.title} {n.demo ? <span className="badge badge-demo">{t('news.demo')}</span> : null}
      </h1>
      {n.demo ? <p className="muted">{t('news.demoNote')}</p> : null}
      <p className="muted">
        <time dateTime={n.published_at}>
          {t('news.published', { date: formatDate(new Date(n.published_at)) })}
        </time>
      </p>
      {n.body.split('\n\n').map((para, i) => (
        <p key={i}>{para}</p>
      ))}
    </article>
  );
}
