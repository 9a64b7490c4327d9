/**
 * One coupon (roles catalog and admin): create, edit, turn off or on. The form is the import file's
 * coupon record (the API validates it with the import file's schema and names each field it refuses).
 * A fixed amount and the minimum subtotal are typed in euros and cents EXCLUDING VAT, as in the import
 * file: the cart makes them gross at the delivery country's VAT (apps/api cart/pricing.ts).
 */
import type { ReactNode } from 'react';
import { formatDate } from '@vitrina/domain';
import { Form, redirect, useActionData, useLoaderData, useSearchParams } from 'react-router';
import { Link } from '../../lib/link';
import type { Route } from './+types/promotion';
import { adminPath, adminT, type AdminKey } from '../../admin/i18n';
import { formFields, langOf, resultOrThrow, staffApi, toLogin } from '../../admin/staff-api.server';
import type { CouponItem } from './promotions';

export async function loader(args: Route.LoaderArgs) {
  const lang = langOf(args.request);
  const code = args.params.code;
  if (code === 'new') return { lang, coupon: null };
  const coupon = resultOrThrow(
    await staffApi<CouponItem>(args, `/coupons/${encodeURIComponent(code)}`),
    args.request,
  );
  return { lang, coupon };
}

/** euros as typed in either language ("5,00", "1 234.50") as the import file reads them ("5.00"); '' → null */
const amount = (text: string | undefined) => {
  const s = (text ?? '').replace(/[\s\u00A0€%]/g, '').replace(',', '.');
  return s === '' ? null : s;
};
const orNull = (text: string | undefined) => (text?.trim() ? text.trim() : null);

export async function action(args: Route.ActionArgs) {
  const lang = langOf(args.request);
  const f = await formFields(args.request);
  const code = args.params.code;
  let answer;
  if (f.intent === 'active') {
    answer = await staffApi<CouponItem>(args, `/coupons/${encodeURIComponent(code)}/active`, {
      method: 'POST',
      body: { active: f.active === 'true' },
    });
  } else {
    const coupon = {
      ...(code === 'new' ? { code: f.code?.trim() ?? '' } : {}),
      type: f.type,
      value: amount(f.value) ?? '',
      min_subtotal: amount(f.min_subtotal),
      from_date: orNull(f.from_date),
      to_date: orNull(f.to_date),
      uses_per_coupon: orNull(f.uses_per_coupon),
      uses_per_customer: orNull(f.uses_per_customer),
      is_active: f.is_active === 'on',
    };
    answer = await staffApi<CouponItem>(
      args,
      code === 'new' ? '/coupons' : `/coupons/${encodeURIComponent(code)}`,
      {
        method: 'POST',
        body: { ...(f.version ? { version: Number(f.version) } : {}), coupon },
      },
    );
  }
  if (!answer.ok && answer.status === 401) throw toLogin(args.request);
  if (answer.ok)
    return redirect(`${adminPath(lang, `/promotions/${encodeURIComponent(answer.result.code)}`)}?saved=1`);
  // the typed values come back, so a refused save loses nothing
  return { message: answer.message, errors: answer.errors ?? [], fields: f };
}

const FIELD_LABELS: Record<string, AdminKey> = {
  code: 'promo.code',
  type: 'promo.type',
  value: 'promo.value',
  min_subtotal: 'promo.minSubtotalField',
  from_date: 'promo.fromDate',
  to_date: 'promo.toDate',
  uses_per_coupon: 'promo.usesPerCoupon',
  uses_per_customer: 'promo.usesPerCustomer',
};

