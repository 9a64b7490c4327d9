import { cartItemChecksum } from '@vitrina/domain';
import { useEffect } from 'react';
import { useCartT } from '../../../i18n/cart';
import { lineTotal } from '../../../components/CartLineOptions';
import { localizedPath } from '../../../lib/store';
import { syncRequired, useCart } from '../../../state/cart';
import { wantEngines } from '../../../state/cart-view';
import { notifications } from '../../../state/notifications';
import { ui, useUi } from '../../../state/ui';

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * The mini cart drawer (microcart overlay): open or not, the lines with their totals as the server
 * priced them, what the cart is doing (updating, waiting for the network, sync disabled), the
 * server's totals and the way to the checkout.
 */
export function useMiniCart() {
  const t = useCartT();
  const open = useUi((s) => s.microcart);
  const state = useCart();
  // the open cart shows the added line and its total itself: the add's notice would only cover it
  useEffect(() => {
    if (open) notifications.dismissGroup('cart-add');
  }, [open]);
  // the drawer is mounted when it opens: an open cart is a cart action, the sync queue starts (root.tsx)
  useEffect(() => wantEngines(), []);
  return {
    open,
    state,
    close: () => ui.close('microcart'),
    lines: state.items.map((item) => ({
      key: cartItemChecksum(item),
      item,
      rowTotal: lineTotal(item, state.totals),
    })),
    syncDisabled: state.syncDisabled,
    /** the live status line: a write in flight, or changes owed while offline */
    status: state.syncing
      ? t('cart.updating')
      : offline() && syncRequired(state)
        ? t('cart.offlinePending')
        : null,
    totals: state.totals,
    checkoutHref: localizedPath(t.storeCode, '/checkout'),
  };
}

export type MiniCartModel = ReturnType<typeof useMiniCart>;
