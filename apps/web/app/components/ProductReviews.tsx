import { formatDate, staticPagePath } from '@vitrina/domain';
import { useEffect, useState } from 'react';
import { useT } from '../i18n';
import type { Review } from '../lib/types';
import { useApi } from '../api-client/use-api';
import { Link } from '../lib/link';

/**
 * The product's reviews (`GET /review/list?productId`; verified purchases marked), fetched in the
 * browser.
 */
export function ProductReviews({ productId }: { productId: number }) {
  const t = useT();
  const api = useApi();
  const [reviews, setReviews] = useState<Review[] | null>(null);

  useEffect(() => {
    let live = true;
    api.review.list(productId).then(
      (r) => live && setReviews(r.items),
      () => live && setReviews([]),
    );
    return () => {
      live = false;
    };
  }, [api, productId]);

  return (
    <section aria-labelledby="reviews" className="product-reviews">
      <h2 id="reviews">{t('review.list')}</h2>
      {/* who may review and what "verified purchase" means (the Omnibus rule on reviews) */}
      <p className="muted reviews-checked">
        <Link to={staticPagePath('how-reviews-are-checked', t.storeCode)}>{t('reviewsInfo.link')}</Link>
      </p>
      {reviews === null ? (
        <p aria-busy="true">{t('common.loading')}</p>
      ) : reviews.length === 0 ? (
        <p>{t('review.none')}</p>
      ) : (
        <ul className="reviews">
          {reviews.map((r, i) => (
            <li key={r.id ?? i}>
              <h3>{r.title}</h3>
              {r.rating ? (
                <p className="rating" aria-label={`${t('review.rating')}: ${r.rating}/5`}>
                  {'★'.repeat(r.rating)}
                </p>
              ) : null}
              <p>{r.detail}</p>
              <p className="muted">
                {t('review.by', { nickname: r.nickname, date: formatDate(r.created_at) })}
                {r.verified_purchase ? <span className="badge">{t('review.verified')}</span> : null}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
