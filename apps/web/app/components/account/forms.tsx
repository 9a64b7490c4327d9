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
import type { ReactNode } from 'react';
import { type Translator } from '../../i18n';
import { useAccountT } from '../../i18n/account';
import { ApiError } from '../../api-client/api';
import { useApi } from '../../api-client/use-api';
import { notify } from '../../state/notifications';
import { user } from '../../state/user';
import { FieldForm, type FieldFormProps, type FieldSpec } from '../FieldForm';
import { messages, useForm, type Errors, type Rules } from './use-form';

export { errorMessage, focusFirstInvalid, messages, type Errors } from './use-form';
export { FormAlert } from '../FieldForm';

const str = (v: unknown) => (typeof v === 'string' ? v : '');
/** A rule that reads only its own field (fits any form's FieldRule). */
type OwnRule = (value: unknown) => FieldCheck;
export const nameRules: OwnRule[] = [
  validateRequired,
  (v) => validateNameLength(str(v)),
  (v) => validateAlphaOnly(str(v)),
];
export const emailRules: OwnRule[] = [validateRequired, (v) => validateEmail(str(v))];
/** The required e-mail field (checked by `emailRules`) of any form with an `email` value. */
export const emailField = <V extends { email: string }>(label: string): FieldSpec<V> => ({
  name: 'email',
  label,
  type: 'email',
  autoComplete: 'email',
  required: true,
});
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

type Switch = (to: 'login' | 'register' | 'forgot-pass') => void;

interface FormProps {
  /** prefix for field ids (the modal and a page may both show a form) */
  idPrefix?: string;
  onDone?: () => void;
  onSwitch?: Switch;
}

/**
 * The shape of the login modal's forms (login, registration, reset): a full-width button, aria-busy
 * while sending, and `links` to the other forms under it.
 */
function AuthForm<V extends Record<string, string>>({
  links,
  ...props
}: Omit<FieldFormProps<V>, 'footer'> & { links: ReactNode }) {
  return (
    <FieldForm
      {...props}
      announceBusy
      buttonClassName="btn btn-primary btn-block"
      footer={links ? <p className="form-links">{links}</p> : null}
    />
  );
}

/** A link-styled button to another form of the login modal. */
function SwitchLink({
  to,
  onSwitch,
  children,
}: {
  to: Parameters<Switch>[0];
  onSwitch: Switch;
  children: ReactNode;
}) {
  return (
    <button type="button" className="btn-link" onClick={() => onSwitch(to)}>
      {children}
    </button>
  );
}

export function LoginForm({ idPrefix = 'login', onDone, onSwitch }: FormProps) {
  const t = useAccountT();
  const f = useForm<LoginValues>({
    t,
    initial: { email: '', password: '' },
    rules: loginRules,
    submit: async (v) => {
      await user.login(v.email, v.password);
      notify({ type: 'success', message: t('auth.loggedIn') });
      onDone?.();
    },
  });

  return (
    <AuthForm
      form={f}
      idPrefix={idPrefix}
      fields={[
        emailField(t('auth.email')),
        {
          name: 'password',
          label: t('auth.password'),
          type: 'password',
          autoComplete: 'current-password',
          required: true,
        },
      ]}
      submitLabel={t('auth.login')}
      links={
        onSwitch ? (
          <>
            <SwitchLink to="forgot-pass" onSwitch={onSwitch}>
              {t('auth.forgot')}
            </SwitchLink>
            <span>
              {t('auth.noAccount')}{' '}
              <SwitchLink to="register" onSwitch={onSwitch}>
                {t('auth.register')}
              </SwitchLink>
            </span>
          </>
        ) : null
      }
    />
  );
}

export function RegisterForm({ idPrefix = 'register', onDone, onSwitch }: FormProps) {
  const t = useAccountT();
  const f = useForm<RegisterValues>({
    t,
    initial: { firstname: '', lastname: '', email: '', password: '', repeat: '' },
    rules: registerRules,
    submit: async (v) => {
      await user.register({
        firstname: v.firstname.trim(),
        lastname: v.lastname.trim(),
        email: v.email,
        password: v.password,
      });
      notify({ type: 'success', message: t('auth.registered') });
      onDone?.();
    },
  });

  const field = (name: keyof RegisterValues & string, label: string, type: string, autoComplete: string) =>
    ({ name, label, type, autoComplete, required: true }) satisfies FieldSpec<RegisterValues>;

  return (
    <AuthForm
      form={f}
      idPrefix={idPrefix}
      fields={[
        field('firstname', t('auth.firstName'), 'text', 'given-name'),
        field('lastname', t('auth.lastName'), 'text', 'family-name'),
        emailField(t('auth.email')),
        field('password', t('auth.password'), 'password', 'new-password'),
        field('repeat', t('auth.repeatPassword'), 'password', 'new-password'),
      ]}
      submitLabel={t('auth.register')}
      links={
        onSwitch ? (
          <>
            {t('auth.haveAccount')}{' '}
            <SwitchLink to="login" onSwitch={onSwitch}>
              {t('auth.login')}
            </SwitchLink>
          </>
        ) : null
      }
    />
  );
}

/** "Reset password": e-mails a link; blocked offline with the spec's message. */
export function ForgotPasswordForm({ idPrefix = 'forgot', onSwitch }: FormProps) {
  const t = useAccountT();
  const api = useApi();
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

  const backToLogin = onSwitch ? (
    <button type="button" className="btn" onClick={() => onSwitch('login')}>
      {t('auth.backToLogin')}
    </button>
  ) : null;
  return (
    <AuthForm
      form={f}
      idPrefix={idPrefix}
      intro={<p>{t('auth.resetIntro')}</p>}
      fields={[emailField(t('auth.email'))]}
      submitLabel={t('auth.sendReset')}
      done={
        <div>
          <p role="status">{t('auth.resetSent', { email: f.result ?? '' })}</p>
          {backToLogin}
        </div>
      }
      links={
        onSwitch ? (
          <SwitchLink to="login" onSwitch={onSwitch}>
            {t('auth.backToLogin')}
          </SwitchLink>
        ) : null
      }
    />
  );
}
