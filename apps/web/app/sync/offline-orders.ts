/**
 * Offline orders (accounts-checkout-routes.md §1 "place orders while offline; these are queued and
 * sent later", §3 "Order: cart_id, addressInformation, transmited", §4 "Online/offline", §8 "The
 * order can not be transfered because of server error. Order has been queued"; issue #5).
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
import { syncQueue, type SyncQueue, type SyncTask } from './queue';

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
    // the order's own handler shows what happened (sync/boot.ts)
    silent: true,
    // kept after transmission: the thank-you page (in any tab) reads the order number from it
    keep: true,
    hold: !(options.autoTransmit ?? OFFLINE_ORDER_AUTO_TRANSMIT),
    requeueOnServerError: true,
  });
}

/** Orders on the device not sent yet. */
export async function pendingOrders(queue: SyncQueue = syncQueue): Promise<QueuedOrder[]> {
  return (await queue.list()).filter((t): t is QueuedOrder => isOrderTask(t) && !t.transmited);
}

/** Sends the waiting orders now (the shopper confirmed, or the thank-you page shows). */
export async function transmitOrders(ids?: string[], queue: SyncQueue = syncQueue): Promise<void> {
  const pending = await pendingOrders(queue);
  for (const t of pending) if (!ids || ids.includes(t.task_id)) await queue.release(t.task_id);
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
