/**
 * The delivery and payment methods: every role that works with orders sees them; an administrator
 * changes a shipping method's price, free-shipping threshold, countries and on/off, and a payment
 * method's on/off and position (the API refuses anyone else). Amounts are typed in euros EXCLUDING
 * VAT, as in the import file; the checkout adds the destination's VAT (apps/api cart/pricing.ts).
 */
import { Form, redirect, useActionData, useLoaderData, useSearchParams } from 'react-router';
import type { Route } from './+types/delivery';
import { adminPath, adminT } from '../../admin/i18n';
import { formFields, langOf, resultOrThrow, staffApi, toLogin } from '../../admin/staff-api.server';

type Localized = Record<string, string>;
type Shipping = {
  code: string;
  title: Localized;
  price_cents: number;
  free_threshold_cents: number | null;
  countries: string[];
  is_active: boolean;
};
type Payment = { code: string; title: Localized; is_active: boolean; position: number };

export async function loader(args: Route.LoaderArgs) {
  const lang = langOf(args.request);
  const shipping = resultOrThrow(
    await staffApi<{ items: Shipping[] }>(args, '/shipping-methods'),
    args.request,
  );
  const payment = resultOrThrow(await staffApi<{ items: Payment[] }>(args, '/payment-methods'), args.request);
  const me = resultOrThrow(await staffApi<{ role: string }>(args, '/me'), args.request);
  return { lang, shipping: shipping.items, payment: payment.items, canEdit: me.role === 'admin' };
}

const amount = (text: string | undefined) => {
  const s = (text ?? '').replace(/[\s\u00A0€]/g, '').replace(',', '.');
  return s === '' ? null : s;
};

export async function action(args: Route.ActionArgs) {
  const lang = langOf(args.request);
  const f = await formFields(args.request);
  const code = f.code ?? '';
  const answer =
    f.kind === 'shipping'
      ? await staffApi(args, `/shipping-methods/${encodeURIComponent(code)}`, {
          method: 'POST',
          body: {
            changes: {
              price: amount(f.price) ?? '',
              free_threshold: amount(f.free_threshold),
              countries: (f.countries ?? '')
                .split(/[\s,]+/)
                .filter(Boolean)
                .map((c) => c.toUpperCase()),
              is_active: f.is_active === 'on',
            },
          },
        })
      : await staffApi(args, `/payment-methods/${encodeURIComponent(code)}`, {
          method: 'POST',
          body: { changes: { is_active: f.is_active === 'on', position: f.position ?? '' } },
        });
  if (!answer.ok && answer.status === 401) throw toLogin(args.request);
  if (answer.ok) return redirect(`${adminPath(lang, '/delivery')}?saved=1`);
  return { code, message: answer.message, errors: answer.errors ?? [] };
}

export default function AdminDelivery() {
  const { lang, shipping, payment, canEdit } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const t = adminT(lang);
  const title = (l: Localized) => l[lang] ?? l.lt ?? Object.values(l)[0] ?? '';
  const euros = (cents: number | null) =>
    cents == null ? '' : (cents / 100).toFixed(2).replace('.', lang === 'lt' ? ',' : '.');
  const disabled = !canEdit;
  return (
    <>
      <h1>{t('area.delivery')}</h1>
      {params.get('saved') && !result ? (
        <p className="admin-note" role="status">
          {t('delivery.saved')}
        </p>
      ) : null}
      {result?.message ? (
        <div className="admin-alert" role="alert">
          <p>
            {result.code}: {result.message}
          </p>
        </div>
      ) : null}
      {canEdit ? null : <p>{t('delivery.readOnly')}</p>}
      <p>{t('delivery.netNote')}</p>
      <h2>{t('delivery.shipping')}</h2>
      {shipping.map((m) => (
        <Form method="post" reloadDocument key={m.code} className="admin-grid">
          <fieldset disabled={disabled}>
            <legend>
              {title(m.title)} ({m.code})
            </legend>
            <input type="hidden" name="kind" value="shipping" />
            <input type="hidden" name="code" value={m.code} />
            <label>
              {t('delivery.price')}
              <input name="price" inputMode="decimal" required defaultValue={euros(m.price_cents)} />
            </label>
            <label>
              {t('delivery.threshold')}
              <input name="free_threshold" inputMode="decimal" defaultValue={euros(m.free_threshold_cents)} />
            </label>
            <label>
              {t('delivery.countries')}
              <input name="countries" defaultValue={m.countries.join(', ')} />
            </label>
            <label className="admin-check">
              <input type="checkbox" name="is_active" defaultChecked={m.is_active} />
              {t('delivery.active')}
            </label>
            {canEdit ? <button type="submit">{t('delivery.save', { method: title(m.title) })}</button> : null}
          </fieldset>
        </Form>
      ))}
      <h2>{t('delivery.payment')}</h2>
      {payment.map((m) => (
        <Form method="post" reloadDocument key={m.code} className="admin-grid">
          <fieldset disabled={disabled}>
            <legend>
              {title(m.title)} ({m.code})
            </legend>
            <input type="hidden" name="kind" value="payment" />
            <input type="hidden" name="code" value={m.code} />
            <label className="admin-check">
              <input type="checkbox" name="is_active" defaultChecked={m.is_active} />
              {t('delivery.active')}
            </label>
            <label>
              {t('delivery.position')}
              <input name="position" inputMode="numeric" defaultValue={String(m.position)} />
            </label>
            {canEdit ? <button type="submit">{t('delivery.save', { method: title(m.title) })}</button> : null}
          </fieldset>
        </Form>
      ))}
    </>
  );
}
