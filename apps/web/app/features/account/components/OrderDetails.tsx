import { formatDateTime } from '@vitrina/domain';
import { Fragment } from 'react';
import { Link } from '../../../lib/link';
import { payAgainUrl } from '../../../lib/pay-again';
import { BankTransferDetails } from '../../../components/BankTransferDetails';
import { InvoiceLink } from '../../../components/InvoiceLink';
import { WithdrawalLink } from '../../../components/WithdrawalLink';
import { OrderLinesTable } from '../../../components/OrderLinesTable';
import { DeliveryPromise } from '../../../components/DeliveryPromise';
import {
  cancellationNotes,
  paymentStatusLabel,
  shippingStatusLabel,
  statusLabel,
} from '../../../components/account/order-labels';
import { OrderProgress } from '../../../components/account/OrderProgress';
import { useAccountT } from '../../../i18n/account';
import { useCheckoutT } from '../../../i18n/checkout';
import type { AccountOrderModel } from '../hooks/use-account-order';
import { shipToLines } from '../rules/orders';

/** An order's facts, progress, address, lines and invoice (or "loading", or "not found"). */
export function OrderDetails({ model: { order, historyPath } }: { model: AccountOrderModel }) {
  const t = useAccountT();
  const ct = useCheckoutT();
  if (order === undefined) return <p aria-busy="true">{t('common.loading')}</p>;
  if (order === null) return <p role="alert">{t.msg('order.notFound')}</p>;
  const a = order.shipping_address;
  const payAgain =
    order.status !== 'cancelled' &&
    (order.payment_status === 'failed' || order.payment_status === 'cancelled')
      ? payAgainUrl(order.payment_method_code, order.orderToken)
      : null;
  return (
    <article>
      <h2>{t('account.orderTitle', { number: order.increment_id })}</h2>
      <dl className="order-facts">
        <dt>{t('account.date')}</dt>
        <dd>{formatDateTime(order.created_at)}</dd>
        <dt>{t('account.orderStatus')}</dt>
        <dd>{statusLabel(t, order.status, order.is_pickup ?? false)}</dd>
        <dt>{t('account.paymentStatus')}</dt>
        <dd>{paymentStatusLabel(t, order.payment_status)}</dd>
        <dt>{t('account.shippingStatus')}</dt>
        <dd>{shippingStatusLabel(t, order.shipping_status)}</dd>
        {order.shipping_method_title ? (
          <>
            <dt>{t('account.deliveryMethod')}</dt>
            <dd>{order.shipping_method_title}</dd>
          </>
        ) : null}
        {order.payment_method_title ? (
          <>
            <dt>{t('account.paymentMethod')}</dt>
            <dd>{order.payment_method_title}</dd>
          </>
        ) : null}
      </dl>
      <DeliveryPromise order={order} />
      {cancellationNotes(t, order).map((n) => (
        <p key={n} role="status" className="order-cancelled">
          {n}
        </p>
      ))}
      <OrderProgress order={order} headingLevel={3} showStatus={false} />
      {payAgain ? (
        // a failed or cancelled online payment: the order still waits for it (the thank-you page's "Pay again")
        <section
          className="payment-status payment-failed"
          data-testid="payment-status"
          aria-labelledby="order-pay-again"
        >
          <h3 id="order-pay-again">{ct('payment.failedTitle')}</h3>
          <p>{ct('thankYou.next.unpaid')}</p>
          <p>
            <a href={payAgain} className="btn btn-primary">
              {ct('payment.payAgain')}
            </a>
          </p>
        </section>
      ) : null}
      {order.bank_transfer ? (
        // an unpaid bank transfer: where to pay, as on the thank-you page and in the confirmation e-mail
        <section
          className="payment-status payment-pending"
          aria-labelledby="order-bank-transfer"
          data-testid="payment-status"
        >
          <h3 id="order-bank-transfer">{ct('thankYou.bankTitle')}</h3>
          <p>{ct('thankYou.bankText')}</p>
          <BankTransferDetails bank={order.bank_transfer} />
        </section>
      ) : null}
      {a ? (
        <section aria-labelledby="order-ship-to">
          <h3 id="order-ship-to">{t('account.shipTo')}</h3>
          <address>
            {shipToLines(a, (code) =>
              ['LT', 'LV', 'EE'].includes(code) ? ct(`checkout.country.${code as 'LT'}`) : code,
            ).map((line, i) => (
              <Fragment key={i}>
                {i > 0 ? <br /> : null}
                {line}
              </Fragment>
            ))}
          </address>
        </section>
      ) : null}
      <OrderLinesTable
        className="data-table"
        items={order.items}
        totals={order}
        caption={t('account.products')}
      />
      <InvoiceLink
        number={order.increment_id}
        orderToken={order.orderToken}
        status={order.status}
        payment_status={order.payment_status}
        payment_method_code={order.payment_method_code}
        creditNotes={order.credit_notes}
      />
      <WithdrawalLink number={order.increment_id} status={order.status} />
      <p>
        <Link to={historyPath}>{t('account.backToOrders')}</Link>
      </p>
    </article>
  );
}
