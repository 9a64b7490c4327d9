import { idbUpdate } from '../lib/idb';

/**
 * Runs `fn` exclusively across the tabs of this origin (the sync queue's "one at a time, exactly
 * once per task id"). The Web Locks API where the browser has it; otherwise a lease in
 * IndexedDB taken in one readwrite transaction (atomic across tabs), renewed while `fn` runs and
 * expiring after `ttlMs` when its tab dies.
 */
export type CrossTabLock = <T>(name: string, fn: () => Promise<T>) => Promise<T>;

interface Lease {
  owner: string;
  until: number;
}

export interface LeaseOptions {
  ttlMs?: number;
  pollMs?: number;
  now?: () => number;
}

export const LEASE_TTL_MS = 10_000;
export const LEASE_POLL_MS = 200;

const randomId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** The IndexedDB lease (the fallback where `navigator.locks` is missing). */
export function leaseLock(options: LeaseOptions = {}): CrossTabLock {
  const ttl = options.ttlMs ?? LEASE_TTL_MS;
  const poll = options.pollMs ?? LEASE_POLL_MS;
  const now = options.now ?? (() => Date.now());
  return async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
    const key = `lease:${name}`;
    const owner = randomId();
    const take = () =>
      idbUpdate<Lease>(key, (cur) =>
        !cur || cur.until <= now() || cur.owner === owner ? { owner, until: now() + ttl } : cur,
      );
    for (;;) {
      const lease = await take();
      if (lease?.owner === owner) break;
      await new Promise((r) => setTimeout(r, poll));
    }
    const renew = setInterval(() => void take(), Math.max(1, Math.floor(ttl / 3)));
    try {
      return await fn();
    } finally {
      clearInterval(renew);
      await idbUpdate<Lease>(key, (cur) => (cur?.owner === owner ? undefined : cur));
    }
  };
}

/**
 * One run at a time per name within this tab (a promise chain; a failed run does not stop the next):
 * the cart's fallback where Web Locks are missing.
 */
export function inProcessLock(): CrossTabLock {
  const chains = new Map<string, Promise<unknown>>();
  return <T>(name: string, fn: () => Promise<T>): Promise<T> => {
    const prev = chains.get(name) ?? Promise.resolve();
    const run = prev.then(fn, fn);
    chains.set(
      name,
      run.then(
        () => undefined,
        () => undefined,
      ),
    );
    return run;
  };
}

/**
 * The Web Locks API (exclusive, queued) where the browser has it, looked up on each call; `fallback`
 * where it is missing (by default the IndexedDB lease: the sync queue's exactly once across tabs).
 */
export function crossTabLock(fallback: CrossTabLock = leaseLock()): CrossTabLock {
  return <T>(name: string, fn: () => Promise<T>): Promise<T> => {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    return locks ? (locks.request(name, fn) as Promise<T>) : fallback(name, fn);
  };
}

/**
 * The cart's lock around a sync (state/cart/sync.ts): Web Locks, else one run at a time in this tab, shared
 * by every cart store of the tab (a tab without Web Locks re-reads the persisted cart under it).
 */
export const tabLock: CrossTabLock = crossTabLock(inProcessLock());
