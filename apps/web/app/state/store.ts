import { useSyncExternalStore } from 'react';
import { idbGet, idbSet, idbUpdate } from '../lib/idb';
import { afterPaint } from '../lib/idle';

/**
 * A tiny observable store for `useSyncExternalStore`. Optionally persisted (IndexedDB, see idb.ts)
 * and shared with other tabs (BroadcastChannel). The server always renders `initial`; the persisted
 * state is loaded in the browser after start, so hydration sees the same markup as the server.
 */
export interface Store<S> {
  get(): S;
  set(next: S | ((prev: S) => S)): void;
  subscribe(listener: () => void): () => void;
  /**
   * Resolves when the persisted state has been read (immediately when not persisted). Asking for it
   * starts the store's persistence now if it has not started yet (see `whenRead`).
   */
  readonly ready: Promise<void>;
  /**
   * The same promise as `ready`, without starting anything: for a module's own follow-up at its
   * evaluation, which must not open the device's storage in the module graph's evaluation task.
   */
  readonly whenRead: Promise<void>;
  readonly initial: S;
  /** Stops sharing with other tabs (tests; a page that goes away closes it anyway). */
  close(): void;
  /**
   * Starts this tab's write that waits for the paint (`writeAfterPaint`) now, and resolves when the
   * device holds this tab's last write (the cart's sync lock is released only then).
   */
  flush(): Promise<void>;
  /** With `rebase`: takes the device's value when it is newer than what this tab last read or wrote (joined with a change not yet written). */
  refresh(): Promise<void>;
}

export interface StoreOptions<S> {
  /** Persist under this key and broadcast changes to other tabs. */
  persistKey?: string;
  /** Strip fields that must not be persisted or shared (e.g. transient flags). */
  serialize?: (state: S) => unknown;
  /**
   * Validate and merge a persisted or shared value into `current`: the initial state when loading
   * from the device, this tab's state when another tab broadcasts (so fields that `serialize` keeps
   * to this tab, such as a typed password, survive another tab's write).
   */
  deserialize?: (raw: unknown, current: S) => S;
  /**
   * The generation of a shared value (the cart's: raised by a clear). A value of a lower generation
   * than the device's or this tab's is stale: another tab wrote it from a state it read before a
   * clear whose broadcast had not reached it yet. It is neither written over the device's value
   * nor taken from a broadcast; the writing tab takes the device's value instead. Honoured by the
   * writes of a store with `rebase` (the cart's), which read the device's value in their transaction.
   */
  generationOf?: (raw: unknown) => number;
  /**
   * This tab's changes are written to the device and sent to the other tabs in a task after the next
   * paint (the latest state, once), not in the task that made them: the cart's add shows its count
   * before the IndexedDB transaction and the broadcast are made. The write is started at once when
   * the page is hidden or goes away (pagehide), and by `flush` (the cart's sync, before it reads the
   * device's value under its lock, and before it lets the lock go).
   */
  writeAfterPaint?: boolean;
  /**
   * Joins this tab's change with a newer value another tab wrote meanwhile (serialized values: this
   * tab's, the one it was made from, theirs). With it, every value on the device carries a revision
   * raised by each write in the same IndexedDB transaction that reads the value it replaces, a write
   * made from an older revision is joined with the device's value rather than written over it, and a
   * tab is sent what the device holds after a write (a copy older than the one it holds is ignored).
   * Without it, the last tab to write wins whole. Values of different generations are never joined.
   */
  rebase?: (mine: unknown, base: unknown, theirs: unknown) => unknown;
}

/** The revision of a value on the device, raised by every write of a store with `rebase`. */
const REV = '_rev';
const revOf = (raw: unknown): number => {
  const r = (raw as Record<string, unknown> | null)?.[REV];
  return typeof r === 'number' ? r : 0;
};
const withoutRev = (raw: unknown): unknown => {
  // a list written before the store kept revisions is stored bare
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const { [REV]: _rev, ...value } = raw as Record<string, unknown>;
  return value;
};

const isBrowser = typeof window !== 'undefined';

