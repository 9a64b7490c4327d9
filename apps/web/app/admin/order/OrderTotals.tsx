import type { OrderSectionProps } from './types';

/** VAT per rate, and the totals from the subtotal to the grand total */
export function OrderTotals({ t, order, money }: OrderSectionProps) {
  return (
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
              <td className="num">{money(order.vat_total.net)}</td>
              <td className="num">{money(order.vat_total.vat)}</td>
              <td className="num">{money(order.vat_total.gross)}</td>
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
  );
}
