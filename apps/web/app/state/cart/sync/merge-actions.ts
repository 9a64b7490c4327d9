import { serverItemId, type MergeAction } from '@vitrina/domain';
import type { Api } from '../../../api-client/api';
import type { CartLine, Totals } from '../../../lib/types';
import type { CartItem } from '../model';
import { isAnswer, isCartGone, isUnauthorized } from './answers';
import type { SyncContext } from './context';
import { asServerHolds } from './totals';

/** What applying the merge left: the first line the server refused, the totals its last write answered. */
export interface MergeOutcome {
  refused: unknown;
  answeredTotals: Totals | null;
}

type PushResult = { totals: Totals | null } | { refused: unknown } | 'stale';

/**
 * Applies the domain's merge (mergeCart) to the device and the server cart `token`, one action at a
 * time. The last write to the server answers the cart's totals too (no cart/totals after it). Null
 * when the sync stopped counting (`alive`: a clear or a move to another cart meanwhile).
 */
export async function applyMergeActions(
  ctx: SyncContext,
  api: Api,
  token: string,
  actions: MergeAction<CartItem, CartItem>[],
  server: CartItem[],
  alive: () => boolean,
): Promise<MergeOutcome | null> {
  const { patch, replaceItem } = ctx.base;
  const lastWrite = actions.findLastIndex((a) => a.type === 'push' || a.type === 'delete-server');
  const outcome: MergeOutcome = { refused: null, answeredTotals: null };
  for (const [index, action] of actions.entries()) {
    switch (action.type) {
      case 'push': {
        const pushed = await pushLine(ctx, api, token, action.item, server, index === lastWrite, alive);
        if (pushed === 'stale') return null;
        if ('totals' in pushed) {
          if (index === lastWrite) outcome.answeredTotals = pushed.totals;
        } else outcome.refused ??= pushed.refused;
        break;
      }
      case 'remove-client':
        replaceItem(action.item, null);
        break;
      case 'update-client-qty':
      case 'link':
        replaceItem(action.item, action.item);
        break;
      case 'add-client':
        patch((list) => [...list, action.item]);
        break;
      case 'delete-server': {
        const id = serverItemId(action.item);
        if (id != null) await api.cart.delete(token, { sku: action.item.sku, item_id: id });
        break;
      }
    }
    if (!alive()) return null;
  }
  return outcome;
}

/**
 * Sends a line's absolute quantity (by its server line id, so a repeated sync never doubles) and
 * takes the server's answer. A line the server refuses is restored to the server's quantity, or
 * removed when the server never had it (spec "Failed server update"); other failures end the sync.
 */
async function pushLine(
  { base: { replaceItem } }: SyncContext,
  api: Api,
  token: string,
  item: CartItem,
  server: CartItem[],
  withTotals: boolean,
  alive: () => boolean,
): Promise<PushResult> {
  const id = serverItemId(item);
  const before = server.find((l) => id != null && String(l.item_id) === String(id));
  const cartItem = {
    sku: item.sku,
    qty: item.qty,
    ...(id != null ? { item_id: id } : {}),
    ...(item.product_option ? { product_option: item.product_option } : {}),
  };
  try {
    let line: CartLine;
    let totals: Totals | null = null;
    if (withTotals) ({ line, totals } = await api.cart.updateWithTotals(token, cartItem));
    else line = await api.cart.update(token, cartItem);
    if (!alive()) return 'stale';
    replaceItem(item, asServerHolds(item, line));
    return { totals };
  } catch (e) {
    if (!isAnswer(e) || isCartGone(e) || isUnauthorized(e)) throw e;
    if (!alive()) return 'stale';
    replaceItem(item, before ? { ...item, qty: before.qty, prev_qty: null } : null);
    return { refused: e };
  }
}
