import { useState } from 'react';
import { loadAllMessages, type GradeKey } from '@vitrina/domain';
import { useCartAddNotice, type AddedItem } from '../../../components/use-cart-add-notice';
import { useT } from '../../../i18n';
import { addToCart, cartEngineLoaded, usePreloadCartEngine } from '../../../state/cart-view';
import { notify } from '../../../state/notifications';
import { createStore, type Store } from '../../../state/store';
import type { Accepted, Refusal } from '../rules/cart-line';

/**
 * Adding to the cart from the product page: `add` takes what a rule decided (rules/cart-line.ts);
 * a refusal is only told, accepted lines are added one after another (a grouped set is one line per
 * chosen product), then the decision's notification is shown (with "Proceed to checkout" when it
 * has one). `adding` while the lines wait for the cart engine's chunk: a store of its own that the buy box reads (useStore), not
 * a state of the page's hook, which would render the whole product page again at each add (twice:
 * adding, then added) inside the click.
 */
export function useCartAdd() {
  const t = useT();
  const { added, failed } = useCartAddNotice();
  const [adding] = useState<Store<boolean>>(() => createStore(false));
  usePreloadCartEngine();

  const addItems = async ({ items, notification }: Accepted, about?: Omit<AddedItem, 'since'>) => {
    // Only a wait for the engine's chunk is shown: with the engine in, the lines go in on the device
    // within the click, and "Adding…" would be rendered and taken back before any paint.
    const waits = !cartEngineLoaded();
    if (waits) adding.set(true);
    const since = Date.now();
    try {
      for (const item of items) await addToCart(item);
      added(notification, about ? { ...about, since } : undefined);
    } catch (e) {
      failed(e);
    } finally {
      if (waits) adding.set(false);
    }
  };

  /** `about`: the item's name and grade, named in the notice (the product page's own product) */
  const add = (
    decided: Refusal | Accepted,
    about?: { name: string; grade: GradeKey | null },
  ): Promise<void> => {
    if (!decided.add)
      // a refusal's message is not among a first screen's: in at idle after hydration, else loaded here
      return loadAllMessages()
        .catch(() => undefined)
        .then(() => {
          notify({ type: decided.notification.type, message: t.msg(decided.notification.key) });
        });
    return addItems(decided, about);
  };

  return { adding, add };
}
