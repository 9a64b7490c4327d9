import { useApi } from '../../../api-client/use-api';
import { useForm } from '../../../components/account/use-form';
import { useAccountT } from '../../../i18n/account';
import { useUser } from '../../../state/user-view';
import { emailRules } from '../../../components/account/forms';

interface StockAlertValues extends Record<string, string> {
  email: string;
}

/**
 * The stock notification request's form: an e-mail address (the shopper's own when
 * logged in) for an out-of-stock sku; the shop writes when it is back (`POST /stock-alert/create`).
 * Its result is the address the request was made for.
 */
export function useStockAlertForm(sku: string) {
  const t = useAccountT();
  const api = useApi();
  const profile = useUser((s) => s.current);
  const form = useForm<StockAlertValues, never, string>({
    t,
    initial: () => ({ email: profile?.email ?? '' }),
    rules: { email: emailRules },
    submit: async (v) => {
      const email = v.email.trim();
      await api.stockAlert.create(email, sku);
      return email;
    },
  });
  return { t, form };
}
