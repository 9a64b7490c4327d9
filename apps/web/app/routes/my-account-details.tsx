import { validateRequired } from '@vitrina/domain';
import { useEffect, useState } from 'react';
import type { Route } from './+types/my-account-details';
import { AccountLayout } from '../components/account/AccountLayout';
import {
  FormAlert,
  emailRules,
  errorMessage,
  nameRules,
  newPasswordRules,
} from '../components/account/forms';
import { privateMeta } from '../components/account/meta';
import { useForm } from '../components/account/use-form';
import { Field } from '../components/Field';
import { useAccountT } from '../i18n/account';
import { privatePageLoader } from '../lib/seo.server';
import type { CustomerProfile } from '../lib/types';
import { useApi } from '../lib/use-api';
import { notify } from '../state/notifications';
import { user, useUser } from '../state/user';

export const loader = privatePageLoader;

export const meta: Route.MetaFunction = ({ data }) => privateMeta(data, 'account.details');

interface ProfileValues extends Record<string, string> {
  firstname: string;
  lastname: string;
  email: string;
}

const profileValues = (c: CustomerProfile): ProfileValues => ({
  firstname: c.firstname,
  lastname: c.lastname,
  email: c.email,
});

function ProfileForm() {
  const t = useAccountT();
  const api = useApi();
  const current = useUser((s) => s.current);
  const f = useForm<ProfileValues, CustomerProfile>({
    t,
    initial: { firstname: '', lastname: '', email: '' },
    sync: { from: current, to: profileValues },
    rules: { firstname: nameRules, lastname: nameRules, email: emailRules },
    submit: async (v) => {
      const message = await user.updateProfile(api, {
        firstname: v.firstname.trim(),
        lastname: v.lastname.trim(),
        email: v.email.trim(),
        ...(current?.addresses?.length ? { addresses: current.addresses } : {}),
      });
      notify({ type: 'success', message: message ?? t.msg('user.accountUpdated') });
    },
  });

  return (
    <form ref={f.form} noValidate onSubmit={f.onSubmit} aria-labelledby="profile-title">
      <h2 id="profile-title">{t('account.details')}</h2>
      <FormAlert>{f.alert}</FormAlert>
      <Field
        id="profile-firstname"
        label={t('auth.firstName')}
        autoComplete="given-name"
        required
        {...f.bind('firstname')}
      />
      <Field
        id="profile-lastname"
        label={t('auth.lastName')}
        autoComplete="family-name"
        required
        {...f.bind('lastname')}
      />
      <Field
        id="profile-email"
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        required
        {...f.bind('email')}
      />
      <button type="submit" className="btn btn-primary" disabled={f.busy || !current}>
        {f.busy ? t('account.saving') : t('account.save')}
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
  const f = useForm<PasswordValues>({
    t,
    initial: { current: '', password: '', repeat: '' },
    rules: {
      current: [validateRequired],
      ...newPasswordRules,
    },
    offlineMessage: t.msg('user.passwordChangeOffline'),
    failure: (err) => errorMessage(t, err) || t.msg('user.passwordChangeError'),
    resetOnSuccess: true,
    submit: async (v) => {
      await api.user.changePassword(v.current, v.password);
      notify({ type: 'success', message: t.msg('user.passwordChanged') });
    },
  });

  return (
    <form ref={f.form} noValidate onSubmit={f.onSubmit} aria-labelledby="password-title">
      <h2 id="password-title">{t('auth.changePassword')}</h2>
      {online ? null : (
        <p role="alert" className="form-alert">
          {t('account.offlinePassword')}
        </p>
      )}
      <FormAlert>{f.alert}</FormAlert>
      <Field
        id="pw-current"
        label={t('auth.currentPassword')}
        type="password"
        autoComplete="current-password"
        required
        {...f.bind('current')}
      />
      <Field
        id="pw-new"
        label={t('auth.newPassword')}
        type="password"
        autoComplete="new-password"
        required
        {...f.bind('password')}
      />
      <Field
        id="pw-repeat"
        label={t('auth.repeatPassword')}
        type="password"
        autoComplete="new-password"
        required
        {...f.bind('repeat')}
      />
      <button type="submit" className="btn" disabled={f.busy || !online}>
        {f.busy ? t('account.saving') : t('auth.changePassword')}
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
