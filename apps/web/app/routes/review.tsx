import { localizedPath, validateRequired } from '@vitrina/domain';
import { useSearchParams } from 'react-router';
import { Link } from '../lib/link';
import type { Route } from './+types/review';
import { privateMeta } from '../components/account/meta';
import { useForm } from '../components/account/use-form';
import { FieldForm } from '../components/FieldForm';
import { useAccountT } from '../i18n/account';
import { privatePageLoader } from '../lib/seo.server';
import { useApi } from '../api-client/use-api';

export const loader = privatePageLoader;

export const meta: Route.MetaFunction = ({ data }) => privateMeta(data, 'review.title', 'review.description');

interface ReviewValues extends Record<string, string> {
  title: string;
  detail: string;
  nickname: string;
  rating: string;
}

/**
 * Order feedback (`POST /review/create`, 200 = success); a second time: "Feedback for this order
 * already filled". With `?product=<id>` (a product of the order) it is that product's review;
 * without, feedback on the order as a whole, which staff read and no product page shows.
 */
export default function OrderFeedback({ params }: Route.ComponentProps) {
  const t = useAccountT();
  const api = useApi();
  const [search] = useSearchParams();
  const product = Number(search.get('product'));
  const f = useForm<ReviewValues>({
    t,
    initial: { title: '', detail: '', nickname: '', rating: '5' },
    rules: {
      title: [validateRequired],
      detail: [validateRequired],
      nickname: [validateRequired],
    },
    submit: async (v) => {
      await api.review.create({
        orderToken: params.orderToken,
        number: params.number,
        title: v.title.trim(),
        detail: v.detail.trim(),
        nickname: v.nickname.trim(),
        rating: Number(v.rating),
        ...(Number.isInteger(product) && product > 0 ? { product_id: product } : {}),
      });
    },
  });

  return (
    <section className="narrow">
      <h1>{t('review.title')}</h1>
      <FieldForm
        form={f}
        idPrefix="review"
        intro={<p>{t('review.heading', { number: params.number })}</p>}
        fields={[
          { name: 'title', label: t('review.titleField'), required: true },
          { name: 'detail', label: t('review.detail'), required: true, rows: 5 },
          { name: 'nickname', label: t('review.nickname'), autoComplete: 'nickname', required: true },
        ]}
        submitLabel={t('review.submit')}
        done={<p role="status">{t('review.thanks')}</p>}
      >
        <div className="field">
          <label htmlFor="review-rating">{t('review.rating')}</label>
          <select id="review-rating" value={f.values.rating} onChange={f.onChange('rating')}>
            {['5', '4', '3', '2', '1'].map((r) => (
              <option key={r} value={r}>
                {'★'.repeat(Number(r))}
              </option>
            ))}
          </select>
        </div>
      </FieldForm>
      <p>
        <Link to={localizedPath(t.storeCode, '/')}>{t('common.backHome')}</Link>
      </p>
    </section>
  );
}
