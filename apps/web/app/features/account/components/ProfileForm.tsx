import { emailField } from '../../../components/account/forms';
import { FieldForm, type FieldSpec } from '../../../components/FieldForm';
import { useAccountT } from '../../../i18n/account';
import type { ProfileValues } from '../rules/profile';
import type { ProfileFormModel } from '../hooks/use-profile-form';

/** The profile's names and e-mail (and the current password when the e-mail changes). */
export function ProfileForm({ model }: { model: ProfileFormModel }) {
  const t = useAccountT();
  return (
    <FieldForm
      form={model.form}
      idPrefix="profile"
      labelledBy="profile-title"
      intro={<h2 id="profile-title">{t('account.details')}</h2>}
      fields={[
        { name: 'firstname', label: t('auth.firstName'), autoComplete: 'given-name', required: true },
        { name: 'lastname', label: t('auth.lastName'), autoComplete: 'family-name', required: true },
        emailField(t('auth.email')),
        ...(model.askPassword
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
      disabled={model.disabled}
    />
  );
}
