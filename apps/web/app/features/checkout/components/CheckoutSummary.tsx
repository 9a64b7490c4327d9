import { formatPrice } from '@vitrina/domain';
import { SummaryLines } from '../../../components/CartLineOptions';
import { CartTotals } from '../../../components/CartTotals';
import { useCheckoutT } from '../../../i18n/checkout';
import type { CartState } from '../../../state/cart';
import type { Step } from '../rules/steps';

/** The order's lines and totals beside the steps (below them on a phone, after the review's own). */
export function CheckoutSummary({ cart, step }: { cart: CartState; step: Step }) {
  const t = useCheckoutT();
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

/**
 * On a phone, the order's total at the top of the checkout, its lines and totals one tap away (the
 * summary beside the steps is hidden there: below four steps nobody would find it).
 */
export function CheckoutTopSummary({ cart, step }: { cart: CartState; step: Step }) {
  const t = useCheckoutT();
  if (!cart.totals) return null;
  return (
    <details className="checkout-topsum">
      <summary>
        <span>{t('checkout.summaryToggle')}</span>
        <strong data-testid="top-summary-total">{formatPrice(cart.totals.grand_total, t.storeCode)}</strong>
      </summary>
      <SummaryLines items={cart.items} totals={cart.totals} />
      <CartTotals totals={cart.totals} shippingChosen={step === 'payment' || step === 'review'} />
    </details>
  );
}
