import { useT } from '../i18n';
import { ApiError } from '../api-client/api';
import { cart } from '../state/cart';
import { notify } from '../state/notifications';

/**
 * Spec "Cart connection" step 4: the shop answered the cart request with neither 200 nor 401, so
 * cart sync is disabled (state/cart.ts `syncDisabled`): the shopper is told that the cart lives on
 * this device only, and may try again. Shown by the mini cart (features/cart) and the checkout
 * (features/checkout), so it lives here, below both.
 */
export function SyncDisabledNotice({ text }: { text?: string }) {
  const t = useT();
  const retry = () =>
    cart
      .retrySync()
      .catch((e: unknown) =>
        notify({ type: 'error', message: t.msg(e instanceof ApiError ? e.message : 'error.generic') }),
      );
  return (
    <div className="cart-sync-disabled" data-testid="cart-sync-disabled">
      <p>{text ?? t('cart.syncDisabled')}</p>
      <button type="button" className="btn" onClick={retry}>
        {t('cart.syncRetry')}
      </button>
    </div>
  );
}
