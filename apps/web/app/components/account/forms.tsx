import {
  validateAlphaOnly,
  validateEmail,
  validateFields,
  validateNameLength,
  validatePassword,
  validatePasswordsMatch,
  validateRequired,
  type FieldCheck,
  type FieldError,
} from '@vitrina/domain';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { type Translator } from '../../i18n';
import { useAccountT } from '../../i18n/account';
import { ApiError, type Api } from '../../lib/api';
import { useApi } from '../../lib/use-api';
import { notify } from '../../state/notifications';
import { user } from '../../state/user';
import { Field } from '../Field';

export type Errors<V> = Partial<Record<keyof V, string>>;

/** Domain field errors as messages in the store view's language. */
export function messages<V>(t: Translator, errors: Partial<Record<keyof V, FieldError>>): Errors<V> {
  const out: Errors<V> = {};
  for (const [k, e] of Object.entries(errors) as [keyof V, FieldError | undefined][]) {
    if (e) out[k] = t.msg(e.key, e.params);
  }
  return out;
}

/** Moves focus to the first invalid field of a form after a failed submit. */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  const run = () => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(run);
  else run();
}

/** The server's message (already in the store view's language), else the generic one. */
export function errorMessage(t: Translator, e: unknown): string {
  return e instanceof ApiError && e.message ? t.msg(e.message) : t.msg('error.generic');
}

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

export interface LoginValues extends Record<string, string> {
  email: string;
  password: string;
}

export function validateLogin(t: Translator, v: LoginValues): Errors<LoginValues> {
  return messages<LoginValues>(t, validateFields(v, { email: emailRules, password: [validateRequired] }));
}

export interface RegisterValues extends Record<string, string> {
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  repeat: string;
}

export function validateRegister(t: Translator, v: RegisterValues): Errors<RegisterValues> {
  return messages<RegisterValues>(
    t,
    validateFields(v, {
      firstname: nameRules,
      lastname: nameRules,
      email: emailRules,
      password: passwordRules,
      repeat: [validateRequired, (r, all) => validatePasswordsMatch(all.password, str(r))],
    }),
  );
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
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<Errors<LoginValues>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const set = (k: keyof LoginValues) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [k]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const errs = validateLogin(t, values);
    setErrors(errs);
    setAlert(null);
    if (Object.keys(errs).length) return focusFirstInvalid(form.current);
    setBusy(true);
    try {
      await user.login(api, values.email, values.password);
      notify({ type: 'success', message: t('auth.loggedIn') });
      onDone?.();
    } catch (err) {
      setAlert(errorMessage(t, err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={form} noValidate onSubmit={submit} aria-busy={busy || undefined}>
      <FormAlert>{alert}</FormAlert>
      <Field
        id={`${idPrefix}-email`}
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        required
        value={values.email}
        onChange={set('email')}
        error={errors.email}
      />
      <Field
        id={`${idPrefix}-password`}
        label={t('auth.password')}
        type="password"
        autoComplete="current-password"
        required
        value={values.password}
        onChange={set('password')}
        error={errors.password}
      />
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy ? t('auth.wait') : t('auth.login')}
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
  const [values, setValues] = useState<RegisterValues>({
    firstname: '',
    lastname: '',
    email: '',
    password: '',
    repeat: '',
  });
  const [errors, setErrors] = useState<Errors<RegisterValues>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const set = (k: keyof RegisterValues) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [k]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const errs = validateRegister(t, values);
    setErrors(errs);
    setAlert(null);
    if (Object.keys(errs).length) return focusFirstInvalid(form.current);
    setBusy(true);
    try {
      await user.register(api, {
        firstname: values.firstname.trim(),
        lastname: values.lastname.trim(),
        email: values.email,
        password: values.password,
      });
      notify({ type: 'success', message: t('auth.registered') });
      onDone?.();
    } catch (err) {
      setAlert(errorMessage(t, err));
    } finally {
      setBusy(false);
    }
  }

  const field = (k: keyof RegisterValues, label: string, type: string, autoComplete: string) => (
    <Field
      id={`${idPrefix}-${String(k)}`}
      label={label}
      type={type}
      autoComplete={autoComplete}
      required
      value={values[k] as string}
      onChange={set(k)}
      error={errors[k]}
    />
  );

  return (
    <form ref={form} noValidate onSubmit={submit} aria-busy={busy || undefined}>
      <FormAlert>{alert}</FormAlert>
      {field('firstname', t('auth.firstName'), 'text', 'given-name')}
      {field('lastname', t('auth.lastName'), 'text', 'family-name')}
      {field('email', t('auth.email'), 'email', 'email')}
      {field('password', t('auth.password'), 'password', 'new-password')}
      {field('repeat', t('auth.repeatPassword'), 'password', 'new-password')}
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy ? t('auth.wait') : t('auth.register')}
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

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** "Reset password": e-mails a link; blocked offline with the spec's message. */
export function ForgotPasswordForm({ idPrefix = 'forgot', onSwitch, api: given }: FormProps) {
  const t = useAccountT();
  const defaultApi = useApi();
  const api = given ?? defaultApi;
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setAlert(null);
    if (isOffline()) {
      setAlert(t.msg('user.resetOffline'));
      return;
    }
    const errs = messages<{ email: string }>(t, validateFields({ email }, { email: emailRules }));
    setError(errs.email ?? null);
    if (errs.email) return focusFirstInvalid(form.current);
    setBusy(true);
    try {
      await api.user.resetPassword(email.trim());
      setSent(email.trim());
    } catch (err) {
      setAlert(err instanceof ApiError && err.message ? t.msg(err.message) : t.msg('user.resetEmailError'));
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <div>
        <p role="status">{t('auth.resetSent', { email: sent })}</p>
        {onSwitch ? (
          <button type="button" className="btn" onClick={() => onSwitch('login')}>
            {t('auth.backToLogin')}
          </button>
        ) : null}
      </div>
    );
  }

  return (
    <form ref={form} noValidate onSubmit={submit} aria-busy={busy || undefined}>
      <p>{t('auth.resetIntro')}</p>
      <FormAlert>{alert}</FormAlert>
      <Field
        id={`${idPrefix}-email`}
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={error}
      />
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy ? t('auth.wait') : t('auth.sendReset')}
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
