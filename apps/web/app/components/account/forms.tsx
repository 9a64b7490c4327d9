import {
  validateAlphaOnly,
  validateEmail,
  validateFields,
  validateNameLength,
  validatePassword,
  validatePasswordsMatch,
  validateRequired,
  type FieldCheck,
} from '@vitrina/domain';
import { type ReactNode } from 'react';
import { type Translator } from '../../i18n';
import { useAccountT } from '../../i18n/account';
import { ApiError, type Api } from '../../lib/api';
import { useApi } from '../../lib/use-api';
import { notify } from '../../state/notifications';
import { user } from '../../state/user';
import { Field } from '../Field';
import { messages, useForm, type Errors, type Rules } from './use-form';

export { errorMessage, focusFirstInvalid, messages, type Errors } from './use-form';

const str = (v: unknown) => (typeof v === 'string' ? v : '');
/** A rule that reads only its own field (fits any form's FieldRule). */
type OwnRule = (value: unknown) => FieldCheck;
export const nameRules: OwnRule[] = [
  validateRequired,
  (v) => validateNameLength(str(v)),
  (v) => validateAlphaOnly(str(v)),
];
export const emailRules: OwnRule[] = [validateRequired, (v) => validateEmail(str(v))];
export const passwordRules: OwnRule[] = [validateRequired, (v) => validatePassword(str(v))];
/** A new password (`password`) and its confirmation (`repeat`). */
export const newPasswordRules = {
  password: passwordRules,
  repeat: [
    validateRequired,
    (r: unknown, all: { password: string }) => validatePasswordsMatch(all.password, str(r)),
  ],
};

export interface LoginValues extends Record<string, string> {
  email: string;
  password: string;
}

const loginRules: Rules<LoginValues> = { email: emailRules, password: [validateRequired] };

export function validateLogin(t: Translator, v: LoginValues): Errors<LoginValues> {
  return messages<LoginValues>(t, validateFields(v, loginRules));
}

export interface RegisterValues extends Record<string, string> {
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  repeat: string;
}

const registerRules: Rules<RegisterValues> = {
  firstname: nameRules,
  lastname: nameRules,
  email: emailRules,
  ...newPasswordRules,
};

export function validateRegister(t: Translator, v: RegisterValues): Errors<RegisterValues> {
  return messages<RegisterValues>(t, validateFields(v, registerRules));
}

/** A form's alert line (server answers), announced to screen readers. */
export function FormAlert({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p className="form-alert" role="alert">
      {children}
    </p>
  );
}

interface FormProps {
  /** prefix for field ids (the modal and a page may both show a form) */
  idPrefix?: string;
  onDone?: () => void;
  onSwitch?: (to: 'login' | 'register' | 'forgot-pass') => void;
  /** for tests */
  api?: Api;
}

export function LoginForm({ idPrefix = 'login', onDone, onSwitch, api: given }: FormProps) {
  const t = useAccountT();
  const defaultApi = useApi();
  const api = given ?? defaultApi;
  const f = useForm<LoginValues>({
    t,
    initial: { email: '', password: '' },
    rules: loginRules,
    submit: async (v) => {
      await user.login(api, v.email, v.password);
      notify({ type: 'success', message: t('auth.loggedIn') });
      onDone?.();
    },
  });

  return (
    <form ref={f.form} noValidate onSubmit={f.onSubmit} aria-busy={f.busy || undefined}>
      <FormAlert>{f.alert}</FormAlert>
      <Field
        id={`${idPrefix}-email`}
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        required
        {...f.bind('email')}
      />
      <Field
        id={`${idPrefix}-password`}
        label={t('auth.password')}
        type="password"
        autoComplete="current-password"
        required
        {...f.bind('password')}
      />
      <button type="submit" className="btn btn-primary btn-block" disabled={f.busy}>
        {f.busy ? t('auth.wait') : t('auth.login')}
      </button>
      {onSwitch ? (
        <p className="form-links">
          <button type="button" className="btn-link" onClick={() => onSwitch('forgot-pass')}>
            {t('auth.forgot')}
          </button>
          <span>
            {t('auth.noAccount')}{' '}
            <button type="button" className="btn-link" onClick={() => onSwitch('register')}>
              {t('auth.register')}
            </button>
          </span>
        </p>
      ) : null}
    </form>
  );
}

