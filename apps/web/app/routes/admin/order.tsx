/**
 * One order in the back office: lines with options and grades, prices and VAT per rate,
 * addresses, legal-person data, pickup point, payment attempts and history; and the actions its
 * status allows (forms posted to this route's action, which asks the API to run the lifecycle). A
 * refusal (409: the order moved on meanwhile) comes back as a message.
 */
import {
  CARRIER_TRACKING_URLS,
  formatDateTime,
  formatPrice,
  orderStatusLabelKey,
  translateMessage,
} from '@vitrina/domain';
import { Form, useActionData, useLoaderData } from 'react-router';
import { Link } from '../../lib/link';
import type { Route } from './+types/order';
import { ScrollRegion } from '../../admin/ScrollRegion';
import { adminPath, adminT, type AdminKey, type AdminT } from '../../admin/i18n';
import { paymentStatusLabel, statusLabels } from '../../admin/labels.server';
import { formFields, langOf, resultOrThrow, staffApi, toLogin } from '../../admin/staff-api.server';
import { centsOf } from '../../admin/cents';

type Address = Record<string, unknown>;
type Line = {
  id: number;
  sku: string;
  name: string;
  qty: number;
  product_option: Record<string, unknown> | null;
  grade: string | null;
  price_incl_tax: number;
  row_total_incl_tax: number;
  tax_percent: number;
};
type HistoryRow = {
  at: string;
  action: string;
  from_status: string | null;
  to_status: string;
  payment_status: string;
  who: string | null;
  actor_kind: string;
  note: string | null;
};

/** who changed the order when no staff e-mail is recorded: the kind of actor (lifecycle.ts OrderActor) */
const ACTOR_KINDS = ['staff', 'admin_token', 'customer', 'guest', 'payment', 'system'];
type StaffOrder = {
  id: number;
  number: string;
  created_at: string;
  status: string;
  payment_status: string;
  shipping_status: string;
  email: string;
  name: string;
  store_code: string;
  payment_method: string;
  shipping_method: string;
  personal_details: Address;
  billing_address: Address;
  shipping_address: Address;
  subtotal_incl_tax: number;
  discount_amount: number;
  shipping_incl_tax: number;
  payment_fee: number;
  tax_amount: number;
  grand_total: number;
  coupon_code: string | null;
  cancel_reason: string | null;
  carrier?: string | null;
  tracking_number?: string | null;
  tracking_url?: string | null;
  status_label?: string;
  is_pickup?: boolean;
  lines: Line[];
  vat_by_rate: { rate: number; gross: number; net: number; vat: number }[];
  vat_other: { gross: number; net: number; vat: number };
  payment_method_title: string;
  shipping_method_title: string;
  payments: {
    id: number;
    provider: string;
    status: string;
    amount: number;
    external_id: string | null;
    received_on: string | null;
    reference: string | null;
    created_at: string;
  }[];
  history?: HistoryRow[];
  actions?: string[];
  money: { due: number; paid: number; refunded: number; outstanding: number; refundable: number };
  shipping_refunded: boolean;
  refunded_qty: Record<string, number>;
  refunds: {
    id: number;
    method: 'provider' | 'manual';
    status: 'pending' | 'done' | 'failed';
    total: number;
    reason: string;
    error: string | null;
    reference: string | null;
    created_at: string;
    done_at: string | null;
    credit_note: string | null;
  }[];
  invoice: { number: string; issued_at: string; supplied_on: string | null } | null;
  credit_notes: { number: string; kind: string; total: number; issued_at: string; reason: string }[];
};

export async function loader(args: Route.LoaderArgs) {
  const lang = langOf(args.request);
  const order = resultOrThrow(
    await staffApi<StaffOrder>(args, `/orders/${encodeURIComponent(args.params.id)}`),
    args.request,
  );
  const labels = statusLabels(lang);
  // the order's returns and what each line may still return (the return form below)
  const returns = await staffApi<OrderReturns>(args, `/orders/${encodeURIComponent(args.params.id)}/returns`);
  return {
    lang,
    returns: returns.ok ? returns.result : null,
    // a pickup order's `shipped` reads "shipped / ready to pick up" (the domain's label key)
    order: {
      ...order,
      status_label: translateMessage(orderStatusLabelKey(order.status, order.is_pickup ?? false), lang),
    },
    carriers: Object.entries(CARRIER_TRACKING_URLS).map(([code, c]) => ({ code, name: c.name })),
    labels: {
      ...labels,
      payments: Object.fromEntries(order.payments.map((p) => [p.status, paymentStatusLabel(p.status, lang)])),
    },
  };
}


