/**
 * The sync task and the pure rules of its transmission (accounts-checkout-routes.md §3 "Sync task",
 * §4 "Sync task", §7 "Generic sync task", §8 error catalogue, §9 "Network task maximum attempts").
 * No I/O here: sync/queue.ts runs these rules against IndexedDB and the fetch layer.
 */
import { BAD_CONTENT_TYPE, WRONG_FORMAT } from '../api-client/api';

/** spec §3 "Sync task": task_id, url, payload, transmited, result, resultCode, callback_event, silent */
export interface SyncTask {
  task_id: string;
  /** e.g. `/vsbridge/cart/update?cartId={{cartId}}`; placeholders are filled when the task is sent */
  url: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  payload: unknown;
  /** the spec's spelling */
  transmited: boolean;
  result: unknown;
  /** the answer's `code` (a number, or a string code such as ENOTFOUND); null until transmitted */
  resultCode: number | string | null;
  /** the handler (sync/queue.ts `onSyncEvent`) told about the outcome, e.g. `cart/stockSync` */
  callback_event: string | null;
  /** no error notification for this task (spec §8) */
  silent: boolean;
  /** spec §4 "then cached or removed": true keeps the transmitted task (and its result) on the device */
  keep: boolean;
  /** a held task is not sent until released (an offline order waiting for the shopper's confirmation) */
  hold: boolean;
  /** a 5xx answer leaves the task queued (and held again) instead of finishing it (offline orders) */
  requeueOnServerError: boolean;
  /** creation time (ms) and a per-tab sequence: the queue's order */
  createdAt: number;
  seq: number;
  /** sends so far (all runs) */
  attempts: number;
}

export type NewSyncTask = Pick<SyncTask, 'url'> &
  Partial<
    Pick<
      SyncTask,
      | 'task_id'
      | 'method'
      | 'payload'
      | 'callback_event'
      | 'silent'
      | 'keep'
      | 'hold'
      | 'requeueOnServerError'
    >
  >;

/** The spec's placeholders (§7 "URL with token and cartId placeholders"). */
export const TOKEN_PLACEHOLDER = '{{token}}';
export const CART_ID_PLACEHOLDER = '{{cartId}}';

/** The error of a task that needs a cart id while there is none (spec §8: "re-create the cart"). */
export const MISSING_CART_ID = 'cart.missingCartId';

/** spec §9: "Network task maximum attempts by configuration (value not shown; one elsewhere)" */
export const DEFAULT_MAX_ATTEMPTS = 1;

export interface FillContext {
  token: string | null;
  cartId: string | null;
  storeCode: string;
  /** multistore: the store code is appended (spec §7); this shop always runs lt, en and ru */
  multistore: boolean;
  /** tokens travel in the Authorization header, so `{{token}}` is filled with '' (spec §7) */
  tokenInHeader: boolean;
}

export type FilledUrl = { ok: true; url: string } | { ok: false; error: typeof MISSING_CART_ID };

/**
 * Fills `{{token}}` and `{{cartId}}` and appends `storeCode` in multistore (spec §7 "Generic sync
 * task"). A URL that needs a cart id while there is none cannot be sent (spec §8).
 */
export function fillTaskUrl(url: string, ctx: FillContext): FilledUrl {
  if (url.includes(CART_ID_PLACEHOLDER) && !ctx.cartId) return { ok: false, error: MISSING_CART_ID };
  const token = ctx.tokenInHeader ? '' : (ctx.token ?? '');
  let filled = url
    .split(TOKEN_PLACEHOLDER)
    .join(encodeURIComponent(token))
    .split(CART_ID_PLACEHOLDER)
    .join(encodeURIComponent(ctx.cartId ?? ''));
  if (ctx.multistore && !/[?&]storeCode=/.test(filled)) {
    filled += `${filled.includes('?') ? '&' : '?'}storeCode=${encodeURIComponent(ctx.storeCode)}`;
  }
  return { ok: true, url: filled };
}

/** What came back for one send: an HTTP answer (status + parsed body), or no answer at all. */
export type RawAnswer =
  | { kind: 'answer'; status: number; contentType: string; body: unknown; parseError?: boolean }
  | { kind: 'network' };

