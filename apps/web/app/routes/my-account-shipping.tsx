import { validateFields, validateRequired, validateZip, normaliseZip } from '@vitrina/domain';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Route } from './+types/my-account-shipping';
import { AccountLayout } from '../components/account/AccountLayout';
import {
  FormAlert,
  errorMessage,
  focusFirstInvalid,
  messages,
  nameRules,
  type Errors,
} from '../components/account/forms';
import { privateMeta } from '../components/account/meta';
import { Field } from '../components/Field';
import { useAccountT } from '../i18n/account';
import { seoForRequest } from '../lib/seo.server';
import { storeCodeOfRequest } from '../lib/store';
import type { CustomerAddress } from '../lib/types';
import { useApi } from '../lib/use-api';
import { notify } from '../state/notifications';
import { user, useUser } from '../state/user';

export function loader({ request }: Route.LoaderArgs) {
  const storeCode = storeCodeOfRequest(request);
  return { storeCode, seo: seoForRequest(request, storeCode) };
}

export const meta: Route.MetaFunction = ({ data }) => privateMeta(data, 'account.shipping');

const COUNTRIES = ['LT', 'LV', 'EE'] as const;

interface AddressValues extends Record<string, string> {
  firstname: string;
  lastname: string;
  street: string;
  house: string;
  city: string;
  postcode: string;
  countryId: string;
  telephone: string;
}

const toValues = (a: CustomerAddress | undefined, first: string, last: string): AddressValues => ({
  firstname: a?.firstname ?? first,
  lastname: a?.lastname ?? last,
  street: a?.street?.[0] ?? '',
  house: a?.street?.[1] ?? '',
  city: a?.city ?? '',
  postcode: a?.postcode ?? '',
  countryId: a?.countryId ?? 'LT',
  telephone: a?.telephone ?? '',
});

/** The default shipping address of the profile (POST /user/me with addresses). */
export default function MyAccountShipping() {
  const t = useAccountT();
  const api = useApi();
  const current = useUser((s) => s.current);
  const [values, setValues] = useState<AddressValues>(() => toValues(undefined, '', ''));
  const [errors, setErrors] = useState<Errors<AddressValues>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!current) return;
    const a = current.addresses.find((x) => x.default_shipping) ?? current.addresses[0];
    setValues(toValues(a, current.firstname, current.lastname));
  }, [current]);
  const set = (k: keyof AddressValues) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [k]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!current) return;
    setAlert(null);
    const errs = messages<AddressValues>(
      t,
      validateFields(values, {
        firstname: nameRules,
        lastname: nameRules,
        street: [validateRequired],
        city: [validateRequired],
        postcode: [validateRequired, (v, all) => validateZip(all.countryId, String(v ?? ''))],
        telephone: [validateRequired],
      }),
    );
    setErrors(errs);
    if (Object.keys(errs).length) return focusFirstInvalid(form.current);
    const address: CustomerAddress = {
      firstname: values.firstname.trim(),
      lastname: values.lastname.trim(),
      street: [values.street.trim(), values.house.trim()].filter(Boolean),
      city: values.city.trim(),
      postcode: normaliseZip(values.countryId, values.postcode) ?? values.postcode.trim(),
      countryId: values.countryId,
      telephone: values.telephone.trim(),
      default_shipping: true,
      default_billing: true,
    };
    setBusy(true);
    try {
      const message = await user.updateProfile(api, {
        firstname: current.firstname,
        lastname: current.lastname,
        email: current.email,
        addresses: [address, ...current.addresses.filter((a) => !a.default_shipping).slice(0, 19)],
      });
      notify({ type: 'success', message: message ?? t.msg('user.accountUpdated') });
    } catch (err) {
      setAlert(errorMessage(t, err));
    } finally {
      setBusy(false);
    }
  }

  const field = (k: keyof AddressValues, label: string, autoComplete: string, required = true) => (
    <Field
      id={`ship-${String(k)}`}
      label={label}
      autoComplete={autoComplete}
      required={required}
      value={values[k] as string}
      onChange={set(k)}
      error={errors[k]}
    />
  );

  return (
    <AccountLayout title={t('account.shipping')}>
      <form ref={form} noValidate onSubmit={submit}>
        <FormAlert>{alert}</FormAlert>
        {field('firstname', t('auth.firstName'), 'given-name')}
        {field('lastname', t('auth.lastName'), 'family-name')}
        {field('street', t('checkout.street'), 'address-line1')}
        {field('house', t('checkout.house'), 'address-line2', false)}
        {field('city', t('checkout.city'), 'address-level2')}
        <div className="field">
          <label htmlFor="ship-countryId">{t('checkout.country')}</label>
          <select
            id="ship-countryId"
            value={values.countryId}
            onChange={set('countryId')}
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
        {field('telephone', t('checkout.phone'), 'tel')}
        <button type="submit" className="btn btn-primary" disabled={busy || !current}>
          {busy ? t('account.saving') : t('account.save')}
        </button>
      </form>
    </AccountLayout>
  );
}
