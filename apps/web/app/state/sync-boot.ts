/**
 * Starts the sync queue in the browser (accounts-checkout-routes.md §4 "Online/offline": "On
 * reconnect the sync queue is processed"): connects it to the fetch layer, runs it at app start
 * and on every `online` event, handles the outcome of offline orders, and reminds the shopper of
 * orders waiting for confirmation ("Order waiting!").
 */
import { formatPrice, offlineTotalDiffers } from '@vitrina/domain';
import type { Translator } from '../i18n';
import { currentBrowserApi, type Api } from '../api-client/api';
import { cart } from './cart';
import { afterOrderPlaced } from './checkout';
import { refreshCheckoutOptions } from './checkout-options';
import { notify, type NewNotification } from './notifications';
import {
  OFFLINE_ORDER_AUTO_TRANSMIT,
  ORDER_EVENT,
  estimateOf,
  isOrderTask,
  needsCart,
  isThankYouPageShown,
  orderResultOf,
  pendingOrders,
  setOrderCartConnector,
  transmitOrders,
} from '../sync/offline-orders';
import { syncQueue, type Outcome, type SyncQueue, type SyncTask } from '../sync/queue';

export interface OrderOutcomeDeps {
  t: Translator;
  notify: (n: NewNotification) => unknown;
  /** the cart id on the device now */
  cartId: () => string | null;
  clearCart: () => void;
  thankYouShown: () => boolean;
  /** the total shown for an order placed offline (sync/offline-orders.ts rememberEstimate) */
  estimateOf?: (taskId: string) => Promise<number | null>;
}

/**
 * What a transmitted (or requeued) offline order does: placed (code 200) → spec §4 "Checkout" after
 * placement (order timestamp, cart cleared without server sync when it is still the ordered cart);
 * a server error → queued again with the spec's message; another answer → the server's message.
 */
export function handleOrderOutcome(
  task: SyncTask,
  outcome: Outcome | { kind: 'held' },
  deps: OrderOutcomeDeps,
) {
  if (!isOrderTask(task)) return;
  if (outcome.kind === 'held') {
    deps.notify({ type: 'warning', message: deps.t.msg('order.queued') });
    return;
  }
  if (outcome.kind === 'ok') {
    const sameCart = deps.cartId() === task.payload.cart_id;
    // the thank-you state is the queued order's panel's (it stays as it was: set while queued)
    afterOrderPlaced(
      200,
      () => {
        if (sameCart) deps.clearCart();
      },
      Date.now(),
      false,
    );
    const result = orderResultOf(task);
    // money is the server's: an estimate shown offline that differs from the charged total is told
    const charged = (task.result as { grand_total?: unknown } | null)?.grand_total;
    if (result && typeof charged === 'number' && deps.estimateOf)
      void deps.estimateOf(task.task_id).then((estimate) => {
        if (offlineTotalDiffers(estimate, charged))
          deps.notify({
            type: 'warning',
            hasNoTimeout: true,
            message: deps.t('offlineOrder.totalChanged', {
              number: result.orderNumber,
              total: formatPrice(charged, deps.t.storeCode),
              estimate: formatPrice(estimate as number, deps.t.storeCode),
            }),
          });
      });
    if (result && !deps.thankYouShown())
      deps.notify({
        type: 'success',
        message: deps.t('offlineOrder.placed', { number: result.orderNumber }),
      });
    return;
  }
  if (outcome.kind === 'failed' || outcome.kind === 'server-error')
    deps.notify({
      type: 'error',
      message: deps.t('offlineOrder.failed', { message: deps.t.msg(outcome.message) }),
    });
}

/** "Order waiting!" (spec §4): untransmitted orders listed for the shopper to confirm. */
export async function remindWaitingOrders(
  t: Translator,
  show: (n: NewNotification) => unknown = notify,
  queue: SyncQueue = syncQueue,
): Promise<boolean> {
  if (isThankYouPageShown()) return false;
  const waiting = (await pendingOrders(queue)).filter((o) => o.hold);
  if (!waiting.length) return false;
  show({
    type: 'info',
    message: `${t.msg('order.waiting')} ${t('offlineOrder.waitingText')}`,
    hasNoTimeout: true,
    action1: { label: t('common.close') },
    action2: {
      label: t('offlineOrder.send'),
      action: () =>
        void transmitOrders(
          waiting.map((o) => o.task_id),
          queue,
        ),
    },
  });
  return true;
}

export interface SyncQueueConnection {
  queue?: SyncQueue;
  /**
   * The API client the queue sends through, asked once when connecting (default: the browser's
   * client for the store view shown now, api-client/api.ts `currentBrowserApi`).
   */
  api?: () => Api;
}

/** Connects the app's queue to this store view's fetch layer. */
export function connectSyncQueue(
  t: Translator,
  { queue = syncQueue, api: apiOf = currentBrowserApi }: SyncQueueConnection = {},
) {
  const api = apiOf();
  queue.configure({
    context: () => ({
      cartId: cart.store.get().cartServerToken,
      storeCode: api.storeCode,
      // this shop always runs several store views, and its tokens travel in the header (api-client/api.ts)
      multistore: true,
      tokenInHeader: true,
    }),
    request: api.taskRequest,
    notify: (message) => notify({ type: 'error', message: t.msg(message) }),
  });
}

/**
 * Started by root.tsx (this module is loaded on demand, state/cart-view.ts): queue connected to the
 * store view shown, run now and on `online`; the function returned stops it (another store view
 * starts it again).
 */
export function startSyncQueue(t: Translator): () => void {
  connectSyncQueue(t);
  const offOrders = syncQueue.on(ORDER_EVENT, (task, outcome) =>
    handleOrderOutcome(task, outcome, {
      t,
      notify,
      cartId: () => cart.store.get().cartServerToken,
      clearCart: () => cart.clear(),
      thankYouShown: isThankYouPageShown,
      estimateOf,
    }),
  );
  // an order of a cart filled offline gets its cart connected (created with its lines) before it is sent
  setOrderCartConnector(async () => {
    await cart.sync({ stock: false });
    return cart.store.get().cartServerToken;
  });
  let live = true;
  const run = () => {
    if (!live) return;
    if (navigator.onLine)
      // the methods an offline checkout offers next time
      refreshCheckoutOptions().catch((e: unknown) => console.warn('checkout options not cached', e));
    void syncQueue
      .process()
      .then(async () => {
        // automatic transmission on: orders of carts filled offline are sent once their cart connects
        if (OFFLINE_ORDER_AUTO_TRANSMIT && live && navigator.onLine)
          await transmitOrders(
            (await pendingOrders()).filter((o) => needsCart(o.payload)).map((o) => o.task_id),
          );
      })
      .then(() => live && navigator.onLine && remindWaitingOrders(t));
  };
  // after the persisted cart is read: `{{cartId}}` needs it
  void cart.store.ready.then(run);
  window.addEventListener('online', run);
  return () => {
    live = false;
    offOrders();
    setOrderCartConnector(null);
    window.removeEventListener('online', run);
  };
}
