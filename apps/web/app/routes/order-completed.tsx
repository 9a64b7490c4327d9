import { BankTransferDetails } from '../components/BankTransferDetails';
import { formatPrice, formatDateTime, localizedPath } from '@vitrina/domain';
import { paidAtProvider, payAgainUrl } from '../lib/pay-again';
import { Link } from '../lib/link';
import type { Route } from './+types/order-completed';
import { WithdrawalLink } from '../components/WithdrawalLink';
import { InvoiceLink } from '../components/InvoiceLink';
import { OrderLinesTable } from '../components/OrderLinesTable';
import { cancellationNotes, orderHasMoved } from '../components/account/order-labels';
import { OrderProgress } from '../components/account/OrderProgress';
import { getT } from '../i18n';
import { checkoutT, useCheckoutT } from '../i18n/checkout';
import { serverApi } from '../api-client/api.server';
import type { RouteHandle } from '../lib/handle';
import { pageMeta } from '../lib/seo';
import { seoForRequest } from '../lib/seo.server';
import { storeCodeOfRequest } from '../lib/store';
import type { OrderSummary } from '../lib/types';
import { OpeningHours } from '../components/OpeningHours';
import { DeliveryPromise } from '../components/DeliveryPromise';
import { checkoutAccountLinks } from '../checkout-account-styles';
import { withRouteErrorMessages } from '../api-client/route-error';

export const links = checkoutAccountLinks;

export const handle: RouteHandle = { layout: 'minimal' };

/**
 * The thank-you page. The order number comes in the URL; with the order's secret token the page also
 * shows what the server recorded (lines and totals as the server priced them). A failed lookup is not
 * an error: the number alone is still the confirmation.
 */
// API errors keep their message for the error boundary (accounts-checkout-routes.md §8)
export const loader = withRouteErrorMessages(load);

async function load({ request, context }: Route.LoaderArgs) {
  const storeCode = storeCodeOfRequest(request);
  const params = new URL(request.url).searchParams;
  const number = params.get('number')?.slice(0, 64) ?? null;
  const token = params.get('token')?.slice(0, 128) ?? null;
  // the payment status in the URL (the return from a payment provider) is only a hint: the server's
  // payment_status of the order wins when the order can be read
  const paymentHint = params.get('payment');
  let order: OrderSummary | null = null;
  if (number && token) {
    order = await serverApi(context, storeCode)
      .order.pull(number, token)
      .catch(() => null);
  }
  const payment = paymentStatusOf(order?.payment_method_code, order?.payment_status, paymentHint);
  // "pay again" refused: the order's products sold out after its payment was cancelled (payment/service.ts)
  const unavailable = params.get('unavailable') === '1';
  return { storeCode, number, token, order, payment, unavailable, seo: seoForRequest(request, storeCode) };
}

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return [];
  const t = checkoutT(getT(data.storeCode));
  return pageMeta({
    title: `${t('thankYou.title')} | ${t('site.name')}`,
    description: t('thankYou.text'),
    seo: data.seo,
    robots: 'noindex',
  });
};

export type PaymentView = 'paid' | 'pending' | 'cancelled' | 'failed';

/**
 * What the page says about the payment: for an order paid at a provider (NEOPAY, MOKILIZINGAS) the
 * server's payment status; without the order, the status the return redirect named (an answer
 * that could not be verified reads as pending); for other methods nothing.
 */
export function paymentStatusOf(
  method: string | undefined,
  serverStatus: string | undefined,
  hint: string | null,
): PaymentView | null {
  const known = (x: string | null | undefined): PaymentView | null =>
    x === 'paid' || x === 'pending' || x === 'cancelled' || x === 'failed' ? x : null;
  if (paidAtProvider(method)) return known(serverStatus) ?? 'pending';
  if (method) return null;
  if (hint === null) return null;
  return known(hint) ?? 'pending';
}

export default function OrderCompleted({ loaderData }: Route.ComponentProps) {
  const t = useCheckoutT();
  const { order } = loaderData;
  // cancelled because it was not paid in time: nothing to wait for nor to pay again
  const notes = cancellationNotes(t, order);
  const payment = notes.length ? null : loaderData.payment;
  const retry =
    !loaderData.unavailable && (payment === 'cancelled' || payment === 'failed')
      ? payAgainUrl(order?.payment_method_code, loaderData.token)
      : null;
  return (
    <section className="narrow thank-you">
      <h1>
        {t(
          notes.length
            ? 'payment.expiredTitle'
            : payment === 'cancelled' || payment === 'failed'
              ? `payment.${payment}Title`
              : 'thankYou.title',
        )}
      </h1>
      {notes.length ? (
        <div className="payment-status payment-cancelled" role="status" data-testid="order-cancelled">
          {notes.map((n) => (
            <p key={n}>{n}</p>
          ))}
        </div>
      ) : null}
      {payment ? (
        <div className={`payment-status payment-${payment}`} role="status" data-testid="payment-status">
          {payment === 'paid' || payment === 'pending' ? <h2>{t(`payment.${payment}Title`)}</h2> : null}
          <p>{t(`payment.${payment}Text`)}</p>
          {loaderData.unavailable ? (
            <p className="field-error">{t.msg('order.productsUnavailable')}</p>
          ) : null}
          {retry ? (
            <p>
              <a href={retry} className="btn btn-primary">
                {t('payment.payAgain')}
              </a>
            </p>
          ) : null}
        </div>
      ) : null}
      {loaderData.number ? (
        <p className="order-number">{t('thankYou.number', { number: loaderData.number })}</p>
      ) : null}
      {notes.length ? null : <p>{t('thankYou.text')}</p>}
      {order && !notes.length ? <OfflinePayment order={order} /> : null}
      {order ? <Delivery order={order} /> : null}
      {order?.payment_method_title ? (
        <section className="thank-you-payment" aria-labelledby="thanks-payment">
          <h2 id="thanks-payment">{t('thankYou.paymentMethod')}</h2>
          <p>{order.payment_method_title}</p>
        </section>
      ) : null}
      {order && !notes.length ? <NextSteps order={order} payment={payment} /> : null}
      {/* the status log only once the order has moved on (a parcel to track, a change to tell) */}
      {order && orderHasMoved(order) ? <OrderProgress order={order} /> : null}
      {order ? <OrderLines order={order} /> : null}
      {order ? (
        <InvoiceLink
          number={order.orderNumber}
          orderToken={loaderData.token}
          status={order.status}
          payment_status={order.payment_status}
          payment_method_code={order.payment_method_code}
          creditNotes={order.credit_notes}
        />
      ) : null}
      {order && loaderData.token ? (
        <WithdrawalLink number={order.orderNumber} orderToken={loaderData.token} status={order.status} />
      ) : null}
      <p>
        <Link to={localizedPath(t.storeCode, '/')} className="btn btn-primary">
          {t('common.continueShopping')}
        </Link>
      </p>
    </section>
  );
}

