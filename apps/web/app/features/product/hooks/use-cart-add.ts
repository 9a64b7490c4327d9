import { useState } from 'react';
import { useCartAddNotice } from '../../../components/use-cart-add-notice';
import { useT } from '../../../i18n';
import { cart } from '../../../state/cart';
import { notify } from '../../../state/notifications';
import type { Accepted, Refusal } from '../rules/cart-line';

/**
 * Adding to the cart from the product page: `add` takes what a rule decided (rules/cart-line.ts);
 * a refusal is only told, accepted lines are added one after another (a grouped set is one line per
 * chosen product), then the decision's notification is shown (with "Proceed to checkout" when it
 * has one). `adding` while the lines go in.
 */
export function useCartAdd() {
  const t = useT();
  const { added, failed } = useCartAddNotice();
  const [adding, setAdding] = useState(false);

  const addItems = async ({ items, notification }: Accepted) => {
    setAdding(true);
    try {
      for (const item of items) await cart.add(item);
      added(notification);
    } catch (e) {
      failed(e);
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
