import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../api-client/api';
import { useT } from '../../../i18n';
import { localizedPath } from '../../../lib/store';
import { cart } from '../../../state/cart';
import { notify } from '../../../state/notifications';
import { ui } from '../../../state/ui';
import type { Accepted, Refusal } from '../rules/cart-line';

/**
 * Adding to the cart from the product page: `add` takes what a rule decided (rules/cart-line.ts);
 * a refusal is only told, accepted lines are added one after another (a grouped set is one line per
 * chosen product), then the decision's notification is shown (with "Proceed to checkout" when it
 * has one). `adding` while the lines go in.
 */
export function useCartAdd() {
  const t = useT();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);

  const addItems = async ({ items, notification }: Accepted) => {
    setAdding(true);
    try {
      for (const item of items) await cart.add(item);
      notify({
        type: notification.type,
        message: t.msg(notification.key),
        ...(notification.actionKey
          ? {
              action2: {
                label: t.msg(notification.actionKey),
                action: () => {
                  ui.close('microcart');
                  void navigate(localizedPath(t.storeCode, '/checkout'));
                },
              },
            }
          : {}),
      });
    } catch (e) {
      notify({ type: 'error', message: t.msg(e instanceof ApiError ? e.message : 'error.generic') });
    } finally {
      setAdding(false);
    }
  };

  const add = (decided: Refusal | Accepted): Promise<void> => {
    if (!decided.add) {
      notify({ type: decided.notification.type, message: t.msg(decided.notification.key) });
      return Promise.resolve();
    }
    return addItems(decided);
  };

  return { adding, add };
}
