import { PAYMENT_NEOPAY } from '@vitrina/domain';
import { useCheckoutT } from '../../../i18n/checkout';
import type { PaymentStepModel } from '../hooks/use-payment-step';
import { AddressFields } from './AddressFields';
import { BankSelector } from './BankSelector';
import { BuyerFields } from './BuyerFields';
import { PaymentMethodList } from './PaymentMethodList';
import { StepSection, type StepProps } from './StepSection';
import { addressLine } from '../rules/address-line';

/**
 * Payment: the billing address (the shipping one unless another is given; a pickup order has none
 * to copy, so one is added only when wanted, for an invoice), the buyer, the method and NEOPAY's bank.
 */
export function PaymentStep({
  current,
  busy,
  onEdit,
  model,
  pickup,
}: StepProps<PaymentStepModel> & { /** the order is picked up: no delivery address */ pickup: boolean }) {
  const t = useCheckoutT();
  const { payment: pd, errors, setPaymentDetails } = model;
  return (
    <StepSection
      step="payment"
      current={current}
      title={t('checkout.payment')}
      onEdit={onEdit}
      summary={
        <p>
          {model.chosen?.title ?? pd.paymentMethod}
          {/* a pickup order without a billing address of its own has no address to repeat */}
          {pd.sameAsShipping && pickup ? null : (
            <>
              <br />
              {t('checkout.billingAddress')}:{' '}
              {pd.sameAsShipping
                ? t('checkout.billingSameAsShipping')
                : addressLine(pd, (code) => t(`checkout.country.${code as 'LT'}`))}
            </>
          )}
        </p>
      }
    >
      <form noValidate onSubmit={model.submit}>
        {pickup ? (
          <div className="field field-check">
            <input
              type="checkbox"
              id="billingAddressOwn"
              checked={!pd.sameAsShipping}
              onChange={(e) => model.setBillingSameAsShipping(!e.target.checked)}
            />
            <label htmlFor="billingAddressOwn">{t('checkout.billingAddressAdd')}</label>
          </div>
        ) : (
          <div className="field field-check">
            <input
              type="checkbox"
              id="billingSameAsShipping"
              checked={pd.sameAsShipping}
              onChange={(e) => model.setBillingSameAsShipping(e.target.checked)}
            />
            <label htmlFor="billingSameAsShipping">{t('checkout.billingSameAsShipping')}</label>
          </div>
        )}
        {pd.sameAsShipping ? null : (
          <fieldset className="billing-address">
            <legend>{t('checkout.billingAddress')}</legend>
            <AddressFields
              section="billing"
              idOf={(f) => `billing-${f}`}
              value={pd}
              errors={errors}
              onChange={setPaymentDetails}
            />
          </fieldset>
        )}
        <BuyerFields value={pd} errors={errors} onChange={setPaymentDetails} />
        <PaymentMethodList methods={model.offered} chosen={pd.paymentMethod} onChoose={model.choose} />
        {pd.paymentMethod === PAYMENT_NEOPAY ? (
          <BankSelector
            banks={model.banks}
            loading={model.banks === null}
            value={pd.paymentMethodAdditional.bank}
            onChange={(bic) => setPaymentDetails({ paymentMethodAdditional: bic ? { bank: bic } : {} })}
          />
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={!pd.paymentMethod || busy}>
          {busy ? t('common.loading') : t('checkout.continue')}
        </button>
      </form>
    </StepSection>
  );
}
