import { useForm } from '../../../components/account/use-form';
import { useAccountT } from '../../../i18n/account';
import type { CustomerProfile } from '../../../lib/types';
import { accountAddress, accountFormErrors, type AccountAddressValues } from '../../../state/address-form';
import { notify } from '../../../state/notifications';
import { user, useUser } from '../../../state/user';
import { addressValues, toValues, withDefaultAddress } from '../rules/shipping-address';

/** The default shipping address of the profile (POST /user/me with addresses). */
export function useShippingForm() {
  const t = useAccountT();
  const current = useUser((s) => s.current);
  const form = useForm<AccountAddressValues, CustomerProfile>({
    t,
    initial: () => toValues(undefined, '', ''),
    sync: { from: current, to: addressValues },
    enabled: Boolean(current),
    // the one address rule, for a saved address (domain address-rules.ts; state/address-form.ts)
    validate: accountFormErrors,
    submit: async (v) => {
      if (!current) return;
      const message = await user.updateProfile({
        firstname: current.firstname,
        lastname: current.lastname,
        email: current.email,
        addresses: withDefaultAddress(current, accountAddress(v)),
      });
      notify({ type: 'success', message: message ?? t.msg('user.accountUpdated') });
    },
  });
  return { form, disabled: form.busy || !current };
}

export type ShippingFormModel = ReturnType<typeof useShippingForm>;
