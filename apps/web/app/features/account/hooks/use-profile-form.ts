import { validateRequired } from '@vitrina/domain';
import { emailRules, nameRules } from '../../../components/account/forms';
import { useForm } from '../../../components/account/use-form';
import { useAccountT } from '../../../i18n/account';
import type { CustomerProfile } from '../../../lib/types';
import { notify } from '../../../state/notifications';
import { user, useUser } from '../../../state/user';
import {
  EMPTY_PROFILE,
  emailChanged,
  profileUpdate,
  profileValues,
  type ProfileValues,
} from '../rules/profile';

/**
 * The profile form (names and e-mail, POST /user/me): filled from the profile once it loads; a new
 * e-mail needs the current password, asked and sent only then.
 */
export function useProfileForm() {
  const t = useAccountT();
  const current = useUser((s) => s.current);
  const form = useForm<ProfileValues, CustomerProfile>({
    t,
    initial: EMPTY_PROFILE,
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
        profileUpdate(v, current),
        changing ? v.currentPassword : undefined,
      );
      notify({ type: 'success', message: message ?? t.msg('user.accountUpdated') });
    },
  });
  return {
    form,
    /** the current password's field is shown (the typed e-mail is a new one) */
    askPassword: emailChanged(form.values.email, current),
    /** the profile is not loaded yet */
    disabled: !current,
  };
}

export type ProfileFormModel = ReturnType<typeof useProfileForm>;
