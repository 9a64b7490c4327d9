/**
 * The sync task queue (accounts-checkout-routes.md §3 and §4 "Sync task", §7 "Generic sync task",
 * §8 error catalogue, §9 attempts; catalogue-and-cart.md §4 "A pending sync task is queued and run
 * when online"). Tasks live in IndexedDB (lib/idb.ts), are sent in order, one at a time, by one tab
 * at a time (a cross-tab lock, sync/lock.ts), and exactly once per task id.
 *
 * HOW TO ENQUEUE A TASK
 *
 *   import { syncQueue } from '../sync/queue';
 *
 *   // once, at module load: the handler told about the outcome (in the tab that sent the task)
 *   syncQueue.on('cart/stockSync', (task) => {
 *     if (task.resultCode === 200) use(task.result);
 *   });
 *
 *   await syncQueue.enqueue({
 *     url: '/vsbridge/stock/check?sku=ABC&cartId={{cartId}}', // {{token}} / {{cartId}} filled when sent
 *     method: 'GET',                 // default: POST with a payload, GET without
 *     payload: undefined,            // the JSON body
 *     callback_event: 'cart/stockSync',
 *     silent: true,                  // no error toast for a non-200 answer
 *     task_id: 'optional-own-id',    // makes enqueue idempotent: an id seen before is never sent twice
 *   });
 *
 * `enqueue` stores the task untransmitted and starts processing when online; the queue also runs at
 * app start and on the `online` event (state/sync-boot.ts). After the answer the task is transmitted with
 * its result and code, then removed (or kept with `keep: true`, readable with `get(task_id)`).
 * The storeCode is appended, the token goes in the Authorization header (api-client/api.ts `taskRequest`),
 * a 401 refreshes the session; `Idempotency-Key: <task_id>` is sent so a server that honours it
 * (POST /order/create) never acts twice even when a tab dies between sending and recording.
 */
import { idbEntries, idbUpdate } from '../lib/idb';
import { crossTabLock, type CrossTabLock } from './lock';
import {
  DEFAULT_MAX_ATTEMPTS,
  MISSING_CART_ID,
  byQueueOrder,
  classifyAnswer,
  fillTaskUrl,
  nextStep,
  nextTask,
  shouldNotify,
  type FillContext,
  type NewSyncTask,
  type Outcome,
  type RawAnswer,
  type SyncTask,
} from './task';

export type { NewSyncTask, Outcome, SyncTask } from './task';

const PREFIX = 'sync:task:';
const LOCK_NAME = 'vitrina:sync-queue';
/** A removed task's id is remembered this long, so the same id is never sent twice. */
export const TOMBSTONE_TTL_MS = 7 * 24 * 3600_000;

/** A removed task: only what "exactly once per task id" needs. */
interface Tombstone {
  task_id: string;
  removed: true;
  resultCode: number | string | null;
  finishedAt: number;
}
type Stored = SyncTask | Tombstone;
const isTombstone = (x: Stored): x is Tombstone => 'removed' in x && x.removed === true;

/** Where tasks are kept (IndexedDB by default; lib/idb.ts). */
export interface TaskStorage {
  entries(prefix: string): Promise<[string, Stored][]>;
  update(key: string, fn: (cur: Stored | undefined) => Stored | undefined): Promise<Stored | undefined>;
}

export const idbTaskStorage: TaskStorage = {
  entries: (prefix) => idbEntries<Stored>(prefix),
  update: (key, fn) => idbUpdate<Stored>(key, fn),
};

