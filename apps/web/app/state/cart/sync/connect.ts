import { ApiError, type Api } from '../../../api-client/api';
import { CartSyncDisabled, isUnauthorized } from './answers';
import type { SyncContext } from './context';

/**
 * Spec "Cart connection": a token is requested; a 401 (the fetch layer has already tried the
 * customer token refresh, api-client/token-refresh.ts) retries as a guest cart within the bypass limit.
 */
export async function connect(
  { base: { store } }: SyncContext,
  api: Api,
): Promise<{ token: string; emptyOnServer: boolean }> {
  const token = store.get().cartServerToken;
  if (token) return { token, emptyOnServer: false };
  let created: string;
  const asGuest = store.get().bypassCount > 0;
  // known before the request: a session refreshed or dropped meanwhile leaves a guest's cart empty
  const emptyOnServer = asGuest || api.cart.createsEmptyCart();
  try {
    created = asGuest ? await api.cart.createGuest() : await api.cart.create();
  } catch (e) {
    // step 3 (401) is the caller's guest retry; step 4: any other answer disables cart sync
    if (e instanceof ApiError && !isUnauthorized(e)) throw new CartSyncDisabled(e);
    throw e;
  }
  store.set((s) => ({ ...s, cartServerToken: created, cartItemsHash: '' }));
  return { token: created, emptyOnServer };
}
