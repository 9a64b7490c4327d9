import {
  localizedPath,
  validateFields,
  validatePassword,
  validatePasswordsMatch,
  validateRequired,
} from '@vitrina/domain';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Route } from './+types/reset-password';
import {
  FormAlert,
  ForgotPasswordForm,
  errorMessage,
  focusFirstInvalid,
  messages,
  type Errors,
} from '../components/account/forms';
import { privateMeta } from '../components/account/meta';
import { Field } from '../components/Field';
import { useAccountT } from '../i18n/account';
import { seoForRequest } from '../lib/seo.server';
import { storeCodeOfRequest } from '../lib/store';
import { useApi } from '../lib/use-api';
import { ui } from '../state/ui';

export function loader({ request }: Route.LoaderArgs) {
  const storeCode = storeCodeOfRequest(request);
  return { storeCode, seo: seoForRequest(request, storeCode) };
}

export const meta: Route.MetaFunction = ({ data }) =>
  privateMeta(data, 'auth.resetTitle', 'auth.resetDescription');

interface NewPasswordValues extends Record<string, string> {
  password: string;
  repeat: string;
}

/** The page of the e-mail link: sets the new password with the reset token. */
function NewPasswordForm({ email, token }: { email: string; token: string }) {
  const t = useAccountT();
  const api = useApi();
  const [values, setValues] = useState<NewPasswordValues>({ password: '', repeat: '' });
  const [errors, setErrors] = useState<Errors<NewPasswordValues>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setAlert(null);
    if (navigator.onLine === false) {
      setAlert(t.msg('user.resetOffline'));
      return;
    }
    const errs = messages<NewPasswordValues>(
      t,
      validateFields(values, {
        password: [validateRequired, (v) => validatePassword(String(v ?? ''))],
        repeat: [validateRequired, (r, all) => validatePasswordsMatch(all.password, String(r ?? ''))],
      }),
    );
    setErrors(errs);
    if (Object.keys(errs).length) return focusFirstInvalid(form.current);
    setBusy(true);
    try {
      await api.user.createPassword(email, values.password, token);
      setDone(true);
    } catch (err) {
      setAlert(errorMessage(t, err));
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <div>
        <p role="status">{t.msg('user.passwordChanged')}</p>
        <button type="button" className="btn btn-primary" onClick={() => ui.openAuth('login')}>
          {t('auth.login')}
        </button>
      </div>
    );
  }
  return (
    <form ref={form} noValidate onSubmit={submit}>
      <p>{email}</p>
      <FormAlert>{alert}</FormAlert>
      <Field
        id="reset-password"
        label={t('auth.newPassword')}
        type="password"
        autoComplete="new-password"
        required
        value={values.password}
        onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
        error={errors.password}
      />
      <Field
        id="reset-repeat"
        label={t('auth.repeatPassword')}
        type="password"
        autoComplete="new-password"
        required
        value={values.repeat}
        onChange={(e) => setValues((v) => ({ ...v, repeat: e.target.value }))}
        error={errors.repeat}
      />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? t('auth.wait') : t('auth.setPassword')}
      </button>
    </form>
  );
}

/** `/reset-password`: the request form; `/reset-password?token&email`: the new password. */
export default function ResetPassword() {
  const t = useAccountT();
  const [params] = useSearchParams();
  const token = params.get('token');
  const email = params.get('email');
  return (
    <section className="narrow">
      <h1>{t('auth.resetTitle')}</h1>
      {token && email ? (
        <NewPasswordForm email={email} token={token} />
      ) : (
        <ForgotPasswordForm idPrefix="reset" />
      )}
      <p>
        <Link to={localizedPath(t.storeCode, '/')}>{t('common.backHome')}</Link>
      </p>
    </section>
  );
}