/** How tasks reach the server: the fetch layer (api-client/api.ts `taskRequest`) and the current context. */
export interface SyncTransport {
  /** the current cart id (`{{cartId}}`), storeCode and token mode */
  context(): Omit<FillContext, 'token'>;
  /** sends; `buildUrl(token)` fills the placeholders; rejects only when there was no answer */
  request(
    buildUrl: (token: string | null) => string,
    init: { method: string; payload?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; contentType: string; body: unknown; parseError: boolean }>;
  /** an error toast (the message is the server's text or a message key) */
  notify(message: string, task: SyncTask): void;
}

export type SyncHandler = (task: SyncTask, outcome: Outcome | { kind: 'held' }) => void | Promise<void>;

export interface SyncQueueOptions {
  storage?: TaskStorage;
  lock?: CrossTabLock;
  now?: () => number;
  isOnline?: () => boolean;
  /** spec §9: network task maximum attempts, default 1 */
  maxAttempts?: number;
  /** a BroadcastChannel name for change events between tabs; null: none */
  channelName?: string | null;
}

let seqCounter = 0;
const newId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

export function createSyncQueue(options: SyncQueueOptions = {}) {
  const storage = options.storage ?? idbTaskStorage;
  const lock = options.lock ?? crossTabLock();
  const now = options.now ?? (() => Date.now());
  const isOnline =
    options.isOnline ?? (() => (typeof navigator === 'undefined' ? true : navigator.onLine !== false));
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const handlers = new Map<string, Set<SyncHandler>>();
  const listeners = new Set<() => void>();
  let transport: SyncTransport | null = null;
  let running: Promise<void> | null = null;
  let again = false;

  const channelName = options.channelName === undefined ? 'vitrina:sync' : options.channelName;
  const emit = () => {
    for (const l of listeners) l();
  };
  // Opened at the first listener or the first change, not when the queue is made: the app's queue is
  // made when the cart engine's module loads (ahead of need, state/cart-view.ts), which opens nothing.
  // Before either, another tab's message had no one to tell.
  let channel: BroadcastChannel | null | undefined;
  const openChannel = (): BroadcastChannel | null => {
    if (channel !== undefined) return channel;
    channel = channelName && typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(channelName) : null;
    if (channel) channel.onmessage = () => emit();
    return channel;
  };
  const changed = () => {
    emit();
    try {
      openChannel()?.postMessage('changed');
    } catch {
      // nothing to share
    }
  };

  const key = (id: string) => `${PREFIX}${id}`;

  async function all(): Promise<SyncTask[]> {
    const entries = await storage.entries(PREFIX);
    return entries
      .map(([, v]) => v)
      .filter((v): v is SyncTask => !isTombstone(v))
      .sort(byQueueOrder);
  }

  /** Forgets removed ids and kept transmitted tasks after TOMBSTONE_TTL_MS. */
  async function pruneTombstones() {
    const cutoff = now() - TOMBSTONE_TTL_MS;
    const expired = (x: Stored | undefined) =>
      Boolean(x && (isTombstone(x) ? x.finishedAt < cutoff : x.transmited && x.createdAt < cutoff));
    for (const [k, v] of await storage.entries(PREFIX)) {
      if (expired(v)) await storage.update(k, (cur) => (expired(cur) ? undefined : cur));
    }
  }

  async function dispatch(task: SyncTask, outcome: Outcome | { kind: 'held' }) {
    const set = task.callback_event ? handlers.get(task.callback_event) : undefined;
    for (const h of set ?? []) {
      try {
        await h(task, outcome);
      } catch (e) {
        console.error('sync handler', task.callback_event, e);
      }
    }
  }

  /** One send of `task` (placeholders filled, the answer classified). */
  async function sendOnce(t: SyncTransport, task: SyncTask): Promise<Outcome> {
    const ctx = t.context();
    const probe = fillTaskUrl(task.url, { ...ctx, token: null });
    if (!probe.ok) return { kind: 'failed', code: 400, message: MISSING_CART_ID };
    let answer: RawAnswer;
    try {
      const res = await t.request(
        (token) => {
          const filled = fillTaskUrl(task.url, { ...ctx, token });
          return filled.ok ? filled.url : probe.url;
        },
        { method: task.method, payload: task.payload, headers: { 'idempotency-key': task.task_id } },
      );
      answer = { kind: 'answer', ...res };
    } catch {
      answer = { kind: 'network' };
    }
    return classifyAnswer(answer);
  }

  /** Runs the queue under the cross-tab lock until it is empty, held, or offline. */
  async function runLocked(t: SyncTransport): Promise<'done' | 'stopped'> {
    await pruneTombstones();
    for (;;) {
      if (!isOnline()) return 'stopped';
      const task = nextTask(await all());
      if (!task) return 'done';
      let attempt = 0;
      let outcome: Outcome;
      let step;
      for (;;) {
        attempt++;
        await storage.update(key(task.task_id), (cur) =>
          cur && !isTombstone(cur) ? { ...cur, attempts: cur.attempts + 1 } : cur,
        );
        outcome = await sendOnce(t, task);
        step = nextStep(outcome, task, attempt, maxAttempts);
        if (step !== 'retry') break;
      }
      if (step === 'stop') return 'stopped';
      if (step === 'hold') {
        const held = await storage.update(key(task.task_id), (cur) =>
          cur && !isTombstone(cur) ? { ...cur, hold: true } : cur,
        );
        changed();
        if (held && !isTombstone(held)) await dispatch(held, { kind: 'held' });
        continue;
      }
      const code = outcome.kind === 'ok' ? 200 : outcome.kind === 'network' ? null : outcome.code;
      const result =
        outcome.kind === 'ok' ? outcome.result : outcome.kind === 'network' ? null : outcome.message;
      const done: SyncTask = {
        ...task,
        attempts: task.attempts + attempt,
        transmited: true,
        result,
        resultCode: code,
      };
      await storage.update(key(task.task_id), () =>
        task.keep ? done : { task_id: task.task_id, removed: true, resultCode: code, finishedAt: now() },
      );
      changed();
      if (outcome.kind !== 'ok' && outcome.kind !== 'network' && shouldNotify(task, code))
        t.notify(outcome.message, done);
      await dispatch(done, outcome);
    }
  }

  const queue = {
    /**
     * Stores a task untransmitted (spec §4 "Created untransmitted") and starts processing. A
     * `task_id` already known (queued, kept or sent within TOMBSTONE_TTL_MS) is not queued again:
     * the stored task is answered instead.
     */
    async enqueue(input: NewSyncTask): Promise<SyncTask> {
      const id = input.task_id ?? newId();
      const fresh: SyncTask = {
        task_id: id,
        url: input.url,
        method: input.method ?? (input.payload === undefined ? 'GET' : 'POST'),
        payload: input.payload ?? null,
        transmited: false,
        result: null,
        resultCode: null,
        callback_event: input.callback_event ?? null,
        silent: input.silent ?? false,
        keep: input.keep ?? false,
        hold: input.hold ?? false,
        requeueOnServerError: input.requeueOnServerError ?? false,
        createdAt: now(),
        seq: seqCounter++,
        attempts: 0,
      };
      let existing: Stored | undefined;
      const stored = await storage.update(key(id), (cur) => {
        existing = cur;
        return cur ?? fresh;
      });
      if (!existing) changed();
      void queue.process();
      return stored && !isTombstone(stored)
        ? stored
        : { ...fresh, transmited: true, resultCode: stored?.resultCode ?? null };
    },

    /** A stored task (queued, or kept after transmission), or null. */
    async get(taskId: string): Promise<SyncTask | null> {
      const found = (await storage.entries(key(taskId))).find(([k]) => k === key(taskId))?.[1];
      return found && !isTombstone(found) ? found : null;
    },

    /** Every stored task (queued and kept), in queue order. */
    list: all,

    /** Lets a held task be sent (e.g. the shopper confirmed an offline order) and processes. */
    async release(taskId: string): Promise<void> {
      await storage.update(key(taskId), (cur) => (cur && !isTombstone(cur) ? { ...cur, hold: false } : cur));
      changed();
      await queue.process();
    },

    /**
     * Rewrites the payload of a task not sent yet (an offline order gets its server cart id once the
     * cart is connected, sync/offline-orders.ts); answers the stored task. A sent task is left as it was.
     */
    async patchPayload(taskId: string, fn: (payload: unknown) => unknown): Promise<SyncTask | null> {
      const stored = await storage.update(key(taskId), (cur) =>
        cur && !isTombstone(cur) && !cur.transmited ? { ...cur, payload: fn(cur.payload) } : cur,
      );
      changed();
      return stored && !isTombstone(stored) ? stored : null;
    },

    /** Forgets a task that has not been sent (e.g. untransmitted tasks cleared on a failed token refresh). */
    async discard(taskId: string): Promise<void> {
      await storage.update(key(taskId), (cur) =>
        cur && !isTombstone(cur) && !cur.transmited ? undefined : cur,
      );
      changed();
    },

    /**
     * Forgets a kept task the server refused (transmitted with a code other than 200): nothing was
     * done for it, so the same id may be queued and sent again (e.g. an order placed again).
     */
    async forgetFailed(taskId: string): Promise<void> {
      await storage.update(key(taskId), (cur) =>
        cur && !isTombstone(cur) && cur.transmited && cur.resultCode !== 200 ? undefined : cur,
      );
      changed();
    },

    /** Registers the handler of a `callback_event`; answers the unsubscribe function. */
    on(event: string, handler: SyncHandler): () => void {
      let set = handlers.get(event);
      if (!set) handlers.set(event, (set = new Set()));
      set.add(handler);
      return () => set.delete(handler);
    },

    /** Called on any change of the stored tasks, in this tab or another. */
    subscribe(listener: () => void): () => void {
      openChannel();
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Connects the queue to the fetch layer (state/sync-boot.ts); until then tasks only wait. */
    configure(next: SyncTransport | null) {
      transport = next;
    },

    /**
     * Sends what is due, in order, one at a time. Calls while a run is under way in this tab are
     * coalesced into one more run; other tabs wait for the cross-tab lock.
     */
    process(): Promise<void> {
      if (running) {
        again = true;
        return running;
      }
      const t = transport;
      if (!t || !isOnline()) return Promise.resolve();
      running = (async () => {
        try {
          let ended: 'done' | 'stopped';
          do {
            again = false;
            ended = await lock(LOCK_NAME, () => runLocked(t));
            // after a run stopped for want of a network, the next `online` event runs it again
          } while (again && ended === 'done' && isOnline());
        } catch (e) {
          console.error('sync queue', e);
        } finally {
          running = null;
        }
      })();
      return running;
    },
  };
  return queue;
}

export type SyncQueue = ReturnType<typeof createSyncQueue>;

/**
 * spec §9 "Network task maximum attempts by configuration": the build-time flag
 * VITE_SYNC_MAX_ATTEMPTS (docs/configuration.md), default 1.
 */
export const SYNC_MAX_ATTEMPTS = Math.max(
  1,
  Math.floor(
    Number((import.meta as { env?: Record<string, string | undefined> }).env?.VITE_SYNC_MAX_ATTEMPTS) ||
      DEFAULT_MAX_ATTEMPTS,
  ),
);

/** The app's queue (one per tab; the tabs share the tasks and the lock). */
export const syncQueue = createSyncQueue({ maxAttempts: SYNC_MAX_ATTEMPTS });
