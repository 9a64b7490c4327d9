// @vitest-environment node
/**
 * A persisted store (state/store.ts) is created while the page's module graph is evaluated: the cart,
 * the session, the lists. Opening its BroadcastChannel and reading IndexedDB there made that task,
 * which every page pays before hydrating, longer. The store starts when first used, or in a task of
 * its own after the one that made it, and nothing a tab does before then is lost.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Store, createStore as CreateStore } from '../app/state/store';

let createStore: typeof CreateStore;
let idbSet: (key: string, value: unknown) => Promise<void>;
const opened: Store<{ items: number[] }>[] = [];
const channels: string[] = [];

beforeAll(async () => {
  (globalThis as { window?: unknown }).window ??= globalThis;
  const Native = globalThis.BroadcastChannel;
  // counts the channels opened, as the browser's would be
  globalThis.BroadcastChannel = class extends Native {
    constructor(name: string) {
      super(name);
      channels.push(name);
    }
  };
  ({ createStore } = await import('../app/state/store'));
  ({ idbSet } = await import('../app/lib/idb'));
});
afterEach(() => {
  for (const s of opened.splice(0)) s.close();
  channels.length = 0;
});

function tab(key: string) {
  const store = createStore<{ items: number[] }>({ items: [] }, { persistKey: key });
  opened.push(store);
  return store;
}
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('a persisted store starts after the task that made it', () => {
  it('opens no channel and reads nothing in the creating task, both in the next', async () => {
    await idbSet('lazy-1', { items: [7] });
    const get = vi.spyOn(await import('../app/lib/idb'), 'idbGet');
    const store = tab('lazy-1');
    expect(channels).toEqual([]);
    expect(get).not.toHaveBeenCalled();
    await nextTask();
    expect(channels).toEqual(['vitrina:lazy-1']);
    await store.whenRead;
    expect(store.get().items).toEqual([7]);
    get.mockRestore();
  });

  it('starts at once when used: a change before the next task is kept and shared', async () => {
    const a = tab('lazy-2');
    const b = tab('lazy-2');
    await Promise.all([a.ready, b.ready]);
    const c = tab('lazy-2');
    // a change in the creating task (a tap replayed by the hydration, a sync): C starts for it
    c.set({ items: [1, 2] });
    expect(channels.filter((n) => n === 'vitrina:lazy-2')).toHaveLength(3);
    await settle();
    expect(a.get().items).toEqual([1, 2]);
    expect(b.get().items).toEqual([1, 2]);
    // and C reads the device: its value, not one older
    expect(c.get().items).toEqual([1, 2]);
  });

  it('a subscription or `ready` starts it, and a change of another tab meanwhile reaches it', async () => {
    const a = tab('lazy-3');
    await a.ready;
    const b = tab('lazy-3');
    const seen: number[][] = [];
    b.subscribe(() => seen.push(b.get().items));
    a.set({ items: [3] });
    await settle();
    expect(b.get().items).toEqual([3]);
    expect(seen.at(-1)).toEqual([3]);
  });
});
