// @vitest-environment node
/**
 * state/store.ts shares a persisted store between tabs (IndexedDB + BroadcastChannel). A change to a
 * field that is not shared (the cart's `syncing` flag) must not write the tab's whole state again:
 * when another tab has just changed the shared part and its broadcast is still on its way, that
 * write would put the stale state back, on the device and in the other tab (seen in the
 * offline-order journey: the cart emptied after a placement in one tab came back when the second
 * tab's sync finished).
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Store, createStore as CreateStore } from '../app/state/store';

interface Shape {
  items: number[];
  busy: boolean;
}

let createStore: typeof CreateStore;
let idbGet: (key: string) => Promise<unknown>;
const opened: Store<Shape>[] = [];

beforeAll(async () => {
  // store.ts persists and broadcasts only "in a browser": it must see a window before it loads
  (globalThis as { window?: unknown }).window ??= globalThis;
  ({ createStore } = await import('../app/state/store'));
  ({ idbGet } = await import('../app/lib/idb'));
});
afterEach(() => {
  for (const s of opened.splice(0)) s.close();
});

function tab(key: string): Store<Shape> {
  const store = createStore<Shape>(
    { items: [], busy: false },
    {
      persistKey: key,
      serialize: ({ busy: _busy, ...shared }) => shared,
      deserialize: (raw, current) => ({ ...current, items: (raw as { items: number[] }).items }),
    },
  );
  opened.push(store);
  return store;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('a store shared between tabs', () => {
  it('does not write back a stale state when only a tab-local field changes', async () => {
    const a = tab('share-1');
    const b = tab('share-1');
    await Promise.all([a.ready, b.ready]);
    a.set((s) => ({ ...s, items: [1] }));
    await settle();
    expect(b.get().items).toEqual([1]);

    // tab A empties the cart; before its broadcast reaches B, B's sync ends (a tab-local flag)
    a.set((s) => ({ ...s, items: [] }));
    b.set((s) => ({ ...s, busy: true }));
    await settle();

    expect(await idbGet('share-1')).toEqual({ items: [] });
    expect(a.get().items).toEqual([]);
    expect(b.get()).toEqual({ items: [], busy: true });
  });

  it('still shares a change of a shared field', async () => {
    const a = tab('share-2');
    const b = tab('share-2');
    await Promise.all([a.ready, b.ready]);
    b.set((s) => ({ ...s, items: [7], busy: true }));
    await settle();
    expect(a.get()).toEqual({ items: [7], busy: false });
    expect(await idbGet('share-2')).toEqual({ items: [7] });
    // a change from another tab is taken, and a later local flag change does not echo it back
    b.set((s) => ({ ...s, busy: false }));
    a.set((s) => ({ ...s, busy: true }));
    await settle();
    expect(b.get().items).toEqual([7]);
  });

  it("keeps both tabs' changes made from one copy (with `rebase`): neither write is lost", async () => {
    /** Three-way join of two sets of numbers: what each side added, less what each removed. */
    const join = (mine: unknown, base: unknown, theirs: unknown) => {
      const set = (v: unknown) => new Set((v as { items: number[] }).items);
      const [m, b, t] = [set(mine), set(base), set(theirs)];
      const out = [...t].filter((n) => m.has(n) || !b.has(n));
      for (const n of m) if (!b.has(n) && !t.has(n)) out.push(n);
      return { items: out.sort() };
    };
    const joining = () => {
      const store = createStore<Shape>(
        { items: [], busy: false },
        {
          persistKey: 'share-3',
          serialize: ({ busy: _busy, ...shared }) => shared,
          deserialize: (raw, current) => ({ ...current, items: (raw as { items: number[] }).items }),
          rebase: join,
        },
      );
      opened.push(store);
      return store;
    };
    const a = joining();
    const b = joining();
    await Promise.all([a.ready, b.ready]);
    a.set((s) => ({ ...s, items: [1] }));
    await vi.waitFor(() => expect(b.get().items).toEqual([1]), { timeout: 10_000 });

    // both tabs change the copy [1] before either hears of the other's change
    a.set((s) => ({ ...s, items: [...s.items, 2] }));
    b.set((s) => ({ ...s, items: [...s.items, 3] }));
    await vi.waitFor(
      async () => {
        expect(a.get().items).toEqual([1, 2, 3]);
        expect(b.get().items).toEqual([1, 2, 3]);
        expect(await idbGet('share-3')).toMatchObject({ items: [1, 2, 3] });
      },
      { timeout: 10_000 },
    );
  });
});
