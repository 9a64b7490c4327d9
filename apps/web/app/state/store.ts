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
  /** Resolves when the persisted state has been read (immediately when not persisted). */
  ready: Promise<void>;
  readonly initial: S;
  /** Stops sharing with other tabs (tests; a page that goes away closes it anyway). */
  close(): void;
  /**
   * Starts this tab's write that waits for the paint (`writeAfterPaint`) now, and resolves when the
   * device holds this tab's last write (the cart's sync lock is released only then).
   */
  flush(): Promise<void>;
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
   * nor taken from a broadcast; the writing tab takes the device's value instead.
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
}

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

  /** the cancel of a write that waits for the paint */
  let pending: (() => void) | null = null;

  const apply = (next: S, fromOtherTab: boolean) => {
    if (Object.is(next, state)) return;
    state = next;
    emit();
    if (!persistKey) return;
    if (fromOtherTab) {
      shared = JSON.stringify(serialize(state));
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
    written = persist(persistKey, value);
    try {
      channel?.postMessage(value);
    } catch {
      // A value that cannot be cloned is simply not shared.
    }
  };
  const flush = () => {
    if (pending) write();
    return written;
  };
  const flushWhenHidden = () => {
    if (document.visibilityState === 'hidden') void flush();
  };

  /** Writes the value, or (with generations) takes the device's newer one instead. */
  const persist = async (key: string, value: unknown) => {
    if (!generationOf) return idbSet(key, value);
    try {
      const stored = await idbUpdate<unknown>(key, (current) =>
        current !== undefined && generationOf(current) > generationOf(value) ? current : value,
      );
      // refused: take the device's value, unless this tab has meanwhile reached its generation
      if (stored !== value && generationOf(stored) > generationOf(serialize(state)))
        apply(deserialize(stored, state), true);
    } catch {
      await idbSet(key, value); // no IndexedDB: idbSet's in-memory copy, as without generations
    }
  };
  /** A shared value older than this tab's state (always false without generations). */
  const stale = (raw: unknown) =>
    generationOf !== undefined && generationOf(raw) < generationOf(serialize(state));

  let ready: Promise<void> = Promise.resolve();
  if (persistKey && isBrowser) {
    if (typeof BroadcastChannel !== 'undefined') {
      channel = new BroadcastChannel(`vitrina:${persistKey}`);
      channel.onmessage = (e: MessageEvent) => {
        if (!stale(e.data)) apply(deserialize(e.data, state), true);
      };
    }
    if (options.writeAfterPaint && typeof document !== 'undefined') {
      window.addEventListener('pagehide', flush);
      document.addEventListener('visibilitychange', flushWhenHidden);
    }
    ready = idbGet(persistKey).then(
      (raw) => {
        if (raw !== undefined) apply(deserialize(raw, state), true);
      },
      () => undefined,
    );
  }

  return {
    initial,
    ready,
    get: () => state,
    set(next) {
      apply(typeof next === 'function' ? (next as (prev: S) => S)(state) : next, false);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      void flush();
      channel?.close();
      channel = null;
      if (options.writeAfterPaint && isBrowser && typeof document !== 'undefined') {
        window.removeEventListener('pagehide', flush);
        document.removeEventListener('visibilitychange', flushWhenHidden);
      }
    },
    flush,
  };
}

/** Subscribes a component to a store (or a slice of it). Server and hydration render `initial`. */
export function useStore<S, T = S>(store: Store<S>, select: (s: S) => T = (s) => s as unknown as T): T {
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.get()),
    () => select(store.initial),
  );
}
