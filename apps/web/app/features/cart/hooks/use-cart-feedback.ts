import { useT } from '../../../i18n';
import { ApiError } from '../../../api-client/api';
import { notify } from '../../../state/notifications';

/** A cart action that failed: the server's message (or the generic one) as an error toast. */
export function useCartErrors() {
  const t = useT();
  return (e: unknown) =>
    notify({ type: 'error', message: t.msg(e instanceof ApiError ? e.message : 'error.generic') });
}

/**
 * The spec's success message of a quantity change (catalogue-and-cart.md, cart messages), the one
 * place it is decided: after a line's quantity is saved as another number, from the −/+ buttons, the
 * quantity field or the edit dialog.
 */
export function useQuantityUpdated() {
  const t = useT();
  return (before: number, after: number) => {
    if (after !== before) notify({ type: 'success', message: t.msg('cart.quantityUpdated') });
  };
}
