import type { Route } from './+types/my-account-shipping';
import { AccountLayout } from '../components/account/AccountLayout';
import { FormAlert } from '../components/account/forms';
import { privateMeta } from '../components/account/meta';
import { useForm } from '../components/account/use-form';
import { Field } from '../components/Field';
import { useAccountT } from '../i18n/account';
import { accountAddress, accountFormErrors, type AccountAddressValues } from '../state/address-form';
import { privatePageLoader } from '../lib/seo.server';
import type { CustomerAddress, CustomerProfile } from '../lib/types';
import { notify } from '../state/notifications';
import { user, useUser } from '../state/user';

export const loader = privatePageLoader;

export const meta: Route.MetaFunction = ({ data }) => privateMeta(data, 'account.shipping');

const COUNTRIES = ['LT', 'LV', 'EE'] as const;

type AddressValues = AccountAddressValues;

const toValues = (a: CustomerAddress | undefined, first: string, last: string): AddressValues => ({
  firstname: a?.firstname ?? first,
  lastname: a?.lastname ?? last,
  street: a?.street?.[0] ?? '',
  house: a?.street?.[1] ?? '',
  city: a?.city ?? '',
  postcode: a?.postcode ?? '',
  countryId: a?.countryId ?? 'LT',
  telephone: a?.telephone ?? '',
  region: a?.region ?? '',
  tax_id: a?.tax_id ?? '',
});

/** The values of the default shipping address (else the first one) of a profile. */
const addressValues = (c: CustomerProfile): AddressValues =>
  toValues(c.addresses.find((x) => x.default_shipping) ?? c.addresses[0], c.firstname, c.lastname);

/** The default shipping address of the profile (POST /user/me with addresses). */
export default function MyAccountShipping() {
  const t = useAccountT();
  const current = useUser((s) => s.current);
  const f = useForm<AddressValues, CustomerProfile>({
    t,
    initial: () => toValues(undefined, '', ''),
    sync: { from: current, to: addressValues },
    enabled: Boolean(current),
    // the one address rule, for a saved address (domain address-rules.ts; lib/address-form.ts)
    validate: accountFormErrors,
    submit: async (v) => {
      if (!current) return;
      const address: CustomerAddress = {
        ...accountAddress(v),
        default_shipping: true,
        default_billing: true,
      };
      const message = await user.updateProfile({
        firstname: current.firstname,
        lastname: current.lastname,
        email: current.email,
        addresses: [address, ...current.addresses.filter((a) => !a.default_shipping).slice(0, 19)],
      });
      notify({ type: 'success', message: message ?? t.msg('user.accountUpdated') });
    },
  });

  const field = (k: keyof AddressValues, label: string, autoComplete: string, required = true) => (
    <Field
      id={`ship-${String(k)}`}
      label={label}
      autoComplete={autoComplete}
      required={required}
      {...f.bind(k)}
    />
  );

  return (
    <AccountLayout title={t('account.shipping')}>
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
            {COUNTRIES.map((c) => (
              <option key={c} value={c}>
                {t(`checkout.country.${c}`)}
              </option>
            ))}
          </select>
        </div>
        {field('postcode', t('checkout.zip'), 'postal-code')}
        {field('telephone', t('checkout.phone'), 'tel', false)}
        {field('tax_id', t('checkout.taxId'), 'off', false)}
        <button type="submit" className="btn btn-primary" disabled={f.busy || !current}>
          {f.busy ? t('account.saving') : t('account.save')}
        </button>
      </form>
    </AccountLayout>
  );
}
