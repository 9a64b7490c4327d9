import { formatDate } from '@vitrina/domain';
import { useAccountT } from '../../../i18n/account';
import type { EngagementModel } from '../hooks/use-engagement';

/** The loyalty card (claims) and the customer's own reviews. */
export function Engagement({ model: { claims, reviews } }: { model: EngagementModel }) {
  const t = useAccountT();
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
