import { useCheckoutT } from '../../../i18n/checkout';
import type { ChosenPickupPoint, PaymentDetails } from '../../../state/checkout';
import { pickupLabel } from '../rules/pickup-points';
import { OpeningHours } from '../../../components/OpeningHours';

/**
 * What the review repeats before the order is placed: the delivery method
 * and pickup point (the store with its opening hours), the payment method, the chosen bank by its
 * name, and a legal person's company details.
 */
export function ReviewDetails({
  shipping,
  point,
  payment,
  bank,
  details,
}: {
  shipping: string | null;
  point: ChosenPickupPoint | null;
  payment: string;
  bank: string | null;
  details: PaymentDetails;
}) {
  const t = useCheckoutT();
  const legal = details.buyerType === 'legal';
  return (
    <div className="review-details" data-testid="review-details">
      {shipping ? (
        <div className="review-delivery">
          <p>
            {t('checkout.deliveryTo', { method: shipping })}
            {point ? (
              <>
                <br />
                {pickupLabel(point)}
              </>
            ) : null}
          </p>
          {point ? <OpeningHours hours={point.openingHours} /> : null}
        </div>
      ) : null}
      <p>
        {payment}
        {bank ? (
          <>
            <br />
            {t('checkout.chosenBank', { bank })}
          </>
        ) : null}
      </p>
      {legal ? (
        <p>
          {t('checkout.buyerCompany', { company: details.company, code: details.companyCode })}
          {details.vatCode.trim() ? (
            <>
              <br />
              {t('checkout.buyerVat', { code: details.vatCode.trim() })}
            </>
          ) : null}
          {details.taxId.trim() ? (
            <>
              <br />
              {t('checkout.buyerTaxId', { code: details.taxId.trim() })}
            </>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
