import { DELIVERY_COUNTRIES } from '@vitrina/domain';
import { Field } from '../../../components/Field';
import { useCheckoutT } from '../../../i18n/checkout';
import type { AddressDetails } from '../../../state/checkout';

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
  withCountry = true,
}: {
  value: AddressDetails;
  errors: Partial<Record<keyof AddressDetails, string>>;
  onChange: (patch: Partial<AddressDetails>) => void;
  section: 'shipping' | 'billing';
  idOf: (field: keyof AddressDetails) => string;
  /** false: the country is chosen elsewhere (the delivery step asks it first, with the method) */
  withCountry?: boolean;
}) {
  const t = useCheckoutT();
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
      {/* the spec's "state": optional, sent as the address' region */}
      <Field
        id={idOf('state')}
        label={t('checkout.state')}
        autoComplete={`${section} address-level1`}
        value={value.state}
        onChange={(e) => onChange({ state: e.target.value })}
      />
      {text('zipCode', t('checkout.zip'), 'postal-code')}
      {withCountry ? (
        <CountrySelect
          id={idOf('country')}
          section={section}
          value={value.country}
          onChange={(country) => onChange({ country })}
        />
      ) : null}
      {text('phoneNumber', t('checkout.phone'), 'tel', 'tel')}
    </>
  );
}

/** The delivery or billing country (it decides the delivery methods, the postcode format and the VAT). */
export function CountrySelect({
  id,
  section,
  value,
  onChange,
}: {
  id: string;
  section: 'shipping' | 'billing';
  value: string;
  onChange: (country: string) => void;
}) {
  const t = useCheckoutT();
  return (
    <div className="field">
      <label htmlFor={id}>{t('checkout.country')}</label>
      <select
        id={id}
        name={id}
        autoComplete={`${section} country`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        {DELIVERY_COUNTRIES.map((c) => (
          <option key={c} value={c}>
            {t(`checkout.country.${c}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
