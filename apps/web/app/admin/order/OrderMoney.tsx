import { centsToDecimalString, formatDateTime } from '@vitrina/domain';
import { Form } from 'react-router';
import { ScrollRegion } from '../ScrollRegion';
import type { OrderSectionProps } from './types';

/**
 * paid vs due, the invoice and credit notes, the refunds (to do and done), and the forms to record
 * and refund: each form offers only the API's figures (what may be recorded, the units and shipping
 * left to refund), which its routes check by the same domain rule
 */
export function OrderMoney({ t, order, money }: OrderSectionProps) {
  const m = order.money;
  const offer = order.refund_offer;
  const today = new Date().toISOString().slice(0, 10);
  const refundable = order.lines.filter((l) => (offer.lines[String(l.id)] ?? 0) > 0);
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

      {m.recordable > 0 ? (
        // keyed by what may be recorded: after a payment the form starts again from the new amount
        <Form method="post" className="admin-actions" key={`payment-${m.recordable}`}>
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
                defaultValue={centsToDecimalString(m.recordable)}
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
              const left = offer.lines[String(l.id)] ?? 0;
              return (
                <label key={l.id}>
                  {l.sku} {l.name}: {t('money.refundQty', { n: left })}
                  <input name={`qty_${l.id}`} type="number" min={0} max={left} step={1} defaultValue={0} />
                </label>
              );
            })}
            {offer.shipping > 0 ? (
              <label className="admin-check">
                <input type="checkbox" name="shipping" />
                {t('money.refundShipping')} ({money(offer.shipping)})
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
