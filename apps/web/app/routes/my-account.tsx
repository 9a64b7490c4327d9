import { formatDate } from '@vitrina/domain';
import { useEffect, useState } from 'react';
import type { Route } from './+types/my-account';
import { AccountLayout } from '../components/account/AccountLayout';
import { privateMeta } from '../components/account/meta';
import { useAccountT } from '../i18n/account';
import { privatePageLoader } from '../lib/seo.server';
import type { Claim, Review } from '../lib/types';
import { useApi } from '../api-client/use-api';
import { useUser } from '../state/user';

/** The account area (login required): private data is fetched in the browser only. */
export const loader = privatePageLoader;

export const meta: Route.MetaFunction = ({ data }) => privateMeta(data, 'account.title');

/** The loyalty card (claims) and the customer's own reviews. */
function Engagement() {
  const t = useAccountT();
  const api = useApi();
  const token = useUser((s) => s.token);
  const [claims, setClaims] = useState<Claim[] | null>(null);
  const [reviews, setReviews] = useState<Review[] | null>(null);
  useEffect(() => {
    if (!token) return;
    let live = true;
    api.user.claims().then(
      (c) => live && setClaims(c),
      () => live && setClaims([]),
    );
    api.user.reviews().then(
      (r) => live && setReviews(r),
      () => live && setReviews([]),
    );
    return () => {
      live = false;
    };
    // The token changes on refresh; the data does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, Boolean(token)]);

  return (
    <>
      <section aria-labelledby="loyalty-title">
        <h2 id="loyalty-title">{t('account.loyalty')}</h2>
        {claims === null ? (
          <p aria-busy="true">{t('common.loading')}</p>
        ) : claims.length === 0 ? (
          <p>{t('account.noClaims')}</p>
        ) : (
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{t('account.claimCode')}</th>
                <th scope="col">{t('account.claimValue')}</th>
                <th scope="col">{t('account.claimDescription')}</th>
                <th scope="col">{t('account.date')}</th>
              </tr>
            </thead>
            <tbody>
              {claims.map((c) => (
                <tr key={`${c.code}-${c.created_at}`}>
                  <td>{c.code}</td>
                  <td>{c.value}</td>
                  <td>{c.description}</td>
                  <td>{formatDate(c.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section aria-labelledby="reviews-title">
        <h2 id="reviews-title">{t('account.reviews')}</h2>
        {reviews === null ? (
          <p aria-busy="true">{t('common.loading')}</p>
        ) : reviews.length === 0 ? (
          <p>{t('account.noReviews')}</p>
        ) : (
          <ul className="reviews">
            {reviews.map((r, i) => (
              <li key={r.id ?? i}>
                <h3>{r.title}</h3>
                <p>{r.detail}</p>
                <p className="muted">
                  {t('review.by', { nickname: r.nickname, date: formatDate(r.created_at) })}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

export default function MyAccount() {
  const t = useAccountT();
  const firstname = useUser((s) => s.current?.firstname ?? '');
  return (
    <AccountLayout title={t('account.title')}>
      {firstname ? <p className="lead">{t('account.hello', { name: firstname })}</p> : null}
      <Engagement />
    </AccountLayout>
  );
}
