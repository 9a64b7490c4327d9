import { localizedPath, validateFields, validateRequired } from '@vitrina/domain';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { Route } from './+types/review';
import { FormAlert, focusFirstInvalid, messages, type Errors } from '../components/account/forms';
import { privateMeta } from '../components/account/meta';
import { Field } from '../components/Field';
import { useAccountT } from '../i18n/account';
import { ApiError } from '../lib/api';
import { seoForRequest } from '../lib/seo.server';
import { storeCodeOfRequest } from '../lib/store';
import { useApi } from '../lib/use-api';

export function loader({ request }: Route.LoaderArgs) {
  const storeCode = storeCodeOfRequest(request);
  return { storeCode, seo: seoForRequest(request, storeCode) };
}

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
  const [values, setValues] = useState<ReviewValues>({ title: '', detail: '', nickname: '', rating: '5' });
  const [errors, setErrors] = useState<Errors<ReviewValues>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const set = (k: keyof ReviewValues) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [k]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setAlert(null);
    const errs = messages<ReviewValues>(
      t,
      validateFields(values, {
        title: [validateRequired],
        detail: [validateRequired],
        nickname: [validateRequired],
      }),
    );
    setErrors(errs);
    if (Object.keys(errs).length) return focusFirstInvalid(form.current);
    setBusy(true);
    try {
      await api.review.create({
        orderToken: params.orderToken,
        number: params.number,
        title: values.title.trim(),
        detail: values.detail.trim(),
        nickname: values.nickname.trim(),
        rating: Number(values.rating),
      });
      setDone(true);
    } catch (err) {
      setAlert(err instanceof ApiError && err.message ? t.msg(err.message) : t.msg('error.generic'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="narrow">
      <h1>{t('review.title')}</h1>
      {done ? (
        <p role="status">{t('review.thanks')}</p>
      ) : (
        <form ref={form} noValidate onSubmit={submit}>
          <p>{t('review.heading', { number: params.number })}</p>
          <FormAlert>{alert}</FormAlert>
          <div className="field">
            <label htmlFor="review-rating">{t('review.rating')}</label>
            <select id="review-rating" value={values.rating} onChange={set('rating')}>
              {['5', '4', '3', '2', '1'].map((r) => (
                <option key={r} value={r}>
                  {'★'.repeat(Number(r))}
                </option>
              ))}
            </select>
          </div>
          <Field
            id="review-title"
            label={t('review.titleField')}
            required
            value={values.title}
            onChange={set('title')}
            error={errors.title}
          />
          <div className="field">
            <label htmlFor="review-detail">{t('review.detail')}</label>
            <textarea
              id="review-detail"
              required
              rows={5}
              value={values.detail}
              onChange={set('detail')}
              aria-invalid={errors.detail ? true : undefined}
              aria-describedby={errors.detail ? 'review-detail-error' : undefined}
            />
            {errors.detail ? (
              <p id="review-detail-error" className="field-error">
                {errors.detail}
              </p>
            ) : null}
          </div>
          <Field
            id="review-nickname"
            label={t('review.nickname')}
            autoComplete="nickname"
            required
            value={values.nickname}
            onChange={set('nickname')}
            error={errors.nickname}
          />
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t('auth.wait') : t('review.submit')}
          </button>
        </form>
      )}
      <p>
        <Link to={localizedPath(t.storeCode, '/')}>{t('common.backHome')}</Link>
      </p>
    </section>
  );
}
