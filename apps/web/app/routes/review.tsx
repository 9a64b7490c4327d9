import { localizedPath, validateRequired } from '@vitrina/domain';
import { Link } from 'react-router';
import type { Route } from './+types/review';
import { FormAlert } from '../components/account/forms';
import { privateMeta } from '../components/account/meta';
import { useForm } from '../components/account/use-form';
import { Field } from '../components/Field';
import { useAccountT } from '../i18n/account';
import { privatePageLoader } from '../lib/seo.server';
import { useApi } from '../lib/use-api';

export const loader = privatePageLoader;

export const meta: Route.MetaFunction = ({ data }) => privateMeta(data, 'review.title', 'review.description');

interface ReviewValues extends Record<string, string> {
  title: string;
  detail: string;
  nickname: string;
  rating: string;
}

/** Order feedback (`POST /review/create`, 200 = success); a second time: "Feedback for this order already filled". */
export default function OrderFeedback({ params }: Route.ComponentProps) {
  const t = useAccountT();
  const api = useApi();
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
      });
    },
  });

  return (
    <section className="narrow">
      <h1>{t('review.title')}</h1>
      {f.done ? (
        <p role="status">{t('review.thanks')}</p>
      ) : (
        <form ref={f.form} noValidate onSubmit={f.onSubmit}>
          <p>{t('review.heading', { number: params.number })}</p>
          <FormAlert>{f.alert}</FormAlert>
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
          <Field id="review-title" label={t('review.titleField')} required {...f.bind('title')} />
          <Field
            multiline
            id="review-detail"
            label={t('review.detail')}
            required
            rows={5}
            {...f.bind('detail')}
          />
          <Field
            id="review-nickname"
            label={t('review.nickname')}
            autoComplete="nickname"
            required
            {...f.bind('nickname')}
          />
          <button type="submit" className="btn btn-primary" disabled={f.busy}>
            {f.busy ? t('auth.wait') : t('review.submit')}
          </button>
        </form>
      )}
      <p>
        <Link to={localizedPath(t.storeCode, '/')}>{t('common.backHome')}</Link>
      </p>
    </section>
  );
}
