import { QueuedOrderPanel } from '../../components/QueuedOrderPanel';
import { useCheckoutT } from '../../i18n/checkout';
import { CheckoutSummary, CheckoutTopSummary } from './components/CheckoutSummary';
import { DeliveryStep } from './components/DeliveryStep';
import { EmptyCartNotice } from './components/EmptyCartNotice';
import { PaymentStep } from './components/PaymentStep';
import { PersonalStep } from './components/PersonalStep';
import { ReviewStep } from './components/ReviewStep';
import { UnconnectedCartNotice } from './components/UnconnectedCartNotice';
import { useCheckoutFlow } from './hooks/use-checkout-flow';

/**
 * The checkout (accounts-checkout-routes.md §4 "Checkout"): its four steps beside the order's
 * summary, or what stands in for them (an order queued offline, the cart still read or connected,
 * an empty cart). The state, calls and rules are useCheckoutFlow's; this only renders them.
 */
export function Checkout() {
  const t = useCheckoutT();
  const flow = useCheckoutFlow();
  const { step, goTo, busy, cart, personal, delivery, payment, review } = flow;
  const { queuedId } = flow.queued;
  if (queuedId) return <QueuedOrderPanel taskId={queuedId} onBack={flow.queued.dismiss} />;
  if (flow.screen === 'loading') return <p>{t('common.loading')}</p>;
  if (flow.screen === 'unconnected')
    return (
      <UnconnectedCartNotice
        cart={cart}
        online={flow.online}
        optionsRead={flow.cachedOptions !== undefined}
      />
    );
  if (flow.screen === 'empty') return <EmptyCartNotice />;
  return (
    <div className="checkout">
      <div className="checkout-main">
        <h1>{t('checkout.title')}</h1>
        <CheckoutTopSummary cart={cart} step={step} />
        <PersonalStep current={step} busy={busy} onEdit={() => goTo('personal')} model={personal} />
        <DeliveryStep current={step} busy={busy} onEdit={() => goTo('shipping')} model={delivery} />
        <PaymentStep
          current={step}
          busy={busy}
          onEdit={() => goTo('payment')}
          model={payment}
          pickup={delivery.kind === 'pickup'}
        />
        <ReviewStep
          current={step}
          busy={busy}
          onEdit={() => goTo('review')}
          model={review}
          delivery={delivery}
          payment={payment}
          cart={cart}
        />
      </div>
      <CheckoutSummary cart={cart} step={step} />
    </div>
  );
}
