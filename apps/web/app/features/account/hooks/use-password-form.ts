import { validateRequired } from '@vitrina/domain';
import { useApi } from '../../../api-client/use-api';
import { errorMessage, newPasswordRules } from '../../../components/account/forms';
import { useForm } from '../../../components/account/use-form';
import { useAccountT } from '../../../i18n/account';
import { notify } from '../../../state/notifications';
import type { PasswordValues } from '../rules/profile';
import { useOnline } from './use-online';

/** Password change: current, new and confirmation; blocked offline (spec §5). */
export function usePasswordForm() {
  const t = useAccountT();
  const api = useApi();
  const online = useOnline();
  const form = useForm<PasswordValues>({
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
  return { form, online };
}

export type PasswordFormModel = ReturnType<typeof usePasswordForm>;
