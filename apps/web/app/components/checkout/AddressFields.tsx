import { Field } from '../Field';
import { useT } from '../../i18n';
import type { AddressDetails } from '../../state/checkout';

/** The countries the checkout delivers to and bills in (the stores' tax countries). */
export const CHECKOUT_COUNTRIES = ['LT', 'LV', 'EE'] as const;

/**
 * The address fields of the checkout (accounts-checkout-routes.md §3: shippingDetails' and
 * paymentDetails' address fields), used for the shipping and the billing address. `section` is the
 * autocomplete section; `idOf` names each control (the shipping form keeps its historic ids).
 */
export function AddressFields({
  value,
  errors,
  onChange,
  section,
  idOf,
}: {
  value: AddressDetails;
  errors: Partial<Record<keyof AddressDetails, string>>;
  onChange: (patch: Partial<AddressDetails>) => void;
  section: 'shipping' | 'billing';
  idOf: (field: keyof AddressDetails) => string;
}) {
  const t = useT();
  const text = (
    field:
      'firstName' | 'lastName' | 'streetAddress' | 'apartmentNumber' | 'city' | 'zipCode' | 'phoneNumber',
    label: string,
    autoComplete: string,
    type?: string,
  ) => (
    <Field
      id={idOf(field)}
      type={type}
      label={label}
      autoComplete={`${section} ${autoComplete}`}
      required
      value={value[field]}
      error={errors[field]}
      onChange={(e) => onChange({ [field]: e.target.value })}
    />
  );
  return (
    <>
      {text('firstName', t('checkout.firstName'), 'given-name')}
      {text('lastName', t('checkout.lastName'), 'family-name')}
      {text('streetAddress', t('checkout.street'), 'address-line1')}
      {text('apartmentNumber', t('checkout.house'), 'address-line2')}
      {text('city', t('checkout.city'), 'address-level2')}
      {/* the spec's "state" (issue #14 item 8): optional, sent as the address' region */}
      <Field
        id={idOf('state')}
        label={t('checkout.state')}
        autoComplete={`${section} address-level1`}
        value={value.state}
        onChange={(e) => onChange({ state: e.target.value })}
      />
      {text('zipCode', t('checkout.zip'), 'postal-code')}
      <div className="field">
        <label htmlFor={idOf('country')}>{t('checkout.country')}</label>
        <select
          id={idOf('country')}
          name={idOf('country')}
          autoComplete={`${section} country`}
          value={value.country}
          onChange={(e) => onChange({ country: e.target.value })}
        >
          {CHECKOUT_COUNTRIES.map((c) => (
            <option key={c} value={c}>
              {t(`checkout.country.${c}`)}
            </option>
          ))}
        </select>
      </div>
      {text('phoneNumber', t('checkout.phone'), 'tel', 'tel')}
    </>
  );
}