/** the money forms: a payment received, a partial refund, a manual refund confirmed */
async function moneyAction(args: Route.ActionArgs, fields: Record<string, string>) {
  const id = encodeURIComponent(args.params.id);
  let path: string;
  let body: Record<string, unknown>;
  if (fields.intent === 'payment') {
    path = `/orders/${id}/payments`;
    body = {
      method: fields.method,
      amountCents: centsOf(fields.amount) ?? 0,
      receivedOn: fields.received_on ?? '',
      reference: fields.reference ?? '',
    };
  } else if (fields.intent === 'refund') {
    path = `/orders/${id}/refunds`;
    const lines = Object.entries(fields)
      .filter(([k, v]) => k.startsWith('qty_') && v.trim() !== '' && v.trim() !== '0')
      .map(([k, v]) => ({ lineId: Number(k.slice(4)), qty: Number(v) }));
    const amount = centsOf(fields.amount);
    body = {
      lines,
      shipping: fields.shipping === 'on',
      ...(amount !== undefined ? { amountCents: amount } : {}),
      reason: fields.reason ?? '',
    };
  } else {
    path = `/orders/${id}/refunds/${encodeURIComponent(fields.refund_id ?? '')}/done`;
    body = { reference: fields.reference ?? '' };
  }
  const answer = await staffApi<unknown>(args, path, { method: 'POST', body });
  if (!answer.ok && answer.status === 401) throw toLogin(args.request);
  return answer.ok ? { ok: true as const, message: null } : { ok: false as const, message: answer.message };
}

export async function action(args: Route.ActionArgs) {
  const fields = await formFields(args.request);
  if (fields.action === 'create_return') return createReturn(args, fields);
  if (fields.intent === 'payment' || fields.intent === 'refund' || fields.intent === 'refund_done')
    return moneyAction(args, fields);
  const body: Record<string, unknown> = { action: fields.action };
  if (fields.action === 'ship')
    Object.assign(body, { carrier: fields.carrier ?? '', trackingNumber: fields.tracking_number ?? '' });
  if (fields.action === 'cancel') body.reason = fields.reason ?? '';
  if (fields.action === 'refund')
    Object.assign(body, { restock: fields.restock === 'on', reason: fields.reason ?? '' });
  const answer = await staffApi<unknown>(args, `/orders/${encodeURIComponent(args.params.id)}/transition`, {
    method: 'POST',
    body,
  });
  if (!answer.ok && answer.status === 401) throw toLogin(args.request);
  return answer.ok ? { ok: true as const, message: null } : { ok: false as const, message: answer.message };
}

type OrderReturns = {
  items: { id: number; reason: string; state: string; units: number; created_at: string }[];
  lines: { item_id: number; sku: string; name: string; qty: number; left: number }[];
};

/** a return the staff record here: the lines with a quantity, the reason, a note */
async function createReturn(args: Route.ActionArgs, fields: Record<string, string>) {
  const lines = Object.entries(fields)
    .filter(([k, v]) => k.startsWith('qty_') && Number(v) > 0)
    .map(([k, v]) => ({ item_id: Number(k.slice(4)), qty: Number(v) }));
  const answer = await staffApi<unknown>(args, `/orders/${encodeURIComponent(args.params.id)}/returns`, {
    method: 'POST',
    body: { reason: fields.reason ?? '', lines, ...(fields.note ? { note: fields.note } : {}) },
  });
  if (!answer.ok && answer.status === 401) throw toLogin(args.request);
  return answer.ok ? { ok: true as const, message: null } : { ok: false as const, message: answer.message };
}

