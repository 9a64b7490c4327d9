/**
 * A customer's profile (roles staff and admin): details, addresses, orders (each linking to the
 * order's page), newsletter state, and disabling or enabling the account (a POST form: the staff
 * session's SameSite=Strict cookie is the CSRF defence; the API audits it).
 */
import { formatDate, formatDateTime, formatPrice } from '@vitrina/domain';
import { Form, useActionData, useLoaderData } from 'react-router';
import { Link } from '../../lib/link';
import type { Route } from './+types/customer';
import { ScrollRegion } from '../../admin/ScrollRegion';
import { adminPath, adminT, type AdminKey } from '../../admin/i18n';
import { statusLabels } from '../../admin/labels.server';
import { formFields, langOf, resultOrThrow, staffApi, toLogin } from '../../admin/staff-api.server';

type Address = Record<string, unknown>;
type Profile = {
  id: number;
  email: string;
  name: string;
  phone: string | null;
  created_at: string;
  disabled: boolean;
  disabled_at: string | null;
  store_code: string;
  group_id: number;
  addresses: Address[];
  newsletter: string | null;
  order_list: {
    id: number;
    number: string;
    created_at: string;
    status: string;
    payment_status: string;
    grand_total: number;
  }[];
};

export async function loader(args: Route.LoaderArgs) {
  const lang = langOf(args.request);
  const profile = resultOrThrow(
    await staffApi<Profile>(args, `/customers/${encodeURIComponent(args.params.id)}`),
    args.request,
  );
  return { lang, profile, labels: statusLabels(lang) };
}

export async function action(args: Route.ActionArgs) {
  const fields = await formFields(args.request);
  const change = fields.change === 'enable' ? 'enable' : 'disable';
  const answer = await staffApi<Profile>(args, `/customers/${encodeURIComponent(args.params.id)}/${change}`, {
    method: 'POST',
  });
  if (!answer.ok && answer.status === 401) throw toLogin(args.request);
  return answer.ok ? { done: change, message: null } : { done: null, message: answer.message };
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

function addressLines(a: Address): string[] {
  const street = Array.isArray(a.street)
    ? a.street.filter((s): s is string => typeof s === 'string' && s !== '').join(', ')
    : text(a.street);
  return [
    [text(a.firstname), text(a.lastname)].filter(Boolean).join(' '),
    text(a.company),
    street,
    [text(a.postcode), text(a.city)].filter(Boolean).join(' '),
    text(a.country_id),
    text(a.telephone),
  ].filter(Boolean);
}

export default function AdminCustomer() {
  const { lang, profile: c, labels } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = adminT(lang);
  return (
    <>
      <p>
        <Link to={adminPath(lang, '/customers')}>{t('customer.backToList')}</Link>
      </p>
      <h1>{t('customer.title', { name: c.name || c.email })}</h1>
      {result?.message ? (
        <p className="admin-alert" role="alert">
          {result.message}
        </p>
      ) : null}
      {result?.done ? (
        <p className="admin-note" role="status">
          {t(result.done === 'disable' ? 'customer.disabledDone' : 'customer.enabledDone')}
        </p>
      ) : null}
      <div className="admin-grid">
        <section>
          <h2 id="details">{t('customer.details')}</h2>
          <dl>
            <dt>{t('customers.name')}</dt>
            <dd>{c.name}</dd>
            <dt>{t('common.email')}</dt>
            <dd>
              <a href={`mailto:${c.email}`}>{c.email}</a>
            </dd>
            <dt>{t('customers.phone')}</dt>
            <dd>{c.phone ?? ''}</dd>
            <dt>{t('customers.since')}</dt>
            <dd>{formatDate(c.created_at)}</dd>
            <dt>{t('customer.language')}</dt>
            <dd>{c.store_code}</dd>
            <dt>{t('customer.group')}</dt>
            <dd>{c.group_id}</dd>
            <dt>{t('customer.newsletter')}</dt>
            <dd>{t(`customer.newsletter.${c.newsletter ?? 'none'}` as AdminKey)}</dd>
          </dl>
        </section>
        <section>
          <h2 id="account">{t('customer.account')}</h2>
          <p>
            {c.disabled && c.disabled_at
              ? t('customer.disabledSince', { at: formatDateTime(c.disabled_at) })
              : t('customers.active')}
          </p>
          <Form method="post" className="admin-actions">
            <input type="hidden" name="change" value={c.disabled ? 'enable' : 'disable'} />
            {c.disabled ? null : (
              <p className="admin-hint" id="disable-hint">
                {t('customer.disableHint')}
              </p>
            )}
            <button
              type="submit"
              className={c.disabled ? undefined : 'secondary'}
              aria-describedby={c.disabled ? undefined : 'disable-hint'}
            >
              {t(c.disabled ? 'customer.enable' : 'customer.disable')}
            </button>
          </Form>
        </section>
      </div>
      <h2 id="addresses">{t('customer.addresses')}</h2>
      {c.addresses.length === 0 ? (
        <p>{t('customer.noAddresses')}</p>
      ) : (
        <div className="admin-grid" aria-labelledby="addresses" role="group">
          {c.addresses.map((a, i) => (
            <address key={i} aria-label={t('customer.address', { n: i + 1 })}>
              {addressLines(a).map((line, j) => (
                <div key={j}>{line}</div>
              ))}
            </address>
          ))}
        </div>
      )}
      <h2 id="orders">{t('customers.orders')}</h2>
      {c.order_list.length === 0 ? (
        <p>{t('customer.noOrders')}</p>
      ) : (
        <ScrollRegion label={t('customers.orders')}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('customer.number')}</th>
                <th scope="col">{t('common.date')}</th>
                <th scope="col">{t('common.status')}</th>
                <th scope="col" className="num">
                  {t('customer.total')}
                </th>
              </tr>
            </thead>
            <tbody>
              {c.order_list.map((o) => (
                <tr key={o.id}>
                  <td>
                    <Link to={adminPath(lang, `/orders/${o.id}`)}>{o.number}</Link>
                  </td>
                  <td>{formatDateTime(o.created_at)}</td>
                  <td>
                    {labels.order[o.status] ?? o.status} ·{' '}
                    {labels.payment[o.payment_status] ?? o.payment_status}
                  </td>
                  <td className="num">{formatPrice(o.grand_total, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </>
  );
}
