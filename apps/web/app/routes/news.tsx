import { formatDate } from '@vitrina/domain';
import { Link } from '../lib/link';
import type { Route } from './+types/news';
import { getT } from '../i18n';
import { otherPagesT, useOtherPagesT } from '../i18n/other-pages';
import { serverApi } from '../api-client/api.server';
import { pageMeta } from '../lib/seo';
import { seoForRequest } from '../lib/seo.server';
import { localizedPath, storeCodeOfRequest } from '../lib/store';
import { plainText, truncate } from '../lib/text';
import { withRouteErrorMessages } from '../api-client/route-error';

/** /news: the shop's news, newest first (accounts-checkout-routes.md §2 route table). */
// API errors keep their message for the error boundary (accounts-checkout-routes.md §8)
export const loader = withRouteErrorMessages(load);

async function load({ request, context }: Route.LoaderArgs) {
  const storeCode = storeCodeOfRequest(request);
  const res = await serverApi(context, storeCode).news.list(0, 50);
  return { storeCode, news: res.items, seo: seoForRequest(request, storeCode) };
}

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return [];
  const t = otherPagesT(getT(data.storeCode));
  return pageMeta({
    title: `${t('news.title')} | ${t('site.name')}`,
    description: t('news.description'),
    seo: data.seo,
  });
};

export default function NewsPage({ loaderData: d }: Route.ComponentProps) {
  const t = useOtherPagesT();
  return (
    <section className="news">
      <h1>{t('news.title')}</h1>
      {d.news.length === 0 ? (
        <p>{t('news.empty')}</p>
      ) : (
        <ul className="news-list">
          {d.news.map((n) => (
            <li key={n.slug}>
              <h2>
                <Link to={localizedPath(t.storeCode, `/news/${encodeURIComponent(n.slug)}`)}>{n.title}</Link>{' '}
                {n.demo ? <span className="badge badge-demo">{t('news.demo')}</span> : null}
              </h2>
              <p className="muted">
                <time dateTime={n.published_at}>
                  {t('news.published', { date: formatDate(new Date(n.published_at)) })}
                </time>
              </p>
              <p>{truncate(plainText(n.body))}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
