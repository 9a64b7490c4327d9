import { formatPrice, type AddToCartDecision, type GradeKey } from '@vitrina/domain';
import { ApiError } from '../api-client/api';
import { useT } from '../i18n';
import { usePathNavigate } from '../lib/router';
import { localizedPath } from '../lib/store';
import { cartState } from '../state/cart-view';
import { notify } from '../state/notifications';
import { ui } from '../state/ui';

/** What was added, for the notice: its name, its grade and when the add began. */
export interface AddedItem {
  name: string;
  grade: GradeKey | null;
  /** Date.now() before the add: only totals the server answered after it are the cart's total now */
  since: number;
}

/**
 * The cart's total as the server answered it after `since`, or null (offline, or the totals not
 * answered yet): the notice never states a total the browser computed.
 */
export function serverCartTotal(since: number): number | null {
  const s = cartState();
  return s.totals && (s.lastTotalsSyncAt ?? 0) >= since ? s.totals.grand_total : null;
}

/**
 * What the shopper is told after an add to the cart, wherever it was made (the product page, a
 * listing card): the decision's message, with the spec's "Proceed to checkout" action when it has
 * one (§4 "Adding to the cart"), or the failure's message. With the item, a successful add names it,
 * its grade and the cart's total the server answered; a later add replaces the notice (one group).
 */
export function useCartAddNotice() {
  const t = useT();
  // the router itself, read at the click: `useNavigate` reads the route context, a new object at every
  // change of the router's state, and every card's add-to-cart button rendered again at each filter
  const navigate = usePathNavigate();
  const added = (notification: AddToCartDecision['notification'], item?: AddedItem) => {
    const total = item && notification.type === 'success' ? serverCartTotal(item.since) : null;
    return notify({
      type: notification.type,
      // the spec's message, then the item it is about
      message: t.msg(notification.key),
      ...(item && notification.type === 'success' ? { item: item.name } : {}),
      group: 'cart-add',
      ...(item?.grade ? { grade: item.grade } : {}),
      ...(total !== null
        ? { details: [t('cart.totalNow', { price: formatPrice(total, t.storeCode) })] }
        : {}),
      ...(notification.actionKey
        ? {
            action2: {
              label: t.msg(notification.actionKey),
              action: () => {
                ui.close('microcart');
                navigate(localizedPath(t.storeCode, '/checkout'));
              },
            },
          }
        : {}),
    });
  };
  const failed = (e: unknown) =>
    notify({ type: 'error', message: t.msg(e instanceof ApiError ? e.message : 'error.generic') });
  return { added, failed };
}
