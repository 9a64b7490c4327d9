import { Field } from '../../../components/Field';
import { useCheckoutT } from '../../../i18n/checkout';
import type { DeliveryStepModel } from '../hooks/use-delivery-step';
import { pickupLabel } from '../rules/pickup-points';
import { methodLabel } from '../rules/shipping-methods';
import { AddressFields, CountrySelect } from './AddressFields';
import { OpeningHours } from '../../../components/OpeningHours';
import { PickupPointPicker } from './PickupPointPicker';
import { ShippingMethodList } from './ShippingMethodList';
import { StepSection, type StepProps } from './StepSection';
import { addressLine } from '../rules/address-line';

/**
 * Delivery: the country and method first (they decide which fields are asked, rules/steps.ts),
 * then a pickup point and the phone, or a courier's home address and phone. Nothing to ship: the
 * buyer's address with its country.
 */
export function DeliveryStep({ current, busy, onEdit, model }: StepProps<DeliveryStepModel>) {
  const t = useCheckoutT();
  const { shipping: s, virtual, kind, needsPickup, errors } = model;
  return (
    <StepSection
      step="shipping"
      current={current}
      title={t('checkout.shipping')}
      onEdit={onEdit}
      summary={<DeliverySummary model={model} />}
    >
      <form ref={model.formRef} noValidate onSubmit={model.submit} aria-busy={busy}>
        {virtual ? null : (
          <>
            <CountrySelect
              id="country"
              section="shipping"
              value={s.country}
              onChange={(country) => model.setShipping({ country })}
            />
            <ShippingMethodList
              methods={model.offeredMethods}
              chosen={s.shippingMethod}
              error={model.methodError}
              onChoose={model.chooseMethod}
            />
            {model.offlineNoPickup ? <p className="muted">{t('checkout.offlineNoPickup')}</p> : null}
          </>
        )}
        {needsPickup ? (
          <PickupPointPicker
            points={model.pickupPoints}
            value={model.chosenPoint?.id ?? null}
            error={model.pickupError}
            onChange={model.choosePoint}
          />
        ) : null}
        {kind === 'pickup' ? (
          <>
            <p className="muted pickup-note">{t('checkout.pickupAddressNote')}</p>
            <Field
              id="phoneNumber"
              type="tel"
              label={t('checkout.phone')}
              autoComplete="shipping tel"
              required
              value={s.phoneNumber}
              error={errors.phoneNumber}
              onChange={(e) => model.setShipping({ phoneNumber: e.target.value })}
            />
          </>
        ) : (
          <AddressFields
            section="shipping"
            // the names get their own ids (the personal step's are firstName, lastName)
            idOf={(f) => (f === 'firstName' || f === 'lastName' ? `shipping-${f}` : f)}
            value={s}
            errors={errors}
            onChange={model.setShipping}
            // a virtual cart has no methods above: the country is asked with the address
            withCountry={virtual}
          />
        )}
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t('common.loading') : t('checkout.continue')}
        </button>
      </form>
    </StepSection>
  );
}

/** The delivery once given: the recipient (and a courier's address), the method and the point. */
function DeliverySummary({ model }: { model: DeliveryStepModel }) {
  const t = useCheckoutT();
  const { shipping: s, kind, chosenShipping, needsPickup, chosenPoint } = model;
  return (
    <div>
      <p>
        {kind === 'pickup'
          ? `${s.firstName} ${s.lastName}, ${s.phoneNumber}`
          : addressLine(s, (code) => t(`checkout.country.${code as 'LT'}`))}
        <br />
        {chosenShipping ? methodLabel(chosenShipping) : null}
        {needsPickup && chosenPoint ? (
          <>
            <br />
            {pickupLabel(chosenPoint)}
          </>
        ) : null}
      </p>
      {needsPickup ? <OpeningHours hours={chosenPoint?.openingHours} /> : null}
    </div>
  );
}
