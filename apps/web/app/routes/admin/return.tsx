/**
 * One return in the back office (docs/legal.md): its lines, the withdrawal it came from, its history,
 * and the steps its state allows (received, inspected, back in stock or not with the grade). The
 * refund is not made here: the order page makes partial refunds and credit notes, linked below.
 */
import { centsToDecimalString, formatDateTime, formatPrice, RETURN_GRADES } from '@vitrina/domain';
import { Form, useActionData, useLoaderData } from 'react-router';
import type { Route } from './+types/return';
import { Link } from '../../lib/link';
import { ScrollRegion } from '../../admin/ScrollRegion';
import { adminPath, adminT, type AdminKey, type AdminLang } from '../../admin/i18n';
import { formFields, langOf, resultOrThrow, staffApi, toLogin } from '../../admin/staff-api.server';
import { centsOf } from '../../admin/cents';

type ReturnDetail = {
  id: number;
  order_id: number;
  number: string;
  email: string;
  store_code: string;
  reason: string;
  state: string;
  grade: string | null;
  note: string | null;
  created_by: string;
  restocked_at: string | null;
  created_at: string;
  withdrawal: { id: number; declared_at: string; declared_by: string } | null;
  lines: { order_item_id: number; qty: number; ordered: number; sku: string; name: string }[];
  history: {
    from_state: string | null;
    to_state: string;
    actor_kind: string;
    staff_email: string | null;
    note: string | null;
    created_at: string;
  }[];
  actions: string[];
  refund: {
    proposal_cents: number;
    shipping: boolean;
    refundable_cents: number;
    refund: { id: number; total_cents: number; status: string } | null;
  } | null;
};

export async function loader(args: Route.LoaderArgs) {
  const ret = resultOrThrow(
    await staffApi<ReturnDetail>(args, `/returns/${encodeURIComponent(args.params.id)}`),
    args.request,
  );
  return { lang: langOf(args.request), ret };
}

export async function action(args: Route.ActionArgs) {
  const f = await formFields(args.request);
  if (f.intent === 'refund') {
    const answer = await staffApi<unknown>(args, `/returns/${encodeURIComponent(args.params.id)}/refund`, {
      method: 'POST',
      body: { amountCents: centsOf(f.amount) ?? -1, reason: f.reason ?? '' },
    });
    if (!answer.ok && answer.status === 401) throw toLogin(args.request);
    return answer.ok ? { ok: true as const, message: null } : { ok: false as const, message: answer.message };
  }
  const body: Record<string, unknown> = { action: f.action, ...(f.note ? { note: f.note } : {}) };
  if (f.action === 'not_restock') body.grade = f.grade ?? '';
  const answer = await staffApi<unknown>(args, `/returns/${encodeURIComponent(args.params.id)}/transition`, {
    method: 'POST',
    body,
  });
  if (!answer.ok && answer.status === 401) throw toLogin(args.request);
  return answer.ok ? { ok: true as const, message: null } : { ok: false as const, message: answer.message };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? adminT(data.lang)('returns.title', { id: data.ret.id }) : 'Return' },
  { name: 'robots', content: 'noindex, nofollow' },
];

const gradeLabel = (t: ReturnType<typeof adminT>, g: string) =>
  g === 'unsellable'
    ? t('returns.grade.unsellable')
    : g === 'new'
      ? 'new'
      : g.replace('_plus', '+').toUpperCase();