export function createStore<S>(initial: S, options: StoreOptions<S> = {}): Store<S> {
  let state = initial;
  const listeners = new Set<() => void>();
  const { persistKey } = options;
  const serialize = options.serialize ?? ((s: S) => s);
  const deserialize =
    options.deserialize ?? ((raw: unknown, init: S) => ({ ...init, ...(raw as object) }) as S);
  const { generationOf } = options;
  let channel: BroadcastChannel | null = null;

  const emit = () => {
    for (const l of listeners) l();
  };

  // What this tab last shared, read or was sent. A change that leaves it as it was (a tab-local
  // flag such as the cart's `syncing`) writes nothing: writing the whole state again would put a
  // stale copy back over another tab's change whose broadcast is still on its way.
  let shared = persistKey ? JSON.stringify(serialize(initial)) : '';
  /** With `rebase`: the value `shared` is, and its revision on the device. */
  let sharedValue: unknown = persistKey ? serialize(initial) : undefined;
  let sharedRev = 0;
  const { rebase } = options;

  /** the cancel of a write that waits for the paint */
  let pending: (() => void) | null = null;

  const apply = (next: S, fromOtherTab: boolean) => {
    if (Object.is(next, state)) return;
    state = next;
    emit();
    if (!persistKey) return;
    if (fromOtherTab) {
      sharedValue = serialize(state);
      shared = JSON.stringify(sharedValue);
      return;
    }
    if (options.writeAfterPaint && isBrowser) pending ??= afterPaint(write);
    else write();
  };

  /** This tab's last write to the device (its transactions commit in the order they were made). */
  let written: Promise<void> = Promise.resolve();

  /** Writes and shares this tab's state, unless it is what the tab last shared, read or was sent. */
  const write = () => {
    pending?.();
    pending = null;
    if (!persistKey) return;
    const value = serialize(state);
    const json = JSON.stringify(value);
    if (json === shared) return;
    shared = json;
    if (rebase) {
      const base = sharedValue;
      sharedValue = value;
      written = persistJoining(persistKey, value, base, sharedRev);
      return;
    }
    written = idbSet(persistKey, value);
    post(value);
  };
  const post = (value: unknown) => {
    try {
      channel?.postMessage(value);
    } catch {
      // A value that cannot be cloned is simply not shared.
    }
  };
  const flush = () => {
    start();
    if (pending) write();
    return written;
  };
  const flushWhenHidden = () => {
    if (document.visibilityState === 'hidden') void flush();
  };

  /** With `rebase`: writes `value`, joined with the device's if another tab wrote since `baseRev`; then shares the result. */
  const persistJoining = async (key: string, value: unknown, base: unknown, baseRev: number) => {
    const gen = (raw: unknown) => generationOf?.(raw) ?? 0;
    let stored: unknown;
    try {
      stored = await idbUpdate<unknown>(key, (current) => {
        if (current === undefined) return { ...(value as object), [REV]: 1 };
        if (gen(current) > gen(value)) return current;
        const next =
          revOf(current) !== baseRev && gen(current) === gen(value)
            ? rebase!(value, base, withoutRev(current))
            : value;
        return { ...(next as object), [REV]: revOf(current) + 1 };
      });
    } catch {
      stored = { ...(value as object), [REV]: baseRev + 1 };
      await idbSet(key, stored); // no IndexedDB: idbSet's in-memory copy
    }
    receive(stored);
    post(stored);
  };
  /**
   * With `rebase`: a value of the device's (read, sent by another tab, or what this tab's write
   * left there). Older than what this tab knows: ignored. This tab has a change not written yet:
   * joined with it. Otherwise taken.
   */
  const receive = (raw: unknown) => {
    const rev = revOf(raw);
    if (rev <= sharedRev || stale(raw)) return;
    const theirs = withoutRev(raw);
    const mine = serialize(state);
    const mineJson = JSON.stringify(mine);
    const unwritten = mineJson !== shared;
    const base = sharedValue;
    sharedRev = rev;
    sharedValue = theirs;
    shared = JSON.stringify(theirs);
    const sameGeneration = !generationOf || generationOf(theirs) === generationOf(mine);
    if (unwritten && sameGeneration) apply(deserialize(rebase!(mine, base, theirs), state), false);
    else if (shared !== mineJson) apply(deserialize(theirs, state), true);
  };
  /** A shared value older than this tab's state (always false without generations). */
  const stale = (raw: unknown) =>
    generationOf !== undefined && generationOf(raw) < generationOf(serialize(state));

  // A persisted store opens its BroadcastChannel and reads IndexedDB when first used (a
  // subscription, a change, `ready`, `refresh`, `flush`), or else in a task of its own after the one
  // that created it: never in the module graph's evaluation task, which every page pays before its
  // hydration. The channel is still opened before the device's value is read, so a change another tab
  // makes meanwhile is in that value or in a message.
  const persisted = Boolean(persistKey && isBrowser);
  let started = !persisted;
  let markRead: () => void = () => undefined;
  const ready: Promise<void> = persisted ? new Promise((resolve) => (markRead = resolve)) : Promise.resolve();
  const start = () => {
    if (started) return;
    started = true;
    startPersistence();
  };
  const startPersistence = () => {
    if (!persistKey) return;
    if (typeof BroadcastChannel !== 'undefined') {
      channel = new BroadcastChannel(`vitrina:${persistKey}`);
      channel.onmessage = (e: MessageEvent) => {
        if (rebase) receive(e.data);
        else if (!stale(e.data)) apply(deserialize(e.data, state), true);
      };
    }
    if (options.writeAfterPaint && typeof document !== 'undefined') {
      window.addEventListener('pagehide', flush);
      document.addEventListener('visibilitychange', flushWhenHidden);
    }
    void idbGet(persistKey)
      .then(
        (raw) => {
          if (raw === undefined) return;
          if (!rebase) return apply(deserialize(raw, state), true);
          sharedRev = revOf(raw);
          apply(deserialize(withoutRev(raw), state), true);
        },
        () => undefined,
      )
      .then(markRead);
  };
  if (persisted) startSoon(start);

  return {
    initial,
    get ready() {
      start();
      return ready;
    },
    whenRead: ready,
    get: () => state,
    set(next) {
      start();
      apply(typeof next === 'function' ? (next as (prev: S) => S)(state) : next, false);
    },
    subscribe(listener) {
      start();
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      started = true;
      void flush();
      channel?.close();
      channel = null;
      if (options.writeAfterPaint && isBrowser && typeof document !== 'undefined') {
        window.removeEventListener('pagehide', flush);
        document.removeEventListener('visibilitychange', flushWhenHidden);
      }
    },
    flush,
    async refresh() {
      start();
      if (!persistKey || !isBrowser || !rebase) return;
      const raw = await idbGet(persistKey);
      if (raw !== undefined) receive(raw);
    },
  };
}

/** The persisted stores created since the last `startSoon` task: started together in the next one. */
let toStart: (() => void)[] = [];
function startSoon(start: () => void) {
  toStart.push(start);
  if (toStart.length > 1) return;
  setTimeout(() => {
    const starts = toStart;
    toStart = [];
    for (const s of starts) s();
  }, 0);
}

/** Subscribes a component to a store (or a slice of it). Server and hydration render `initial`. */
export function useStore<S, T = S>(store: Store<S>, select: (s: S) => T = (s) => s as unknown as T): T {
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.get()),
    () => select(store.initial),
  );
}
