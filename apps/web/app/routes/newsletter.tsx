import { localizedPath } from '@vitrina/domain';
import { useShopInfo } from '../lib/shop-info';
import { useEffect, useState } from 'react';
import { Link } from '../lib/link';
import type { Route } from './+types/newsletter';
import { privateMeta } from '../components/account/meta';
import { NewsletterForm } from '../components/NewsletterForm';
import { CmsBlock } from '../components/CmsBlock';
import { useCmsBlock } from '../components/cms-blocks';
import { useAccountT } from '../i18n/account';
import { buildSeo, samePaths } from '../lib/seo.server';
import { storeCodeOfRequest } from '../lib/store';
import type { NewsletterConfirmation, StoreInfo } from '../lib/types';
import { useApi } from '../api-client/use-api';
import { newsletter } from '../state/newsletter';

/** The canonical URL is `/newsletter` also for a confirmation link (its e-mail and code stay out of it). */
export function loader({ request }: Route.LoaderArgs) {
  const storeCode = storeCodeOfRequest(request);
  return { storeCode, seo: buildSeo(request, storeCode, samePaths('/newsletter')) };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  // the coupon the shop's settings give (the root loader's store information), none promised otherwise
  const root = matches.find((m) => m?.id === 'root')?.data as { storeInfo?: StoreInfo | null } | undefined;
  const percent = root?.storeInfo?.shop.newsletter_coupon_percent ?? null;
  return percent !== null
    ? privateMeta(data, 'newsletter.title', 'newsletter.description', { percent })
    : privateMeta(data, 'newsletter.title', 'newsletter.descriptionNoCoupon');
};

/** One confirmation per link and page load: a re-run effect must not send it again (the second answer fails). */
const confirmations = new Map<string, Promise<NewsletterConfirmation>>();

/** The confirmation link of the e-mail: POSTs {email, code}; 200 = success (with the personal coupon). */
function Confirmation({ email, code }: { email: string; code: string }) {
  const t = useAccountT();
  const api = useApi();
  const [result, setResult] = useState<NewsletterConfirmation | 'failed' | null>(null);
  useEffect(() => {
    let live = true;
    const key = `${email}\n${code}`;
    let pending = confirmations.get(key);
    if (!pending) {
      pending = api.newsletter.confirm(email, code);
      confirmations.set(key, pending);
    }
    pending.then(
      (r) => {
        if (!live) return;
        setResult(r ?? {});
        newsletter.store.set((n) => ({ ...n, isSubscribed: true, email }));
      },
      () => live && setResult('failed'),
    );
    return () => {
      live = false;
    };
  }, [api, email, code]);

  if (result === null) return <p aria-busy="true">{t('newsletter.confirming')}</p>;
  if (result === 'failed') return <p role="alert">{t.msg('newsletter.invalidUrl')}</p>;
  return (
    <div role="status">
      <p>{t('newsletter.confirmed')}</p>
      {result.coupon ? (
        <p>
          {t('newsletter.coupon', { percent: result.coupon.value })}{' '}
          <strong className="coupon-code">{result.coupon.code}</strong>
        </p>
      ) : null}
    </div>
  );
}

/** `/newsletter` (subscribe) and `/newsletter/:email/:code` (confirmation). */
export default function Newsletter({ params }: Route.ComponentProps) {
  const t = useAccountT();
  const { email, code } = params as { email?: string; code?: string };
  const offer = useCmsBlock('newsletter-offer');
  const percent = useShopInfo()?.newsletter_coupon_percent ?? null;
  return (
    <section className="narrow">
      <h1>{t('newsletter.title')}</h1>
      {email && code ? (
        <Confirmation email={email} code={code} />
      ) : (
        <>
          <CmsBlock
            html={offer}
            fallback={
              <p>
                {percent !== null
                  ? t('newsletter.description', { percent })
                  : t('newsletter.descriptionNoCoupon')}
              </p>
            }
          />
          <NewsletterForm idPrefix="page" />
        </>
      )}
      <p>
        <Link to={localizedPath(t.storeCode, '/')}>{t('common.backHome')}</Link>
      </p>
    </section>
  );
}
