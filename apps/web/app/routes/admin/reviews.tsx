/** Reviews in the back office: newest first, filtered by status; hide or show each (audited by the API). */
import { formatDateTime } from '@vitrina/domain';
import { Form, useActionData, useLoaderData, useLocation } from 'react-router';
import type { Route } from './+types/reviews';
import { Pager } from '../../admin/Pager';
import { ScrollRegion } from '../../admin/ScrollRegion';
import { adminT, type AdminKey } from '../../admin/i18n';
import { formFields, langOf, resultOrThrow, staffApi, toLogin } from '../../admin/staff-api.server';

type Review = { id: number; title: string; detail: string; nickname: string; rating: number | null; status: string; created_at: string; sku: string | null; order_number: string | null };
type ReviewPage = { items: Review[]; total: number; page: number; size: number };
/** feedback on an order as a whole (delivery, service): read here, never a product's review */
type OrderFeedback = { id: number; title: string; detail: string; nickname: string; rating: number | null; created_at: string; order_number: string | null };
type FeedbackPage = { items: OrderFeedback[]; total: number; page: number; size: number };
const FEEDBACK_SHOWN = 20;

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const query = new URLSearchParams();
  for (const key of ['status', 'page']) {
    const value = url.searchParams.get(key);
    if (value) query.set(key, value);
  }
  return {
    lang: langOf(args.request),
    list: resultOrThrow(await staffApi<ReviewPage>(args, `/reviews?${query}`), args.request),
    feedback: resultOrThrow(await staffApi<FeedbackPage>(args, `/order-feedback?size=${FEEDBACK_SHOWN}`), args.request),
  };
}

export async function action(args: Route.ActionArgs) {
  const fields = await formFields(args.request);
  const answer = await staffApi<boolean>(args, `/reviews/${encodeURIComponent(fields.id ?? '')}/status`, {
    method: 'POST',
    body: { status: fields.status },
  });
  if (!answer.ok && answer.status === 401) throw toLogin(args.request);
  return answer.ok ? { message: null } : { message: answer.message };
}

export default function AdminReviews() {
  const { lang, list, feedback } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { search } = useLocation();
  const t = adminT(lang);
  const status = new URLSearchParams(search).get('status') ?? '';
  return (
    <>
      <h1>{t('area.reviews')}</h1>
      {result?.message ? (
        <p className="admin-alert" role="alert">
          {result.message}
        </p>
      ) : null}
      <form method="get" className="admin-filters" aria-label={t('area.reviews')}>
        <label>
          {t('common.status')}
          <select name="status" defaultValue={status}>
            <option value="">{t('common.any')}</option>
            {(['approved', 'hidden', 'pending'] as const).map((s) => (
              <option key={s} value={s}>
                {t(`reviewStatus.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit">{t('common.filter')}</button>
      </form>
      {list.items.length === 0 ? (
        <p>{t('common.none')}</p>
      ) : (
        <ScrollRegion label={t('area.reviews')}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('common.date')}</th>
                <th scope="col">{t('reviews.product')}</th>
                <th scope="col">{t('reviews.review')}</th>
                <th scope="col">{t('reviews.rating')}</th>
                <th scope="col">{t('reviews.author')}</th>
                <th scope="col">{t('common.status')}</th>
                <th scope="col">{t('common.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((r) => (
                <tr key={r.id}>
                  <td>{formatDateTime(r.created_at)}</td>
                  <td>
                    {r.sku ?? ''}
                    {r.order_number ? ` (#${r.order_number})` : ''}
                  </td>
                  <td className="admin-message">
                    <strong>{r.title}</strong>
                    <br />
                    {r.detail}
                  </td>
                  <td>{r.rating ?? ''}</td>
                  <td>{r.nickname}</td>
                  <td>{t(`reviewStatus.${r.status}` as AdminKey)}</td>
                  <td>
                    <Form method="post">
                      <input type="hidden" name="id" value={r.id} />
                      <input type="hidden" name="status" value={r.status === 'hidden' ? 'approved' : 'hidden'} />
                      <button type="submit" className="secondary" aria-label={`${r.status === 'hidden' ? t('reviews.show') : t('reviews.hide')}: ${r.title}`}>
                        {r.status === 'hidden' ? t('reviews.show') : t('reviews.hide')}
                      </button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <Pager t={t} page={list.page} size={list.size} total={list.total} search={search} />
      <h2 id="order-feedback">{t('feedback.heading')}</h2>
      <p className="muted">{t('feedback.note', { count: feedback.items.length, total: feedback.total })}</p>
      {feedback.items.length === 0 ? (
        <p>{t('common.none')}</p>
      ) : (
        <ScrollRegion label={t('feedback.heading')}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('common.date')}</th>
                <th scope="col">{t('feedback.order')}</th>
                <th scope="col">{t('reviews.review')}</th>
                <th scope="col">{t('reviews.rating')}</th>
                <th scope="col">{t('reviews.author')}</th>
              </tr>
            </thead>
            <tbody>
              {feedback.items.map((f) => (
                <tr key={f.id}>
                  <td>{formatDateTime(f.created_at)}</td>
                  <td>{f.order_number ? `#${f.order_number}` : ''}</td>
                  <td className="admin-message">
                    <strong>{f.title}</strong>
                    <br />
                    {f.detail}
                  </td>
                  <td>{f.rating ?? ''}</td>
                  <td>{f.nickname}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </>
  );
}