export function RegisterForm({ idPrefix = 'register', onDone, onSwitch, api: given }: FormProps) {
  const t = useAccountT();
  const defaultApi = useApi();
  const api = given ?? defaultApi;
  const f = useForm<RegisterValues>({
    t,
    initial: { firstname: '', lastname: '', email: '', password: '', repeat: '' },
    rules: registerRules,
    submit: async (v) => {
      await user.register(api, {
        firstname: v.firstname.trim(),
        lastname: v.lastname.trim(),
        email: v.email,
        password: v.password,
      });
      notify({ type: 'success', message: t('auth.registered') });
      onDone?.();
    },
  });

  const field = (k: keyof RegisterValues, label: string, type: string, autoComplete: string) => (
    <Field
      id={`${idPrefix}-${String(k)}`}
      label={label}
      type={type}
      autoComplete={autoComplete}
      required
      {...f.bind(k)}
    />
  );

  return (
    <form ref={f.form} noValidate onSubmit={f.onSubmit} aria-busy={f.busy || undefined}>
      <FormAlert>{f.alert}</FormAlert>
      {field('firstname', t('auth.firstName'), 'text', 'given-name')}
      {field('lastname', t('auth.lastName'), 'text', 'family-name')}
      {field('email', t('auth.email'), 'email', 'email')}
      {field('password', t('auth.password'), 'password', 'new-password')}
      {field('repeat', t('auth.repeatPassword'), 'password', 'new-password')}
      <button type="submit" className="btn btn-primary btn-block" disabled={f.busy}>
        {f.busy ? t('auth.wait') : t('auth.register')}
      </button>
      {onSwitch ? (
        <p className="form-links">
          {t('auth.haveAccount')}{' '}
          <button type="button" className="btn-link" onClick={() => onSwitch('login')}>
            {t('auth.login')}
          </button>
        </p>
      ) : null}
    </form>
  );
}

/** "Reset password": e-mails a link; blocked offline with the spec's message. */
export function ForgotPasswordForm({ idPrefix = 'forgot', onSwitch, api: given }: FormProps) {
  const t = useAccountT();
  const defaultApi = useApi();
  const api = given ?? defaultApi;
  const f = useForm<{ email: string }, never, string>({
    t,
    initial: { email: '' },
    rules: { email: emailRules },
    offlineMessage: t.msg('user.resetOffline'),
    failure: (err) =>
      err instanceof ApiError && err.message ? t.msg(err.message) : t.msg('user.resetEmailError'),
    submit: async (v) => {
      await api.user.resetPassword(v.email.trim());
      return v.email.trim();
    },
  });

  if (f.done) {
    return (
      <div>
        <p role="status">{t('auth.resetSent', { email: f.result ?? '' })}</p>
        {onSwitch ? (
          <button type="button" className="btn" onClick={() => onSwitch('login')}>
            {t('auth.backToLogin')}
          </button>
        ) : null}
      </div>
    );
  }

  return (
    <form ref={f.form} noValidate onSubmit={f.onSubmit} aria-busy={f.busy || undefined}>
      <p>{t('auth.resetIntro')}</p>
      <FormAlert>{f.alert}</FormAlert>
      <Field
        id={`${idPrefix}-email`}
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        required
        {...f.bind('email')}
      />
      <button type="submit" className="btn btn-primary btn-block" disabled={f.busy}>
        {f.busy ? t('auth.wait') : t('auth.sendReset')}
      </button>
      {onSwitch ? (
        <p className="form-links">
          <button type="button" className="btn-link" onClick={() => onSwitch('login')}>
            {t('auth.backToLogin')}
          </button>
        </p>
      ) : null}
    </form>
  );
}
