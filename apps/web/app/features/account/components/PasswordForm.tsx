import { FieldForm, type FieldSpec } from '../../../components/FieldForm';
import { useAccountT } from '../../../i18n/account';
import type { PasswordValues } from '../rules/profile';
import type { PasswordFormModel } from '../hooks/use-password-form';

/** The password change's three fields; a notice instead of a working button while offline. */
export function PasswordForm({ model: { form, online } }: { model: PasswordFormModel }) {
  const t = useAccountT();
  const password = (name: keyof PasswordValues & string, id: string, label: string, autoComplete: string) =>
    ({ name, id, label, type: 'password', autoComplete, required: true }) satisfies FieldSpec<PasswordValues>;

  return (
    <FieldForm
      form={form}
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
