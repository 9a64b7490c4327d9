import { formatPrice, staticPagePath } from '@vitrina/domain';
import { Link } from '../../../lib/link';
import { SummaryLines } from '../../../components/CartLineOptions';
import { CartTotals } from '../../../components/CartTotals';
import { useCheckoutT } from '../../../i18n/checkout';
import type { CartState } from '../../../state/cart';
import type { DeliveryStepModel } from '../hooks/use-delivery-step';
import type { PaymentStepModel } from '../hooks/use-payment-step';
import type { PlaceOrderModel } from '../hooks/use-place-order';
import { methodLabel } from '../rules/shipping-methods';
import { OfflineEstimate } from './OfflineEstimate';
import { ReviewDetails } from './ReviewDetails';
import { StepSection, type StepProps } from './StepSection';

/**
 * Review: what was chosen, the order's lines and totals (the server's for the chosen methods; an
 * estimate for a cart filled offline; otherwise said to be unconfirmed), the purchase terms and
 * "Place order" with the total it charges.
 */
export function ReviewStep({
  current,
  busy,
  onEdit,
  model,
  delivery,
  payment,
  cart,
}: StepProps<PlaceOrderModel> & { delivery: DeliveryStepModel; payment: PaymentStepModel; cart: CartState }) {
  const t = useCheckoutT();
  const { estimate, terms, termsError, redirecting } = model;
  const { chosenShipping } = delivery;
  const totalsConfirmed = payment.totalsConfirmed;
  return (
    <StepSection step="review" current={current} title={t('checkout.review')} onEdit={onEdit}>
      <form noValidate onSubmit={model.placeOrder} aria-busy={busy}>
        <ReviewDetails
          shipping={chosenShipping && !delivery.virtual ? methodLabel(chosenShipping) : null}
          point={delivery.needsPickup ? delivery.chosenPoint : null}
          payment={payment.chosen?.title ?? payment.payment.paymentMethod ?? ''}
          bank={payment.chosenBankName}
          details={payment.payment}
        />
        {/* on a phone the order's lines and totals come before "Place order" (the aside is below) */}
        <div className="review-summary" data-testid="review-summary">
          <SummaryLines items={cart.items} totals={cart.totals} />
          {cart.totals ? <CartTotals totals={cart.totals} shippingChosen /> : null}
        </div>
        {estimate ? (
          <OfflineEstimate estimate={estimate} />
        ) : totalsConfirmed ? null : (
          <p className="muted">{t('checkout.totalsUnconfirmed')}</p>
        )}
        <div className="field field-check">
          <input
            type="checkbox"
            id="terms"
            checked={terms}
            aria-invalid={termsError ? true : undefined}
            aria-describedby={termsError ? 'terms-error' : undefined}
            onChange={(e) => model.setTerms(e.target.checked)}
          />
          <label htmlFor="terms">{t('checkout.terms')}</label>{' '}
          <Link
            className="terms-link"
            to={staticPagePath('purchase-sales-rules', t.storeCode)}
            target="_blank"
            rel="noopener"
          >
            {t('checkout.termsRead')}
          </Link>
          {termsError ? (
            <p id="terms-error" className="field-error">
              {termsError}
            </p>
          ) : null}
        </div>
        <button type="submit" className="btn btn-primary btn-large" disabled={busy || redirecting}>
          {redirecting
            ? t('checkout.redirecting')
            : busy
              ? t('checkout.placing')
              : totalsConfirmed && cart.totals
                ? // the final total, as the server answered it for the chosen methods
                  t('checkout.placeOrderTotal', { total: formatPrice(cart.totals.grand_total, t.storeCode) })
                : t('checkout.placeOrder')}
        </button>
      </form>
    </StepSection>
  );
}
