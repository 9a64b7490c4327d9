import { FormAlert } from '../../../components/account/forms';
import { Field } from '../../../components/Field';
import { useAccountT } from '../../../i18n/account';
import { useCheckoutT } from '../../../i18n/checkout';
import type { AccountAddressValues } from '../../../state/address-form';
import type { ShippingFormModel } from '../hooks/use-shipping-form';
import { DELIVERY_COUNTRIES } from '@vitrina/domain';

/** The default shipping address's fields (with the region and the company's tax id). */
export function ShippingForm({ model: { form: f, disabled } }: { model: ShippingFormModel }) {
  const t = useAccountT();
  const ct = useCheckoutT();
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
      {field('street', ct('checkout.street'), 'address-line1')}
      {field('house', ct('checkout.house'), 'address-line2', false)}
      {field('city', ct('checkout.city'), 'address-level2')}
      {field('region', ct('checkout.state'), 'address-level1', false)}
      <div className="field">
        <label htmlFor="ship-countryId">{ct('checkout.country')}</label>
        <select
          id="ship-countryId"
          value={f.values.countryId}
          onChange={f.onChange('countryId')}
          autoComplete="country"
        >
          {DELIVERY_COUNTRIES.map((c) => (
            <option key={c} value={c}>
              {ct(`checkout.country.${c}`)}
            </option>
          ))}
        </select>
      </div>
      {field('postcode', ct('checkout.zip'), 'postal-code')}
      {field('telephone', ct('checkout.phone'), 'tel', false)}
      {field('tax_id', ct('checkout.taxId'), 'off', false)}
      <button type="submit" className="btn btn-primary" disabled={disabled}>
        {f.busy ? t('account.saving') : t('account.save')}
      </button>
    </form>
  );
}
