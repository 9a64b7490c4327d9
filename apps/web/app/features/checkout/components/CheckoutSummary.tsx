import { SummaryLines } from '../../../components/CartLineOptions';
import { CartTotals } from '../../../components/CartTotals';
import { useT } from '../../../i18n';
import type { CartState } from '../../../state/cart';
import type { Step } from '../rules/steps';

/** The order's lines and totals beside the steps (below them on a phone, after the review's own). */
export function CheckoutSummary({ cart, step }: { cart: CartState; step: Step }) {
  const t = useT();
  return (
    <aside
      className={`checkout-summary${step === 'review' ? ' at-review' : ''}`}
      aria-labelledby="summary-title"
    >
      <h2 id="summary-title">{t('checkout.summary')}</h2>
      <SummaryLines items={cart.items} totals={cart.totals} />
      {cart.totals ? (
        // from the payment step on, the totals are those of the chosen shipping method
        <CartTotals totals={cart.totals} shippingChosen={step === 'payment' || step === 'review'} />
      ) : null}
    </aside>
  );
}