function Returns({ t, lang, data }: { t: AdminT; lang: 'lt' | 'en'; data: OrderReturns | null }) {
  if (!data) return null;
  const open = data.lines.filter((l) => l.left > 0);
  return (
    <section aria-labelledby="order-returns">
      <h2 id="order-returns">{t('returns.ofOrder')}</h2>
      {data.items.length === 0 ? (
        <p>{t('returns.none')}</p>
      ) : (
        <ul>
          {data.items.map((r) => (
            <li key={r.id}>
              <Link to={adminPath(lang, `/returns/${r.id}`)}>{t('returns.title', { id: r.id })}</Link> —{' '}
              {formatDateTime(r.created_at)}, {t(`returns.reason.${r.reason}` as AdminKey)},{' '}
              {t(`returns.state.${r.state}` as AdminKey)}, {t('returns.units')}: {r.units}
            </li>
          ))}
        </ul>
      )}
      {open.length ? (
        <details>
          <summary>{t('returns.create')}</summary>
          <Form method="post" className="admin-return-form">
            <input type="hidden" name="action" value="create_return" />
            <p>{t('returns.createHint')}</p>
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('order.product')}</th>
                  <th scope="col" className="num">
                    {t('returns.left')}
                  </th>
                  <th scope="col" className="num">
                    {t('returns.returned')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {open.map((l) => (
                  <tr key={l.item_id}>
                    <td>
                      {l.name} ({l.sku})
                    </td>
                    <td className="num">{l.left}</td>
                    <td className="num">
                      <input
                        type="number"
                        name={`qty_${l.item_id}`}
                        min={0}
                        max={l.left}
                        defaultValue={0}
                        aria-label={`${t('returns.returned')}: ${l.name}`}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <label>
              {t('returns.reason')}
              <select name="reason" required defaultValue="money_back">
                {(['withdrawal', 'money_back', 'warranty'] as const).map((r) => (
                  <option key={r} value={r}>
                    {t(`returns.reason.${r}`)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t('returns.note')}
              <input name="note" className="admin-wide" />
            </label>
            <button type="submit">{t('returns.create')}</button>
          </Form>
        </details>
      ) : null}
    </section>
  );
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? adminT(data.lang)('order.title', { number: data.order.number }) : 'Order' },
  { name: 'robots', content: 'noindex, nofollow' },
];

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

function AddressBlock({ t, title, a }: { t: AdminT; title: string; a: Address }) {
  const street = Array.isArray(a.street) ? a.street.map(text).filter(Boolean).join(', ') : text(a.street);
  const point = a.pickup_point && typeof a.pickup_point === 'object' ? (a.pickup_point as Address) : null;
  return (
    <section>
      <h2>{title}</h2>
      <dl>
        <dt>{t('orders.customer')}</dt>
        <dd>{[text(a.firstname), text(a.lastname)].filter(Boolean).join(' ')}</dd>
        {a.company ? (
          <>
            <dt>{t('order.legalPerson')}</dt>
            <dd>{text(a.company)}</dd>
          </>
        ) : null}
        {a.company_code ? (
          <>
            <dt>{t('order.companyCode')}</dt>
            <dd>{text(a.company_code)}</dd>
          </>
        ) : null}
        {a.vat_id ? (
          <>
            <dt>{t('order.vatCode')}</dt>
            <dd>{text(a.vat_id)}</dd>
          </>
        ) : null}
        <dt>{t('order.address')}</dt>
        <dd>{[street, text(a.city), text(a.postcode), text(a.country_id)].filter(Boolean).join(', ')}</dd>
        {a.telephone ? (
          <>
            <dt>{t('order.phone')}</dt>
            <dd>{text(a.telephone)}</dd>
          </>
        ) : null}
        {point ? (
          <>
            <dt>{t('order.pickupPoint')}</dt>
            <dd>
              {[text(point.name), text(point.address), text(point.city), text(point.postcode)]
                .filter(Boolean)
                .join(', ')}
            </dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}

function options(o: Record<string, unknown> | null): string {
  if (!o) return '';
  const ext = (o.extension_attributes ?? o) as Record<string, unknown>;
  const list = (ext.configurable_item_options ?? ext.custom_options ?? ext.bundle_options) as unknown;
  if (!Array.isArray(list)) return '';
  return list
    .map((x) => {
      const r = x as Record<string, unknown>;
      return [text(r.label ?? r.option_label ?? r.title), text(r.value ?? r.option_value ?? r.value_label)]
        .filter(Boolean)
        .join(': ');
    })
    .filter(Boolean)
    .join('; ');
}

function Actions({
  t,
  order,
  carriers,
}: {
  t: AdminT;
  order: StaffOrder;
  carriers: { code: string; name: string }[];
}) {
  const actions = order.actions ?? [];
  if (actions.length === 0) return <p>{t('order.noActions')}</p>;
  return (
    <div className="admin-actions">
      {actions.map((a) => (
        <Form method="post" key={a}>
          <input type="hidden" name="action" value={a} />
          {a === 'ship' ? (
            <>
              <label>
                {t('order.carrier')}
                <input name="carrier" required list="admin-carriers" defaultValue={order.carrier ?? ''} />
                <datalist id="admin-carriers">
                  {carriers.map((c) => (
                    <option key={c.code} value={c.code}>
                      {c.name}
                    </option>
                  ))}
                </datalist>
              </label>
              <label>
                {t('order.trackingNumber')}
                <input name="tracking_number" required />
              </label>
            </>
          ) : null}
          {a === 'cancel' ? (
            <label>
              {t('order.reason')}
              <input name="reason" required className="admin-wide" />
            </label>
          ) : null}
          {a === 'refund' ? (
            <>
              <label>
                {t('money.refundReason')}
                <input name="reason" required maxLength={500} className="admin-wide" />
              </label>
              <label className="admin-check">
                <input type="checkbox" name="restock" />
                {t('order.restock')}
              </label>
            </>
          ) : null}
          <button type="submit" className={a === 'cancel' || a === 'refund' ? 'secondary' : undefined}>
            {t(`action.${a}` as AdminKey)}
          </button>
        </Form>
      ))}
    </div>
  );
}

/** paid vs due, the invoice and credit notes, the refunds (to do and done), and the forms to record and refund */
function Money({ t, order, money }: { t: AdminT; order: StaffOrder; money: (cents: number) => string }) {
  const m = order.money;
  const today = new Date().toISOString().slice(0, 10);
  const refundable = order.lines.filter((l) => l.qty - (order.refunded_qty[String(l.id)] ?? 0) > 0);
  return (
    <section aria-labelledby="admin-money">
      <h2 id="admin-money">{t('money.title')}</h2>
      <dl>
        <dt>{t('money.due')}</dt>
        <dd>{money(m.due)}</dd>
        <dt>{t('money.paid')}</dt>
        <dd>{money(m.paid)}</dd>
        {m.outstanding > 0 ? (
          <>
            <dt>{t('money.outstanding')}</dt>
            <dd>
              <strong>{money(m.outstanding)}</strong>
            </dd>
          </>
        ) : null}
        {m.refunded > 0 ? (
          <>
            <dt>{t('money.refunded')}</dt>
            <dd>{money(m.refunded)}</dd>
          </>
        ) : null}
        <dt>{t('money.invoice')}</dt>
        <dd>
          {order.invoice
            ? `${order.invoice.number} (${formatDateTime(order.invoice.issued_at)})`
            : t('money.notInvoiced')}
        </dd>
        {order.credit_notes.length ? (
          <>
            <dt>{t('money.creditNotes')}</dt>
            <dd>
              {order.credit_notes.map((n) => (
                <span key={n.number}>
                  <a
                    href={`/vsbridge/staff/orders/${order.id}/credit-notes/${encodeURIComponent(n.number)}`}
                    download
                  >
                    {n.number}
                  </a>{' '}
                  ({money(-n.total)}){' '}
                </span>
              ))}
            </dd>
          </>
        ) : null}
      </dl>

      {m.outstanding > 0 && order.status !== 'cancelled' && order.status !== 'refunded' ? (
        // keyed by what is outstanding: after a payment the form starts again from the new amount
        <Form method="post" className="admin-actions" key={`payment-${m.outstanding}`}>
          <input type="hidden" name="intent" value="payment" />
          <fieldset>
            <legend>{t('money.recordTitle')}</legend>
            <label>
              {t('money.method')}
              <select
                name="method"
                defaultValue={order.payment_method === 'cashondelivery' ? 'cashondelivery' : 'banktransfer'}
              >
                <option value="banktransfer">{t('money.bankTransfer')}</option>
                <option value="cashondelivery">{t('money.cash')}</option>
              </select>
            </label>
            <label>
              {t('money.amount')}
              <input
                name="amount"
                inputMode="decimal"
                required
                defaultValue={(m.outstanding / 100).toFixed(2)}
              />
            </label>
            <label>
              {t('money.receivedOn')}
              <input name="received_on" type="date" required max={today} defaultValue={today} />
            </label>
            <label>
              {t('money.reference')}
              <input name="reference" maxLength={140} />
            </label>
            <button type="submit">{t('money.record')}</button>
          </fieldset>
        </Form>
      ) : null}

      {m.refundable > 0 ? (
        <Form method="post" className="admin-actions" key={`refund-${m.refundable}`}>
          <input type="hidden" name="intent" value="refund" />
          <fieldset>
            <legend>{t('money.refundTitle')}</legend>
            {refundable.map((l) => {
              const left = l.qty - (order.refunded_qty[String(l.id)] ?? 0);
              return (
                <label key={l.id}>
                  {l.sku} {l.name}: {t('money.refundQty', { n: left })}
                  <input name={`qty_${l.id}`} type="number" min={0} max={left} step={1} defaultValue={0} />
                </label>
              );
            })}
            {order.shipping_incl_tax > 0 && !order.shipping_refunded ? (
              <label className="admin-check">
                <input type="checkbox" name="shipping" />
                {t('money.refundShipping')} ({money(order.shipping_incl_tax)})
              </label>
            ) : null}
            <label>
              {t('money.refundAmount')}
              <input name="amount" inputMode="decimal" />
            </label>
            <label>
              {t('money.refundReason')}
              <input name="reason" required maxLength={500} className="admin-wide" />
            </label>
            <button type="submit" className="secondary">
              {t('money.refund')} (≤ {money(m.refundable)})
            </button>
          </fieldset>
        </Form>
      ) : null}

      {order.refunds.length ? (
        <>
          <h3>{t('money.refunds')}</h3>
          <ScrollRegion label={t('money.refunds')}>
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('common.date')}</th>
                  <th scope="col">{t('money.method.column')}</th>
                  <th scope="col">{t('common.status')}</th>
                  <th scope="col">{t('order.reason')}</th>
                  <th scope="col">{t('money.creditNotes')}</th>
                  <th scope="col" className="num">
                    {t('order.amount')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {order.refunds.map((r) => (
                  <tr key={r.id}>
                    <td>{formatDateTime(r.created_at)}</td>
                    <td>{r.method === 'provider' ? t('money.viaProvider') : t('money.manual')}</td>
                    <td>
                      {r.status === 'done' ? (
                        `${t('money.refundDone')}${r.reference ? ` · ${r.reference}` : ''}`
                      ) : r.status === 'failed' ? (
                        t('money.refundFailed')
                      ) : (
                        <Form method="post">
                          <input type="hidden" name="intent" value="refund_done" />
                          <input type="hidden" name="refund_id" value={r.id} />
                          <p className="admin-alert">
                            {t('money.refundPending')}
                            {r.error ? ` (${r.error})` : ''}
                          </p>
                          <label>
                            {t('money.reference')}
                            <input name="reference" maxLength={140} />
                          </label>
                          <button type="submit">{t('money.markDone')}</button>
                        </Form>
                      )}
                    </td>
                    <td>{r.reason}</td>
                    <td>{r.credit_note ?? ''}</td>
                    <td className="num">{money(r.total)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </>
      ) : null}
    </section>
  );
}

export default function AdminOrder() {
  const { lang, order, labels, carriers, returns } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = adminT(lang);
  const money = (cents: number) => formatPrice(cents, lang);
  return (
    <>
      <p>
        <Link to={adminPath(lang)}>{t('common.back')}</Link>
      </p>
      <h1>{t('order.title', { number: order.number })}</h1>
      <p>
        {/* the API's staff route (the session cookie goes with it): the same PDF the shopper downloads */}
        <a href={`/vsbridge/staff/orders/${order.id}/invoice`} download>
          {t('order.invoice')}
        </a>
      </p>
      {result?.message ? (
        <p className="admin-alert" role="alert">
          {result.message}
        </p>
      ) : result?.ok ? (
        <p className="admin-note" role="status">
          {t('common.done')}
        </p>
      ) : null}
      <div className="admin-grid">
        <section>
          <h2>{t('order.summary')}</h2>
          <dl>
            <dt>{t('common.date')}</dt>
            <dd>{formatDateTime(order.created_at)}</dd>
            <dt>{t('orders.status')}</dt>
            <dd>{order.status_label ?? labels.order[order.status] ?? order.status}</dd>
            <dt>{t('orders.paymentStatus')}</dt>
            <dd>{labels.payment[order.payment_status] ?? order.payment_status}</dd>
            <dt>{t('orders.payment')}</dt>
            <dd>{order.payment_method_title}</dd>
            <dt>{t('orders.shipping')}</dt>
            <dd>{order.shipping_method_title}</dd>
            {order.tracking_number ? (
              <>
                <dt>{t('order.tracking')}</dt>
                <dd>
                  {order.carrier ? `${order.carrier}: ` : ''}
                  {order.tracking_url ? (
                    <a href={order.tracking_url}>{order.tracking_number}</a>
                  ) : (
                    order.tracking_number
                  )}
                </dd>
              </>
            ) : null}
            {order.cancel_reason ? (
              <>
                <dt>{t('order.cancelReason')}</dt>
                <dd>{order.cancel_reason}</dd>
              </>
            ) : null}
            <dt>{t('order.customer')}</dt>
            <dd>
              {order.name} &lt;{order.email}&gt; ({order.store_code})
            </dd>
          </dl>
        </section>
        <AddressBlock t={t} title={t('order.shippingAddress')} a={order.shipping_address} />
        <AddressBlock t={t} title={t('order.billingAddress')} a={order.billing_address} />
      </div>

      <h2>{t('order.actionsTitle')}</h2>
      <Actions t={t} order={order} carriers={carriers} />
      <Returns t={t} lang={lang} data={returns} />

      <h2>{t('order.lines')}</h2>
      <ScrollRegion label={t('order.lines')}>
        <table>
          <thead>
            <tr>
              <th scope="col">{t('order.sku')}</th>
              <th scope="col">{t('order.product')}</th>
              <th scope="col">{t('order.options')}</th>
              <th scope="col">{t('order.grade')}</th>
              <th scope="col" className="num">
                {t('order.qty')}
              </th>
              <th scope="col" className="num">
                {t('order.price')}
              </th>
              <th scope="col" className="num">
                {t('order.vatRate')}
              </th>
              <th scope="col" className="num">
                {t('order.rowTotal')}
              </th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((l, i) => (
              <tr key={`${l.sku}-${i}`}>
                <td>{l.sku}</td>
                <td>{l.name}</td>
                <td>{options(l.product_option)}</td>
                <td>{l.grade ?? ''}</td>
                <td className="num">{l.qty}</td>
                <td className="num">{money(l.price_incl_tax)}</td>
                <td className="num">{l.tax_percent} %</td>
                <td className="num">{money(l.row_total_incl_tax)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>

      <div className="admin-grid">
        <section>
          <h2>{t('order.vatByRate')}</h2>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('order.vatRate')}</th>
                <th scope="col" className="num">
                  {t('order.net')}
                </th>
                <th scope="col" className="num">
                  {t('order.vat')}
                </th>
                <th scope="col" className="num">
                  {t('order.gross')}
                </th>
              </tr>
            </thead>
            <tbody>
              {order.vat_by_rate.map((r) => (
                <tr key={r.rate}>
                  <td>{r.rate} %</td>
                  <td className="num">{money(r.net)}</td>
                  <td className="num">{money(r.vat)}</td>
                  <td className="num">{money(r.gross)}</td>
                </tr>
              ))}
              {order.vat_other.gross !== 0 || order.vat_other.vat !== 0 ? (
                <tr>
                  <td>{t('order.vatOther')}</td>
                  <td className="num">{money(order.vat_other.net)}</td>
                  <td className="num">{money(order.vat_other.vat)}</td>
                  <td className="num">{money(order.vat_other.gross)}</td>
                </tr>
              ) : null}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{t('order.grandTotal')}</th>
                <td className="num">{money(order.grand_total - order.tax_amount)}</td>
                <td className="num">{money(order.tax_amount)}</td>
                <td className="num">{money(order.grand_total)}</td>
              </tr>
            </tfoot>
          </table>
        </section>
        <section>
          <h2>{t('orders.total')}</h2>
          <dl>
            <dt>{t('order.subtotal')}</dt>
            <dd>{money(order.subtotal_incl_tax)}</dd>
            {order.discount_amount ? (
              <>
                <dt>
                  {t('order.discount')}
                  {order.coupon_code ? ` (${order.coupon_code})` : ''}
                </dt>
                <dd>{money(-Math.abs(order.discount_amount))}</dd>
              </>
            ) : null}
            <dt>{t('order.shippingFee')}</dt>
            <dd>{money(order.shipping_incl_tax)}</dd>
            {order.payment_fee ? (
              <>
                <dt>{t('order.paymentFee')}</dt>
                <dd>{money(order.payment_fee)}</dd>
              </>
            ) : null}
            <dt>{t('order.vat')}</dt>
            <dd>{money(order.tax_amount)}</dd>
            <dt>{t('order.grandTotal')}</dt>
            <dd>
              <strong>{money(order.grand_total)}</strong>
            </dd>
          </dl>
        </section>
      </div>

      <h2>{t('order.payments')}</h2>
      {order.payments.length === 0 ? (
        <p>{t('common.none')}</p>
      ) : (
        <ScrollRegion label={t('order.payments')}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('common.date')}</th>
                <th scope="col">{t('order.provider')}</th>
                <th scope="col">{t('common.status')}</th>
                <th scope="col">{t('order.reference')}</th>
                <th scope="col" className="num">
                  {t('order.amount')}
                </th>
              </tr>
            </thead>
            <tbody>
              {order.payments.map((p) => (
                <tr key={p.id}>
                  <td>{formatDateTime(p.created_at)}</td>
                  <td>{p.provider}</td>
                  <td>{labels.payments[p.status] ?? p.status}</td>
                  <td>{[p.external_id, p.reference, p.received_on].filter(Boolean).join(' · ')}</td>
                  <td className="num">{money(p.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}

      <Money t={t} order={order} money={money} />

      <h2>{t('order.history')}</h2>
      {!order.history || order.history.length === 0 ? (
        <p>{t('order.noHistory')}</p>
      ) : (
        <ScrollRegion label={t('order.history')}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('common.date')}</th>
                <th scope="col">{t('order.who')}</th>
                <th scope="col">{t('order.change')}</th>
                <th scope="col">{t('orders.paymentStatus')}</th>
                <th scope="col">{t('order.note')}</th>
              </tr>
            </thead>
            <tbody>
              {order.history.map((h, i) => (
                <tr key={i}>
                  <td>{formatDateTime(h.at)}</td>
                  <td>
                    {h.who ??
                      (ACTOR_KINDS.includes(h.actor_kind)
                        ? t(`actor.${h.actor_kind}` as AdminKey)
                        : h.actor_kind)}
                  </td>
                  <td>
                    {h.from_status ? `${labels.order[h.from_status] ?? h.from_status} → ` : ''}
                    {labels.order[h.to_status] ?? h.to_status}
                  </td>
                  <td>{labels.payment[h.payment_status] ?? h.payment_status}</td>
                  <td>{h.note ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </>
  );
}
