import { validateRequired } from '@vitrina/domain';
import { useEffect, useState } from 'react';
import type { Route } from './+types/my-account-details';
import { AccountLayout } from '../components/account/AccountLayout';
import {
  emailField,
  emailRules,
  errorMessage,
  nameRules,
  newPasswordRules,
} from '../components/account/forms';
import { privateMeta } from '../components/account/meta';
import { useForm } from '../components/account/use-form';
import { FieldForm, type FieldSpec } from '../components/FieldForm';
import { useAccountT } from '../i18n/account';
import { privatePageLoader } from '../lib/seo.server';
import type { CustomerProfile } from '../lib/types';
import { useApi } from '../api-client/use-api';
import { notify } from '../state/notifications';
import { user, useUser } from '../state/user';

export const loader = privatePageLoader;

export const meta: Route.MetaFunction = ({ data }) => privateMeta(data, 'account.details');

interface ProfileValues extends Record<string, string> {
  firstname: string;
  lastname: string;
  email: string;
  /** asked only when the e-mail changes: an access token alone must not move the account */
  currentPassword: string;
}

const profileValues = (c: CustomerProfile): ProfileValues => ({
  firstname: c.firstname,
  lastname: c.lastname,
  email: c.email,
  currentPassword: '',
});

/** the API keeps e-mails lower-case: "A@B.lt" for "a@b.lt" is no change */
const emailChanged = (typed: string, current: CustomerProfile | null | undefined) =>
  !!current && typed.trim().toLowerCase() !== current.email.toLowerCase();

function ProfileForm() {
  const t = useAccountT();
  const current = useUser((s) => s.current);
  const f = useForm<ProfileValues, CustomerProfile>({
    t,
    initial: { firstname: '', lastname: '', email: '', currentPassword: '' },
    sync: { from: current, to: profileValues },
    rules: {
      firstname: nameRules,
      lastname: nameRules,
      email: emailRules,
      currentPassword: [
        (value, values) => (emailChanged(values.email, current) ? validateRequired(value) : null),
      ],
    },
    submit: async (v) => {
      const changing = emailChanged(v.email, current);
      const message = await user.updateProfile(
        {
          firstname: v.firstname.trim(),
          lastname: v.lastname.trim(),
          email: v.email.trim(),
          ...(current?.addresses?.length ? { addresses: current.addresses } : {}),
        },
        changing ? v.currentPassword : undefined,
      );
      notify({ type: 'success', message: message ?? t.msg('user.accountUpdated') });
    },
  });

  return (
    <FieldForm
      form={f}
      idPrefix="profile"
      labelledBy="profile-title"
      intro={<h2 id="profile-title">{t('account.details')}</h2>}
      fields={[
        { name: 'firstname', label: t('auth.firstName'), autoComplete: 'given-name', required: true },
        { name: 'lastname', label: t('auth.lastName'), autoComplete: 'family-name', required: true },
        emailField(t('auth.email')),
        ...(emailChanged(f.values.email, current)
          ? [
              {
                name: 'currentPassword',
                id: 'profile-current-password',
                label: t('account.emailChangePassword'),
                type: 'password',
                autoComplete: 'current-password',
                required: true,
              } satisfies FieldSpec<ProfileValues>,
            ]
          : []),
      ]}
      submitLabel={t('account.save')}
      busyLabel={t('account.saving')}
      disabled={!current}
    />
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

  const password = (name: keyof PasswordValues & string, id: string, label: string, autoComplete: string) =>
    ({ name, id, label, type: 'password', autoComplete, required: true }) satisfies FieldSpec<PasswordValues>;

  return (
    <FieldForm
      form={f}
      idPrefix="pw"
      labelledBy="password-title"
      intro={
        <>
          <h2 id="password-title">{t('auth.changePassword')}</h2>
          {online ? null : (
            <p role="alert" className="form-alert">
              {t('account.offlinePassword')}
            </p>
          )}
        </>
      }
      fields={[
        password('current', 'pw-current', t('auth.currentPassword'), 'current-password'),
        password('password', 'pw-new', t('auth.newPassword'), 'new-password'),
        password('repeat', 'pw-repeat', t('auth.repeatPassword'), 'new-password'),
      ]}
      submitLabel={t('auth.changePassword')}
      busyLabel={t('account.saving')}
      buttonClassName="btn"
      disabled={!online}
    />
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