/**
 * The classified outcome of one send (spec §7: "JSON response with code and result required"):
 * - `ok`: code 200, the task is transmitted with its result;
 * - `failed`: a final answer that is not 200 (the task is transmitted with that code);
 * - `server-error`: a 5xx (final unless the task is requeued on server errors);
 * - `network`: no answer (offline, DNS): the task stays queued.
 */
export type Outcome =
  | { kind: 'ok'; code: 200; result: unknown }
  | { kind: 'failed'; code: number | string; message: string }
  | { kind: 'server-error'; code: number; message: string }
  | { kind: 'network' };

function isEnvelope(body: unknown): body is { code: unknown; result: unknown } {
  return typeof body === 'object' && body !== null && 'code' in body && 'result' in body;
}

export function classifyAnswer(answer: RawAnswer): Outcome {
  if (answer.kind === 'network') return { kind: 'network' };
  const httpCode = answer.status || 500;
  // an unusable answer never carries 200 as its code: its HTTP error status, else 500
  const unusable = httpCode >= 400 ? httpCode : 500;
  if (!answer.contentType.includes('json')) {
    return unusable >= 500
      ? { kind: 'server-error', code: unusable, message: BAD_CONTENT_TYPE }
      : { kind: 'failed', code: unusable, message: BAD_CONTENT_TYPE };
  }
  if (answer.parseError || !isEnvelope(answer.body)) {
    return unusable >= 500
      ? { kind: 'server-error', code: unusable, message: WRONG_FORMAT }
      : { kind: 'failed', code: unusable, message: WRONG_FORMAT };
  }
  const raw = answer.body.code;
  const code: number | string = typeof raw === 'number' || typeof raw === 'string' ? raw : httpCode;
  const numeric = typeof code === 'number' ? code : /^\d+$/.test(code) ? Number(code) : NaN;
  if (numeric === 200 && answer.status >= 200 && answer.status < 300) {
    return { kind: 'ok', code: 200, result: answer.body.result };
  }
  const message = typeof answer.body.result === 'string' ? answer.body.result : WRONG_FORMAT;
  const effective = Number.isNaN(numeric) ? code : numeric === 200 ? httpCode : numeric;
  if (typeof effective === 'number' && effective >= 500)
    return { kind: 'server-error', code: effective, message };
  return { kind: 'failed', code: effective, message };
}

/** spec §8: non-200 codes show the server message as an error notification unless silent or ENOTFOUND. */
export function shouldNotify(task: Pick<SyncTask, 'silent'>, code: number | string | null): boolean {
  if (task.silent) return false;
  if (code === 200 || code === null) return false;
  return code !== 'ENOTFOUND';
}

/** What the queue does after one send. */
export type NextStep =
  /** mark transmitted with result and code; remove or keep; dispatch the callback */
  | 'finish'
  /** send the same task again now (attempts left in this run) */
  | 'retry'
  /** leave the task queued untransmitted and end this run (the next start or `online` continues) */
  | 'stop'
  /** leave it queued, held until released again (a server error on a requeued task) */
  | 'hold';

/**
 * The attempt rule (spec §9: attempts by configuration, default 1): no answer is retried until the
 * run's attempts are spent, then the run stops with the task still first in line; a 5xx on a task
 * that is requeued on server errors is retried likewise, then held; every other answer is final.
 */
export function nextStep(
  outcome: Outcome,
  task: Pick<SyncTask, 'requeueOnServerError'>,
  attemptInRun: number,
  maxAttempts: number,
): NextStep {
  const spent = attemptInRun >= Math.max(1, maxAttempts);
  if (outcome.kind === 'network') return spent ? 'stop' : 'retry';
  if (outcome.kind === 'server-error' && task.requeueOnServerError) return spent ? 'hold' : 'retry';
  return 'finish';
}

/** The queue order: creation time, then the per-tab sequence, then the id (stable across tabs). */
export function byQueueOrder(a: SyncTask, b: SyncTask): number {
  return (
    a.createdAt - b.createdAt || a.seq - b.seq || (a.task_id < b.task_id ? -1 : a.task_id > b.task_id ? 1 : 0)
  );
}

/** The next task to send: the oldest untransmitted one that is not held. */
export function nextTask(tasks: readonly SyncTask[]): SyncTask | null {
  return [...tasks].sort(byQueueOrder).find((t) => !t.transmited && !t.hold) ?? null;
}
