import type { Route } from './+types/checkout';
import { QueuedOrderPanel } from '../components/QueuedOrderPanel';
import { getT, useT } from '../i18n';
import type { RouteHandle } from '../lib/handle';
import { pageMeta } from '../lib/seo';
import { seoForRequest } from '../lib/seo.server';
import { storeCodeOfRequest } from '../lib/store';
import { CheckoutSummary } from '../features/checkout/components/CheckoutSummary';
import { DeliveryStep } from '../features/checkout/components/DeliveryStep';
import { EmptyCartNotice } from '../features/checkout/components/EmptyCartNotice';
import { PaymentStep } from '../features/checkout/components/PaymentStep';
import { PersonalStep } from '../features/checkout/components/PersonalStep';
import { ReviewStep } from '../features/checkout/components/ReviewStep';
import { UnconnectedCartNotice } from '../features/checkout/components/UnconnectedCartNotice';
import { useCheckoutFlow } from '../features/checkout/hooks/use-checkout-flow';

export const handle: RouteHandle = { layout: 'minimal' };

export function loader({ request }: Route.LoaderArgs) {
  const storeCode = storeCodeOfRequest(request);
  return { storeCode, seo: seoForRequest(request, storeCode) };
}

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return [];
  const t = getT(data.storeCode);
  return pageMeta({
    title: `${t('checkout.title')} | ${t('site.name')}`,
    description: t('checkout.description'),
    seo: data.seo,
    robots: 'noindex',
  });
};

export default function Checkout() {
  const t = useT();
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
