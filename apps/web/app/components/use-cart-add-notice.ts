import type { AddToCartDecision } from '@vitrina/domain';
import { useNavigate } from 'react-router';
import { ApiError } from '../api-client/api';
import { useT } from '../i18n';
import { localizedPath } from '../lib/store';
import { notify } from '../state/notifications';
import { ui } from '../state/ui';

/**
 * What the shopper is told after an add to the cart, wherever it was made (the product page, a
 * listing card): the decision's message, with the spec's "Proceed to checkout" action when it has
 * one (§4 "Adding to the cart"), or the failure's message.
 */
export function useCartAddNotice() {
  const t = useT();
  const navigate = useNavigate();
  const added = (notification: AddToCartDecision['notification']) =>
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
  const failed = (e: unknown) =>
    notify({ type: 'error', message: t.msg(e instanceof ApiError ? e.message : 'error.generic') });
  return { added, failed };
}
