/**
 * The one cross-tab lock (sync/lock.ts): Web Locks where the
 * browser has them, else the sync queue's IndexedDB lease (sync-queue.test.ts "exactly once per task
 * id") or the cart's in-tab chain (tabLock).
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { crossTabLock, inProcessLock, leaseLock, tabLock, type CrossTabLock } from '../app/sync/lock';

const tick = () => new Promise((r) => setTimeout(r, 1));

/** runs two jobs under `name` on `lock` at once; answers the order in which they started and ended */
async function overlap(lock: CrossTabLock, names: [string, string]) {
  const log: string[] = [];
  const job = (id: string) => async () => {
    log.push(`${id}+`);
    await tick();
    await tick();
    log.push(`${id}-`);
    return id;
  };
  const results = await Promise.all([lock(names[0], job('a')), lock(names[1], job('b'))]);
  return { log, results };
}

afterEach(() => vi.unstubAllGlobals());

describe('the in-tab lock (the cart’s fallback)', () => {
  it('runs the jobs of one name one at a time, those of two names together', async () => {
    expect(await overlap(inProcessLock(), ['cart', 'cart'])).toEqual({
      log: ['a+', 'a-', 'b+', 'b-'],
      results: ['a', 'b'],
    });
    expect((await overlap(inProcessLock(), ['cart', 'other'])).log).toEqual(['a+', 'b+', 'a-', 'b-']);
  });

  it('goes on after a failed job, which still rejects its caller', async () => {
    const lock = inProcessLock();
    const failed = lock('cart', () => Promise.reject(new Error('sync failed')));
    const next = lock('cart', async () => 'next');
    await expect(failed).rejects.toThrow('sync failed');
    await expect(next).resolves.toBe('next');
  });

  it('tabLock is one chain for the whole tab where Web Locks are missing', async () => {
    vi.stubGlobal('navigator', {});
    expect((await overlap(tabLock, ['cart-sync', 'cart-sync'])).log).toEqual(['a+', 'a-', 'b+', 'b-']);
  });
});

describe('Web Locks where the browser has them', () => {
  it('asks navigator.locks for the name, on each call, and leaves the fallback alone', async () => {
    const fallback = vi.fn();
    const lock = crossTabLock(<T>(name: string, fn: () => Promise<T>) => {
      fallback(name);
      return fn();
    });
    await lock('before', async () => 1);
    expect(fallback).toHaveBeenCalledTimes(1);
    const request = vi.fn((_name: string, fn: () => Promise<unknown>) => fn());
    vi.stubGlobal('navigator', { locks: { request } });
    await expect(lock('cart-sync', async () => 'done')).resolves.toBe('done');
    expect(request).toHaveBeenCalledWith('cart-sync', expect.any(Function));
    expect(fallback).toHaveBeenCalledTimes(1);
  });
});

describe('the IndexedDB lease (the sync queue’s fallback)', () => {
  it('runs the jobs of one name one at a time', async () => {
    const lock = crossTabLock(leaseLock({ pollMs: 1 }));
    expect(await overlap(lock, ['lease-test', 'lease-test'])).toEqual({
      log: ['a+', 'a-', 'b+', 'b-'],
      results: ['a', 'b'],
    });
  });
});
