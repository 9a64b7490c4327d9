import { validateFields, validatePassword, validatePasswordsMatch, validateRequired } from '@vitrina/domain';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Route } from './+types/my-account-details';
import { AccountLayout } from '../components/account/AccountLayout';
import {
  FormAlert,
  emailRules,
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
import { useApi } from '../lib/use-api';
import { notify } from '../state/notifications';
import { user, useUser } from '../state/user';

export function loader({ request }: Route.LoaderArgs) {
  const storeCode = storeCodeOfRequest(request);
  return { storeCode, seo: seoForRequest(request, storeCode) };
}

export const meta: Route.MetaFunction = ({ data }) => privateMeta(data, 'account.details');

interface ProfileValues extends Record<string, string> {
  firstname: string;
  lastname: string;
  email: string;
}

function ProfileForm() {
  const t = useAccountT();
  const api = useApi();
  const current = useUser((s) => s.current);
  const [values, setValues] = useState<ProfileValues>({ firstname: '', lastname: '', email: '' });
  const [errors, setErrors] = useState<Errors<ProfileValues>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (current)
      setValues({ firstname: current.firstname, lastname: current.lastname, email: current.email });
  }, [current]);
  const set = (k: keyof ProfileValues) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [k]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setAlert(null);
    const errs = messages<ProfileValues>(
      t,
      validateFields(values, { firstname: nameRules, lastname: nameRules, email: emailRules }),
    );
    setErrors(errs);
    if (Object.keys(errs).length) return focusFirstInvalid(form.current);
    setBusy(true);
    try {
      const message = await user.updateProfile(api, {
        firstname: values.firstname.trim(),
        lastname: values.lastname.trim(),
        email: values.email.trim(),
        ...(current?.addresses?.length ? { addresses: current.addresses } : {}),
      });
      notify({ type: 'success', message: message ?? t.msg('user.accountUpdated') });
    } catch (err) {
      setAlert(errorMessage(t, err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={form} noValidate onSubmit={submit} aria-labelledby="profile-title">
      <h2 id="profile-title">{t('account.details')}</h2>
      <FormAlert>{alert}</FormAlert>
      <Field
        id="profile-firstname"
        label={t('auth.firstName')}
        autoComplete="given-name"
        required
        value={values.firstname}
        onChange={set('firstname')}
        error={errors.firstname}
      />
      <Field
        id="profile-lastname"
        label={t('auth.lastName')}
        autoComplete="family-name"
        required
        value={values.lastname}
        onChange={set('lastname')}
        error={errors.lastname}
      />
      <Field
        id="profile-email"
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        required
        value={values.email}
        onChange={set('email')}
        error={errors.email}
      />
      <button type="submit" className="btn btn-primary" disabled={busy || !current}>
        {busy ? t('account.saving') : t('account.save')}
      </button>
    </form>
  );
}

interface PasswordValues extends Record<string, string> {
  current: string;
  password: string;
  repeat: string;
}

function useOnline(): boolean {
  const [online, setOnline] = useState(true);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine !== false);
    update();
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

/** Password change: current, new and confirmation; blocked offline (spec §5). */
function PasswordForm() {
  const t = useAccountT();
  const api = useApi();
  const online = useOnline();
  const empty = { current: '', password: '', repeat: '' };
  const [values, setValues] = useState<PasswordValues>(empty);
  const [errors, setErrors] = useState<Errors<PasswordValues>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const set = (k: keyof PasswordValues) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [k]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setAlert(null);
    if (navigator.onLine === false) {
      setAlert(t.msg('user.passwordChangeOffline'));
      return;
    }
    const errs = messages<PasswordValues>(
      t,
      validateFields(values, {
        current: [validateRequired],
        password: [validateRequired, (v) => validatePassword(String(v ?? ''))],
        repeat: [validateRequired, (r, all) => validatePasswordsMatch(all.password, String(r ?? ''))],
      }),
    );
    setErrors(errs);
    if (Object.keys(errs).length) return focusFirstInvalid(form.current);
    setBusy(true);
    try {
      await api.user.changePassword(values.current, values.password);
      setValues(empty);
      notify({ type: 'success', message: t.msg('user.passwordChanged') });
    } catch (err) {
      setAlert(errorMessage(t, err) || t.msg('user.passwordChangeError'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={form} noValidate onSubmit={submit} aria-labelledby="password-title">
      <h2 id="password-title">{t('auth.changePassword')}</h2>
      {online ? null : (
        <p role="alert" className="form-alert">
          {t('account.offlinePassword')}
        </p>
      )}
      <FormAlert>{alert}</FormAlert>
      <Field
        id="pw-current"
        label={t('auth.currentPassword')}
        type="password"
        autoComplete="current-password"
        required
        value={values.current}
        onChange={set('current')}
        error={errors.current}
      />
      <Field
        id="pw-new"
        label={t('auth.newPassword')}
        type="password"
        autoComplete="new-password"
        required
        value={values.password}
        onChange={set('password')}
        error={errors.password}
      />
      <Field
        id="pw-repeat"
        label={t('auth.repeatPassword')}
        type="password"
        autoComplete="new-password"
        required
        value={values.repeat}
        onChange={set('repeat')}
        error={errors.repeat}
      />
      <button type="submit" className="btn" disabled={busy || !online}>
        {busy ? t('account.saving') : t('auth.changePassword')}
      </button>
    </form>
  );
}

export default function MyAccountDetails() {
  const t = useAccountT();
  return (
    <AccountLayout title={t('account.details')}>
      <ProfileForm />
      <PasswordForm />
    </AccountLayout>
  );
}
