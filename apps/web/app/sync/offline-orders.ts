/**
 * Offline orders (accounts-checkout-routes.md §1 "place orders while offline; these are queued and
 * sent later", §3 "Order: cart_id, addressInformation, transmited", §4 "Online/offline", §8 "The
 * order can not be transfered because of server error. Order has been queued").
 *
 * An order that cannot reach the server (offline, or a 5xx) becomes a sync task whose id IS the
 * order's idempotency key: the queue never sends one task id twice, the task carries
 * `Idempotency-Key`, and POST /order/create answers a repeated key with the first order, so however
 * often it is queued or retried (reloads, two tabs) it is created exactly once.
 * The task is held until the shopper is on the thank-you page (the queued panel of /checkout) or
 * confirms the "Order waiting!" notification; automatic transmission (VITE_OFFLINE_ORDER_AUTO_TRANSMIT)
 * is off by default, as in the spec.
 */
import type { OrderPayload, OrderResult } from '../lib/types';
import { idbGet, idbSet } from '../lib/idb';
import { syncQueue, type SyncQueue, type SyncTask } from './queue';
import { CART_ID_PLACEHOLDER } from './task';

export const ORDER_CREATE_URL = '/vsbridge/order/create';
export const ORDER_EVENT = 'order/transmitted';

/** spec §4: "automatic transmission is disabled by configuration" (build-time flag, default off) */
export const OFFLINE_ORDER_AUTO_TRANSMIT: boolean =
  (import.meta as { env?: Record<string, string | undefined> }).env?.VITE_OFFLINE_ORDER_AUTO_TRANSMIT ===
  'true';

/** The spec's Order entity as the queue keeps it. */
export type QueuedOrder = SyncTask & { payload: OrderPayload };

export const isOrderTask = (t: SyncTask): t is QueuedOrder =>
  t.url === ORDER_CREATE_URL && typeof t.payload === 'object' && t.payload !== null;

/** Should placing this order be queued instead of reported as failed? */
export function shouldQueueOrder(error: unknown, online: boolean): 'offline' | 'server-error' | null {
  if (!online) return 'offline';
  if (error instanceof TypeError) return 'offline';
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'number' && code >= 500) return 'server-error';
  return null;
}

/**
 * The cart id of an order placed from a cart filled entirely offline: the cart
 * has no server id yet. The order waits (held) until the cart is connected; then the id is written
 * into the queued order and it is sent (`transmitOrders`), so the server prices the cart's lines.
 */
export const UNCONNECTED_CART_ID = CART_ID_PLACEHOLDER;

/** Whether a queued order still waits for its server cart. */
export const needsCart = (order: Pick<OrderPayload, 'cart_id'>) => order.cart_id === UNCONNECTED_CART_ID;

/** How the orders of an unconnected cart get their cart id: connects the device's cart (state/sync-boot.ts). */
let connectCart: (() => Promise<string | null>) | null = null;
export function setOrderCartConnector(fn: (() => Promise<string | null>) | null) {
  connectCart = fn;
}

/**
 * The total the shopper was shown for an order placed offline (an estimate, cents), kept beside the
 * queued order so that the server's figure can be compared when it is sent (offlineTotalDiffers).
 */
const estimateKey = (taskId: string) => `order-estimate:${taskId}`;
export const rememberEstimate = (taskId: string, grandTotal: number) =>
  idbSet(estimateKey(taskId), grandTotal);
export async function estimateOf(taskId: string): Promise<number | null> {
  const v = await idbGet<number>(estimateKey(taskId));
  return typeof v === 'number' ? v : null;
}

/** Queues the order on the device (untransmitted); answers the stored task. */
export function queueOrder(
  order: OrderPayload,
  options: { autoTransmit?: boolean; queue?: SyncQueue } = {},
): Promise<SyncTask> {
  const queue = options.queue ?? syncQueue;
  return queue.enqueue({
    task_id: order.idempotency_key,
    url: ORDER_CREATE_URL,
    method: 'POST',
    payload: order,
    callback_event: ORDER_EVENT,
    // the order's own handler shows what happened (state/sync-boot.ts)
    silent: true,
    // kept after transmission: the thank-you page (in any tab) reads the order number from it
    keep: true,
    // an order of an unconnected cart is always held: it is released once its cart id is written
    hold: needsCart(order) || !(options.autoTransmit ?? OFFLINE_ORDER_AUTO_TRANSMIT),
    requeueOnServerError: true,
  });
}

/** Orders on the device not sent yet. */
export async function pendingOrders(queue: SyncQueue = syncQueue): Promise<QueuedOrder[]> {
  return (await queue.list()).filter((t): t is QueuedOrder => isOrderTask(t) && !t.transmited);
}

/**
 * Sends the waiting orders now (the shopper confirmed, or the thank-you page shows). An order of a
 * cart filled offline first has its cart connected (created on the server with its lines) and the
 * id written into it; when the cart cannot be connected yet it keeps waiting.
 */
export async function transmitOrders(
  ids?: string[],
  queue: SyncQueue = syncQueue,
  connect: (() => Promise<string | null>) | null = connectCart,
): Promise<void> {
  const pending = await pendingOrders(queue);
  for (const t of pending) {
    if (ids && !ids.includes(t.task_id)) continue;
    if (needsCart(t.payload)) {
      const cartId = connect ? await connect().catch(() => null) : null;
      if (!cartId) continue;
      await queue.patchPayload(t.task_id, (p) => ({ ...(p as OrderPayload), cart_id: cartId }));
    }
    await queue.release(t.task_id);
  }
}

/** The order number and token of a transmitted order task, or null. */
export function orderResultOf(task: SyncTask | null): OrderResult | null {
  if (!task?.transmited || task.resultCode !== 200) return null;
  const r = task.result as Partial<OrderResult> | null;
  return r && typeof r.orderNumber === 'string' ? (r as OrderResult) : null;
}

/** The thank-you page of a transmitted order. */
export function orderCompletedQuery(result: OrderResult): string {
  return `?number=${encodeURIComponent(result.orderNumber)}${result.orderToken ? `&token=${encodeURIComponent(result.orderToken)}` : ''}`;
}

/**
 * Whether the queued-order panel (the thank-you page) is on screen in THIS tab. Not the checkout
 * state's `isThankYouPage`, which is shared by every tab through the device: this one decides
 * whether this tab sends the order at once (spec §4) and skips the "Order waiting!" reminder.
 */
let thankYouShown = 0;
export function markThankYouPage(): () => void {
  thankYouShown++;
  return () => {
    thankYouShown--;
  };
}
export const isThankYouPageShown = () => thankYouShown > 0;
