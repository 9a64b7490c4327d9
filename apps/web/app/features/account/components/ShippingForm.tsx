import { FormAlert } from '../../../components/account/forms';
import { Field } from '../../../components/Field';
import { useAccountT } from '../../../i18n/account';
import type { AccountAddressValues } from '../../../state/address-form';
import type { ShippingFormModel } from '../hooks/use-shipping-form';
import { DELIVERY_COUNTRIES } from '@vitrina/domain';

/** The default shipping address's fields (with the region and the company's tax id). */
export function ShippingForm({ model: { form: f, disabled } }: { model: ShippingFormModel }) {
  const t = useAccountT();
  const field = (k: keyof AccountAddressValues, label: string, autoComplete: string, required = true) => (
    <Field
      id={`ship-${String(k)}`}
      label={label}
      autoComplete={autoComplete}
      required={required}
      {...f.bind(k)}
    />
  );

  return (
    <form ref={f.form} noValidate onSubmit={f.onSubmit}>
      <FormAlert>{f.alert}</FormAlert>
      {field('firstname', t('auth.firstName'), 'given-name')}
      {field('lastname', t('auth.lastName'), 'family-name')}
      {field('street', t('checkout.street'), 'address-line1')}
      {field('house', t('checkout.house'), 'address-line2', false)}
      {field('city', t('checkout.city'), 'address-level2')}
      {field('region', t('checkout.state'), 'address-level1', false)}
      <div className="field">
        <label htmlFor="ship-countryId">{t('checkout.country')}</label>
        <select
          id="ship-countryId"
          value={f.values.countryId}
          onChange={f.onChange('countryId')}
          autoComplete="country"
        >
          {DELIVERY_COUNTRIES.map((c) => (
            <option key={c} value={c}>
              {t(`checkout.country.${c}`)}
            </option>
          ))}
        </select>
      </div>
      {field('postcode', t('checkout.zip'), 'postal-code')}
      {field('telephone', t('checkout.phone'), 'tel', false)}
      {field('tax_id', t('checkout.taxId'), 'off', false)}
      <button type="submit" className="btn btn-primary" disabled={disabled}>
        {f.busy ? t('account.saving') : t('account.save')}
      </button>
    </form>
  );
}
