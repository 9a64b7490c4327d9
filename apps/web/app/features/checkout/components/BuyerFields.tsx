import { Field } from '../../../components/Field';
import { useCheckoutT } from '../../../i18n/checkout';
import type { PaymentDetails } from '../../../state/checkout';
import type { FieldMessages } from '../rules/form-errors';

/** A natural or a legal person; a legal person's company name and code, VAT code and Tax ID. */
export function BuyerFields({
  value,
  errors,
  onChange,
}: {
  value: PaymentDetails;
  errors: FieldMessages<PaymentDetails>;
  onChange: (patch: Partial<PaymentDetails>) => void;
}) {
  const t = useCheckoutT();
  return (
    <>
      <fieldset className="methods">
        <legend>{t('checkout.buyerType')}</legend>
        {(['natural', 'legal'] as const).map((type) => (
          <div key={type} className="method">
            <input
              type="radio"
              id={`buyer-${type}`}
              name="buyerType"
              checked={value.buyerType === type}
              onChange={() => onChange({ buyerType: type })}
            />
            <label htmlFor={`buyer-${type}`}>
              {t(type === 'legal' ? 'checkout.legalPerson' : 'checkout.naturalPerson')}
            </label>
          </div>
        ))}
      </fieldset>
      {value.buyerType === 'legal' ? (
        <>
          <Field
            id="company"
            label={t('checkout.company')}
            autoComplete="organization"
            required
            value={value.company}
            error={errors.company}
            onChange={(e) => onChange({ company: e.target.value })}
          />
          <Field
            id="companyCode"
            label={t('checkout.companyCode')}
            required
            value={value.companyCode}
            error={errors.companyCode}
            onChange={(e) => onChange({ companyCode: e.target.value })}
          />
          <Field
            id="vatCode"
            label={t('checkout.vatCode')}
            value={value.vatCode}
            error={errors.vatCode}
            onChange={(e) => onChange({ vatCode: e.target.value })}
          />
          <Field
            id="taxId"
            label={t('checkout.taxId')}
            value={value.taxId}
            error={errors.taxId}
            onChange={(e) => onChange({ taxId: e.target.value })}
          />
        </>
      ) : null}
    </>
  );
}
