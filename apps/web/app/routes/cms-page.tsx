import { storeCodeFromPath } from '@vitrina/domain';
import { data } from 'react-router';
import type { Route } from './+types/cms-page';
import { NotFound } from '../components/NotFound';
import { getT } from '../i18n';
import { serverApi } from '../lib/api.server';
import { pageMeta } from '../lib/seo';
import { buildSeo, seoForRequest } from '../lib/seo.server';
import { staticPageBySlug, staticSlug } from '../lib/static-pages';
import { localizedPath, storeCodeOfRequest } from '../lib/store';
import { plainText, truncate } from '../lib/text';
import type { StoreCode } from '../lib/types';

/** The CMS page of `/i/:slug`, or of a localised static slug (`/apie-mus`, `/en/about-us`, ...). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const storeCode = storeCodeOfRequest(request);
  const rest = storeCodeFromPath(new URL(request.url).pathname).rest.replace(/\/$/, '');
  const staticPage = params.slug ? undefined : staticPageBySlug(rest.slice(1), storeCode);
  const identifier = params.slug ?? staticPage?.identifier;
  const page = identifier ? await serverApi(context, storeCode).getCmsPage(identifier) : null;
  if (!page) {
    return data({ page: null, storeCode, seo: seoForRequest(request, storeCode) }, { status: 404 });
  }
  const seo = staticPage
    ? buildSeo(request, storeCode, {
        lt: localizedPath('lt', `/${staticSlug(staticPage.identifier, 'lt')}`),
        en: localizedPath('en', `/${staticSlug(staticPage.identifier, 'en')}`),
        ru: localizedPath('ru', `/${staticSlug(staticPage.identifier, 'ru')}`),
      } satisfies Record<StoreCode, string>)
    : seoForRequest(request, storeCode);
  return {
    storeCode,
    page: {
      identifier: page.identifier,
      title: page.title ?? identifier ?? '',
      content: page.content ?? '',
      metaTitle: page.meta_title ?? null,
      metaDescription: page.meta_description ?? null,
    },
    seo,
  };
}

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return [];
  const t = getT(data.storeCode);
  if (!data.page) {
    return pageMeta({ title: `${t('error.notFoundTitle')} | Vitrina`, description: t.msg('error.notFound'), seo: data.seo, robots: 'noindex' });
  }
  const p = data.page;
  return pageMeta({
    title: `${p.metaTitle || p.title} | Vitrina`,
    description: p.metaDescription || truncate(plainText(p.content)) || p.title,
    seo: data.seo,
  });
};

export default function CmsPage({ loaderData: d }: Route.ComponentProps) {
  if (!d.page) return <NotFound />;
  return (
    <article className="cms">
      <h1>{d.page.title}</h1>
      {/* CMS content is written by the shop's own editors (trusted HTML). */}
      <div dangerouslySetInnerHTML={{ __html: d.page.content }} />
    </article>
  );
}