function OrderLines({ order }: { order: OrderSummary }) {
  const t = useCheckoutT();
  return (
    <div className="order-summary">
      <p>{t('thankYou.placedAt', { date: formatDateTime(order.created_at) })}</p>
      <OrderLinesTable
        items={order.items}
        totals={order}
        caption={t('thankYou.lines')}
        captionClassName="sr-only"
      />
    </div>
  );
}

/**
 * The offline methods' part of the page: a bank transfer not
 * paid yet gets the shop's account, the amount and the statement reference; cash on delivery the
 * amount to have ready. Only an order known to use the method is told so.
 */
function OfflinePayment({ order }: { order: OrderSummary }) {
  const t = useCheckoutT();
  const amount = formatPrice(order.grand_total, t.storeCode);
  if (order.payment_kind === 'cash_on_delivery')
    return (
      <div className="payment-status payment-pending" role="status" data-testid="payment-status">
        <h2>{t('thankYou.codTitle')}</h2>
        <p>{t('thankYou.payOnDelivery')}</p>
        <p>{t('thankYou.codAmount', { amount })}</p>
      </div>
    );
  if (order.payment_kind !== 'bank_transfer') return null;
  if (order.payment_status === 'paid')
    return (
      <div className="payment-status payment-paid" role="status" data-testid="payment-status">
        <h2>{t('payment.paidTitle')}</h2>
        <p>{t('payment.paidText')}</p>
      </div>
    );
  const bank = order.bank_transfer;
  return (
    <div className="payment-status payment-pending" role="status" data-testid="payment-status">
      <h2>{t('thankYou.bankTitle')}</h2>
      {bank ? (
        <>
          <p>{t('thankYou.bankText')}</p>
          <BankTransferDetails bank={bank} />
        </>
      ) : (
        <p>{t('thankYou.bankAsk')}</p>
      )}
    </div>
  );
}

/** The delivery method and where the parcel goes (the pickup point, or the address). */
function Delivery({ order }: { order: OrderSummary }) {
  const t = useCheckoutT();
  const a = order.shipping_address;
  if (!order.shipping_method_title && !a) return null;
  const point = a?.pickup_point;
  return (
    <section className="thank-you-delivery" aria-labelledby="thanks-delivery">
      <h2 id="thanks-delivery">{t('thankYou.delivery')}</h2>
      {order.shipping_method_title ? <p>{order.shipping_method_title}</p> : null}
      <DeliveryPromise order={order} />
      {point?.name ? (
        <>
          <p>
            {t('thankYou.pickupPoint', {
              point: [point.name, point.address, point.city].filter(Boolean).join(', '),
            })}
          </p>
          {/* store pickup: when the shopper can come */}
          <OpeningHours hours={point.opening_hours} />
        </>
      ) : a ? (
        <p>
          {[a.firstname, a.lastname].filter(Boolean).join(' ')}
          <br />
          {[(a.street ?? []).filter(Boolean).join(' '), a.city, a.postcode].filter(Boolean).join(', ')}
        </p>
      ) : null}
    </section>
  );
}

/** "What happens next", by payment method and status. */
function NextSteps({ order, payment }: { order: OrderSummary; payment: PaymentView | null }) {
  const t = useCheckoutT();
  const kind = order.payment_kind;
  const next =
    payment === 'cancelled' || payment === 'failed'
      ? 'thankYou.next.unpaid'
      : payment === 'pending'
        ? 'thankYou.next.pending'
        : kind === 'cash_on_delivery'
          ? 'thankYou.next.cod'
          : kind === 'bank_transfer' && order.payment_status !== 'paid'
            ? 'thankYou.next.transfer'
            : 'thankYou.next.paid';
  return (
    <section className="thank-you-next" aria-labelledby="thanks-next">
      <h2 id="thanks-next">{t('thankYou.next')}</h2>
      <p>{t(next)}</p>
    </section>
  );
}