export default function AdminReturn() {
  const { lang, ret } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = adminT(lang);
  const orderLink = adminPath(lang, `/orders/${ret.order_id}`);
  return (
    <>
      <p>
        <Link to={adminPath(lang, '/returns')}>{t('returns.back')}</Link>
      </p>
      <h1>{t('returns.title', { id: ret.id })}</h1>
      {result?.message ? (
        <p className="admin-alert" role="alert">
          {result.message}
        </p>
      ) : result?.ok ? (
        <p className="admin-note" role="status">
          {t('common.done')}
        </p>
      ) : null}
      <dl>
        <dt>{t('returns.order')}</dt>
        <dd>
          <Link to={orderLink}>{ret.number}</Link> — {ret.email} ({ret.store_code})
        </dd>
        <dt>{t('returns.reason')}</dt>
        <dd>{t(`returns.reason.${ret.reason}` as AdminKey)}</dd>
        <dt>{t('returns.state')}</dt>
        <dd>
          <strong>{t(`returns.state.${ret.state}` as AdminKey)}</strong>
          {ret.grade ? ` — ${t('returns.grade')}: ${gradeLabel(t, ret.grade)}` : ''}
        </dd>
        {ret.restocked_at ? (
          <>
            <dt>{t('returns.restockedAt')}</dt>
            <dd>{formatDateTime(ret.restocked_at)}</dd>
          </>
        ) : null}
        {ret.note ? (
          <>
            <dt>{t('returns.note')}</dt>
            <dd>{ret.note}</dd>
          </>
        ) : null}
      </dl>
      {ret.withdrawal ? (
        <p className="admin-note">
          {t('returns.withdrawal', { at: formatDateTime(ret.withdrawal.declared_at) })}
        </p>
      ) : null}
      <ReturnRefund ret={ret} t={t} lang={lang} />
      <p className="admin-note">
        {t('returns.refund')} <Link to={orderLink}>{ret.number}</Link>
      </p>

      <h2>{t('order.actionsTitle')}</h2>
      {ret.actions.length === 0 ? (
        <p>{t('order.noActions')}</p>
      ) : (
        <div className="admin-actions">
          {ret.actions.map((a) => (
            <Form method="post" key={a}>
              <input type="hidden" name="action" value={a} />
              {a === 'not_restock' ? (
                <label>
                  {t('returns.grade')}
                  <select name="grade" required defaultValue="">
                    <option value="" disabled>
                      —
                    </option>
                    {RETURN_GRADES.map((g) => (
                      <option key={g} value={g}>
                        {gradeLabel(t, g)}
                      </option>
                    ))}
                  </select>
                </label>
              ) : null}
              <label>
                {t('returns.note')}
                <input name="note" />
              </label>
              <button type="submit" className={a === 'not_restock' ? 'secondary' : undefined}>
                {t(`returns.action.${a}` as AdminKey)}
              </button>
            </Form>
          ))}
        </div>
      )}

      <h2>{t('returns.lines')}</h2>
      <ScrollRegion label={t('returns.lines')}>
        <table>
          <thead>
            <tr>
              <th scope="col">{t('order.sku')}</th>
              <th scope="col">{t('order.product')}</th>
              <th scope="col" className="num">
                {t('returns.ordered')}
              </th>
              <th scope="col" className="num">
                {t('returns.returned')}
              </th>
            </tr>
          </thead>
          <tbody>
            {ret.lines.map((l) => (
              <tr key={l.order_item_id}>
                <td>{l.sku}</td>
                <td>{l.name}</td>
                <td className="num">{l.ordered}</td>
                <td className="num">{l.qty}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>

      <h2>{t('order.history')}</h2>
      <ScrollRegion label={t('order.history')}>
        <table>
          <thead>
            <tr>
              <th scope="col">{t('common.date')}</th>
              <th scope="col">{t('order.who')}</th>
              <th scope="col">{t('order.change')}</th>
              <th scope="col">{t('order.note')}</th>
            </tr>
          </thead>
          <tbody>
            {ret.history.map((h, i) => (
              <tr key={i}>
                <td>{formatDateTime(h.created_at)}</td>
                <td>{h.staff_email ?? t(`actor.${h.actor_kind}` as AdminKey)}</td>
                <td>
                  {h.from_state ? `${t(`returns.state.${h.from_state}` as AdminKey)} → ` : ''}
                  {t(`returns.state.${h.to_state}` as AdminKey)}
                </td>
                <td>{h.note ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </>
  );
}

/** cents as staff type them back: "12,34" in Lithuanian, "12.34" in English (the action reads both) */
const decimalIn = (cents: number, lang: AdminLang) =>
  lang === 'lt' ? centsToDecimalString(cents).replace('.', ',') : centsToDecimalString(cents);

/** the refund the return comes to (the API's figure), or the one made for it */
function ReturnRefund({
  ret,
  t,
  lang,
}: {
  ret: ReturnDetail;
  t: ReturnType<typeof adminT>;
  lang: AdminLang;
}) {
  const offer = ret.refund;
  if (!offer) return null;
  const money = (cents: number) => formatPrice(cents, lang);
  if (offer.refund)
    return (
      <p className="admin-note" data-testid="return-refund">
        {t('returnRefund.made', {
          amount: money(offer.refund.total_cents),
          status: t(
            offer.refund.status === 'done'
              ? 'money.refundDone'
              : offer.refund.status === 'failed'
                ? 'money.refundFailed'
                : 'money.refundPending',
          ),
        })}
      </p>
    );
  if (offer.proposal_cents <= 0) return <p className="admin-note">{t('returnRefund.nothing')}</p>;
  if (ret.state === 'requested') return <p className="admin-note">{t('returnRefund.waitReceived')}</p>;
  return (
    <Form method="post" className="admin-actions" key={`refund-${offer.proposal_cents}`}>
      <input type="hidden" name="intent" value="refund" />
      <fieldset>
        <legend>{t('returnRefund.title')}</legend>
        <p className="admin-note">
          {t('returnRefund.hint', { shipping: offer.shipping ? t('returnRefund.withShipping') : '' })}
        </p>
        <label>
          {t('returnRefund.amount', { max: money(offer.proposal_cents) })}
          <input
            name="amount"
            inputMode="decimal"
            required
            defaultValue={decimalIn(offer.proposal_cents, lang)}
          />
        </label>
        <label>
          {t('money.refundReason')}
          <input
            name="reason"
            required
            maxLength={500}
            className="admin-wide"
            defaultValue={t('returnRefund.reasonDefault', { id: ret.id })}
          />
        </label>
        <button type="submit">{t('returnRefund.submit')}</button>
      </fieldset>
    </Form>
  );
}