export default function AdminPromotion() {
  const { lang, coupon: c } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const t = adminT(lang);
  const sent = result?.fields.intent === 'save' ? result.fields : null;
  const dv = (name: string, stored: string) => (sent && name in sent ? (sent[name] as string) : stored);
  const euros = (cents: number | null | undefined) =>
    cents == null ? '' : (cents / 100).toFixed(2).replace('.', lang === 'lt' ? ',' : '.');
  const errorOf = (name: string) => result?.errors.find((e) => e.field === name)?.message;
  /** a labelled field with its own error message read with it */
  const field = (name: string, input: (props: Record<string, unknown>) => ReactNode) => {
    const error = errorOf(name);
    return (
      <label key={name}>
        {t(FIELD_LABELS[name]!)}
        {input({
          name,
          id: `f-${name}`,
          ...(error ? { 'aria-invalid': true, 'aria-describedby': `e-${name}` } : {}),
        })}
        {error ? (
          <span className="admin-field-error" id={`e-${name}`}>
            {error}
          </span>
        ) : null}
      </label>
    );
  };
  return (
    <>
      <p>
        <Link to={adminPath(lang, '/promotions')}>{t('promo.backToList')}</Link>
      </p>
      <h1>{c ? t('promo.title', { code: c.code }) : t('promo.newTitle')}</h1>
      {params.get('saved') && !result ? (
        <p className="admin-note" role="status">
          {t('promo.saved')}
        </p>
      ) : null}
      {result?.message ? (
        <div className="admin-alert" role="alert">
          <p>{result.errors.length ? t('promo.fieldErrors') : result.message}</p>
          {result.errors.length ? (
            <ul>
              {result.errors.map((e) => (
                <li key={e.field}>
                  <a href={`#f-${e.field}`}>
                    {FIELD_LABELS[e.field] ? t(FIELD_LABELS[e.field]!) : e.field}: {e.message}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {c ? (
        <p>
          {t('promo.usesSoFar', {
            orders: c.orders,
            customers: c.customers,
            most: c.most_by_one_customer,
            times: c.times_used,
          })}
        </p>
      ) : null}
      <p>{t('promo.netNote')}</p>
      <Form method="post" reloadDocument>
        <input type="hidden" name="intent" value="save" />
        {c ? <input type="hidden" name="version" value={sent?.version ?? c.version} /> : null}
        <div className="admin-grid">
          {c
            ? null
            : field('code', (p) => (
                <input {...p} required autoComplete="off" defaultValue={dv('code', '')} />
              ))}
          {field('type', (p) => (
            <select {...p} defaultValue={dv('type', c?.type ?? 'percent')}>
              <option value="percent">{t('promo.percent')}</option>
              <option value="fixed">{t('promo.fixed')}</option>
            </select>
          ))}
          {field('value', (p) => (
            <input
              {...p}
              required
              inputMode="decimal"
              defaultValue={dv('value', c ? (c.type === 'percent' ? String(c.value) : euros(c.value)) : '')}
            />
          ))}
          {field('min_subtotal', (p) => (
            <input
              {...p}
              inputMode="decimal"
              defaultValue={dv('min_subtotal', euros(c?.min_subtotal_cents))}
            />
          ))}
          {field('from_date', (p) => (
            <input
              {...p}
              type="date"
              defaultValue={dv('from_date', c?.from_date ? formatDate(c.from_date) : '')}
            />
          ))}
          {field('to_date', (p) => (
            <input {...p} type="date" defaultValue={dv('to_date', c?.to_date ? formatDate(c.to_date) : '')} />
          ))}
          {field('uses_per_coupon', (p) => (
            <input
              {...p}
              inputMode="numeric"
              defaultValue={dv('uses_per_coupon', String(c?.uses_per_coupon ?? ''))}
            />
          ))}
          {field('uses_per_customer', (p) => (
            <input
              {...p}
              inputMode="numeric"
              defaultValue={dv('uses_per_customer', String(c?.uses_per_customer ?? ''))}
            />
          ))}
          <label className="admin-check">
            <input
              type="checkbox"
              name="is_active"
              defaultChecked={sent ? sent.is_active === 'on' : (c?.is_active ?? true)}
            />
            {t('promo.enabled')}
          </label>
        </div>
        <p>{t('promo.perCustomerHint')}</p>
        <button type="submit">{c ? t('promo.save') : t('promo.create')}</button>
      </Form>
      {c ? (
        <div className="admin-actions">
          <Form method="post" reloadDocument>
            <input type="hidden" name="intent" value="active" />
            <input type="hidden" name="active" value={c.is_active ? 'false' : 'true'} />
            <button type="submit">{c.is_active ? t('promo.disable') : t('promo.enable')}</button>
          </Form>
        </div>
      ) : null}
    </>
  );
}
