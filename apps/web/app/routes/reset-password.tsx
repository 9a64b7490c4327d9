import { localizedPath } from '@vitrina/domain';
import { useSearchParams } from 'react-router';
import { Link } from '../lib/link';
import type { Route } from './+types/reset-password';
import { ForgotPasswordForm, newPasswordRules } from '../components/account/forms';
import { privateMeta } from '../components/account/meta';
import { useForm } from '../components/account/use-form';
import { FieldForm, type FieldSpec } from '../components/FieldForm';
import { useAccountT } from '../i18n/account';
import { privatePageLoader } from '../lib/seo.server';
import { useApi } from '../api-client/use-api';
import { ui } from '../state/ui';

export const loader = privatePageLoader;

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
  const f = useForm<NewPasswordValues>({
    t,
    initial: { password: '', repeat: '' },
    rules: newPasswordRules,
    offlineMessage: t.msg('user.resetOffline'),
    submit: async (v) => {
      await api.user.createPassword(email, v.password, token);
    },
  });

  // with the prefix "reset" the fields keep their ids reset-password and reset-repeat
  const newPassword = (name: keyof NewPasswordValues & string, label: string) =>
    ({
      name,
      label,
      type: 'password',
      autoComplete: 'new-password',
      required: true,
    }) satisfies FieldSpec<NewPasswordValues>;

  return (
    <FieldForm
      form={f}
      idPrefix="reset"
      intro={<p>{email}</p>}
      fields={[
        newPassword('password', t('auth.newPassword')),
        newPassword('repeat', t('auth.repeatPassword')),
      ]}
      submitLabel={t('auth.setPassword')}
      done={
        <div>
          <p role="status">{t.msg('user.passwordChanged')}</p>
          <button type="button" className="btn btn-primary" onClick={() => ui.openAuth('login')}>
            {t('auth.login')}
          </button>
        </div>
      }
    />
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
