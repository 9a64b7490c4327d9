import { sameCartItem } from '@vitrina/domain';
import { ApiError, type Api } from '../../../api-client/api';
import { CartSyncDisabled, isAnswer, isUnauthorized, markLineRefusal } from './answers';
import type { SyncContext } from './context';
import { asServerHolds, inStep, refreshTotals } from './totals';

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

/**
 * A new guest cart for a device cart of one line (a shopper's first add): the server cart is made with
 * the line in one request (`cart/create` with it, answering the line and the totals) and the device
 * takes the token, the line as the server holds it and the totals in ONE change, instead of a create,
 * an update and their three writes. True when the sync is done so; false when the cart is not such a
 * one (the sync's steps then), or the server made the cart without the line (its token kept: the
 * line is then pushed as usual). A refused line is taken off as a refused push takes it off (the
 * server never held it) and its refusal rethrown; the empty cart made is left.
 */
export async function createWithFirstLine(ctx: SyncContext, api: Api): Promise<boolean> {
  const { base } = ctx;
  const { store } = base;
  const start = store.get();
  const [item] = start.items;
  if (!item || start.items.length !== 1 || start.cartServerToken || start.removed.length) return false;
  const asGuest = start.bypassCount > 0;
  // a customer's create may answer the cart they already have (its lines then pulled and merged)
  if (!asGuest && !api.cart.createsEmptyCart()) return false;
  const my = base.epoch();
  const alive = () => base.epoch() === my && store.get().cartServerToken === null;
  let made: Awaited<ReturnType<Api['cart']['createWithLine']>>;
  try {
    made = await api.cart.createWithLine(
      {
        sku: item.sku,
        qty: item.qty,
        ...(item.product_option ? { product_option: item.product_option } : {}),
      },
      asGuest,
    );
  } catch (e) {
    if (isLineRefused(e)) {
      if (alive()) base.replaceItem(item, null);
      markLineRefusal(e);
      throw e;
    }
    if (e instanceof ApiError && !isUnauthorized(e)) throw new CartSyncDisabled(e);
    throw e;
  }
  if (!alive()) return true;
  const { token, line, totals } = made;
  if (!line) {
    store.set((s) => ({ ...s, cartServerToken: token, cartItemsHash: '' }));
    return false;
  }
  const now = Date.now();
  store.set((s) => {
    const held = asServerHolds(item, line);
    const i = s.items.findIndex((x) => sameCartItem(x, item));
    const items = i < 0 ? [...s.items, held] : s.items.map((x, j) => (j === i ? held : x));
    const next = { ...s, items, cartServerToken: token };
    return totals
      ? { ...next, totals, lastTotalsSyncAt: now, ...inStep(next, token, now) }
      : { ...next, cartItemsHash: '' };
  });
  if (totals) return true;
  // a server that answered the line without its totals: asked for them, then in step
  const stillOurs = () => base.epoch() === my && store.get().cartServerToken === token;
  await refreshTotals(ctx, api, token, stillOurs);
  if (stillOurs()) store.set((s) => ({ ...s, ...inStep(s, token, Date.now()) }));
  return true;
}

/** A refusal of the line `cart/create` was to make the cart with (`cart/update`'s: a field of `cartItem`). */
const isLineRefused = (e: unknown) =>
  isAnswer(e) && (e.errors ?? []).some((f) => f.field === 'cartItem' || f.field.startsWith('cartItem.'));
