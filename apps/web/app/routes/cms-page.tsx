import {
  BUILT_IN_STATIC_PAGES,
  staticPageFromSlug,
  staticPageMovedTo,
  storeCodeFromPath,
  type StoreCode,
} from '@vitrina/domain';
import { data, redirect, useRouteLoaderData } from 'react-router';
import { lazy, Suspense } from 'react';
import type { Route } from './+types/cms-page';
import { BuiltInPage } from '../components/BuiltInPage';
import { CompanyDetails } from '../components/CompanyDetails';
import { DeliveryFees } from '../components/DeliveryFees';
import { NotFound } from '../components/NotFound';
import { getT } from '../i18n';
import { cmsPagePaths } from '../api-client/alternates.server';
import { serverApi } from '../api-client/api.server';
import { pageMeta } from '../lib/seo';
import { buildSeo, seoForRequest } from '../lib/seo.server';
import { staticPageBySlug, staticSlug } from '../components/navigation/static-pages';
import { localizedPath, storeCodeOfRequest } from '../lib/store';
import { plainText, truncate, withoutRepeatedTitle } from '../lib/text';
import { cmsPath, urlDispatcherOn } from '../lib/urls';
import type { StoreInfo } from '../lib/types';
import { withRouteErrorMessages } from '../api-client/route-error';

/** The CMS page of `/i/:slug`, or of a localised static slug (`/apie-mus`, `/en/about-us`, ...). */
/** `dispatched`: rendered at `/{slug}` by the URL dispatcher; `/i/...` then answers 301 to it */
// API errors keep their message for the error boundary (accounts-checkout-routes.md §8)
export const loader = withRouteErrorMessages(load);

async function load({ request, context, params }: Route.LoaderArgs) {
  const dispatched = context?.urlDispatched === true;
  const storeCode = storeCodeOfRequest(request);
  const rest = storeCodeFromPath(new URL(request.url).pathname).rest.replace(/\/$/, '');
  const staticPage = params.slug ? undefined : staticPageBySlug(rest.slice(1), storeCode);
  // a static page answered by another one (`/kontaktai` → `/susisiekite-su-mumis`), also asked as `/i/...`
  const asked = staticPage?.identifier ?? (params.slug ? staticPageFromSlug(params.slug) : undefined);
  const movedTo = asked ? staticPageMovedTo(asked) : undefined;
  if (movedTo) throw redirect(localizedPath(storeCode, `/${staticSlug(movedTo, storeCode)}`), 301);
  const identifier = params.slug ?? staticPage?.identifier;
  // a statement the shop's code writes (the accessibility statement, how reviews are checked): no CMS call
  if (staticPage && BUILT_IN_STATIC_PAGES.includes(staticPage.identifier)) {
    const t = getT(storeCode);
    return {
      storeCode,
      page: {
        identifier: staticPage.identifier,
        title: t(`page.${staticPage.identifier}`),
        content: '',
        metaTitle: null,
        metaDescription: null,
        builtIn: true,
      },
      seo: buildSeo(request, storeCode, {
        lt: localizedPath('lt', `/${staticSlug(staticPage.identifier, 'lt')}`),
        en: localizedPath('en', `/${staticSlug(staticPage.identifier, 'en')}`),
        ru: localizedPath('ru', `/${staticSlug(staticPage.identifier, 'ru')}`),
      } satisfies Record<StoreCode, string>),
    };
  }
  const api = serverApi(context, storeCode);
  const page = params.slug
    ? await api.findCmsPage(params.slug)
    : identifier
      ? await api.getCmsPage(identifier)
      : null;
  if (!page) {
    return data({ page: null, storeCode, seo: seoForRequest(request, storeCode) }, { status: 404 });
  }
  // `/i/{identifier}` or an old slug moves to the page's own slug in this store view.
  if (params.slug && page.slug && (page.slug !== params.slug || (urlDispatcherOn() && !dispatched))) {
    throw redirect(cmsPath(storeCode, page.slug), 301);
  }
  const seo = staticPage
    ? buildSeo(request, storeCode, {
        lt: localizedPath('lt', `/${staticSlug(staticPage.identifier, 'lt')}`),
        en: localizedPath('en', `/${staticSlug(staticPage.identifier, 'en')}`),
        ru: localizedPath('ru', `/${staticSlug(staticPage.identifier, 'ru')}`),
      } satisfies Record<StoreCode, string>)
    : buildSeo(request, storeCode, await cmsPagePaths(context, storeCode, page));
  const title = page.title ?? identifier ?? '';
  // the delivery page lists the shipping prices as the server charges them (components/DeliveryFees)
  const delivery =
    page.identifier === 'delivery'
      ? await api.deliveryOptions().catch((e: unknown) => {
          console.error('delivery-options', e);
          return null;
        })
      : null;
  return {
    storeCode,
    delivery,
    page: {
      identifier: page.identifier,
      title,
      content: withoutRepeatedTitle(page.content ?? '', title),
      metaTitle: page.meta_title ?? null,
      metaDescription: page.meta_description ?? null,
      builtIn: false,
    },
    seo,
  };
}

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return [];
  const t = getT(data.storeCode);
  if (!data.page) {
    return pageMeta({
      title: `${t('error.notFoundTitle')} | ${t('site.name')}`,
      description: t.msg('error.notFound'),
      seo: data.seo,
      robots: 'noindex',
    });
  }
  const p = data.page;
  return pageMeta({
    title: `${p.metaTitle || p.title} | ${t('site.name')}`,
    description: p.metaDescription || truncate(plainText(p.content)) || p.title,
    seo: data.seo,
  });
};

/** The contact form is code-split: only the contact page loads it. */
const ContactForm = lazy(() => import('../components/ContactForm').then((m) => ({ default: m.ContactForm })));

export default function CmsPage({ loaderData: d }: Route.ComponentProps) {
  // the one contact page shows the seller's configured details (the footer's, from store-info)
  const root = useRouteLoaderData('root') as { storeInfo?: StoreInfo | null } | undefined;
  if (!d.page) return <NotFound />;
  const company = d.page.identifier === 'contact-us' ? root?.storeInfo?.company : null;
  return (
    <article className="cms">
      <h1>{d.page.title}</h1>
      {d.page.builtIn ? (
        <BuiltInPage identifier={d.page.identifier} info={root?.storeInfo} />
      ) : (
        /* CMS content comes sanitised by the API (allow-listed tags, no scripts or event handlers). */
        <div dangerouslySetInnerHTML={{ __html: d.page.content }} />
      )}
      {d.page.identifier === 'delivery' ? <DeliveryFees given={d.delivery ?? null} /> : null}
      {company ? <CompanyDetails company={company} headingId="contact-company" /> : null}
      {d.page.identifier === 'contact-us' || d.page.identifier === 'warranty-service' ? (
        <Suspense fallback={null}>
          <ContactForm kind={d.page.identifier === 'warranty-service' ? 'warranty' : 'contact'} />
        </Suspense>
      ) : null}
    </article>
  );
}
