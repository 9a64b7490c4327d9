/**
 * The smallest IndexedDB key-value wrapper: one database `vitrina`, one object store `kv`.
 * Falls back to an in-memory map where IndexedDB is missing (server, tests, private modes).
 */
const DB_NAME = 'vitrina';
const STORE = 'kv';

let dbPromise: Promise<IDBDatabase> | null = null;
const memory = new Map<string, unknown>();

function open(): Promise<IDBDatabase> | null {
  if (typeof indexedDB === 'undefined') return null;
  if (!dbPromise) {
    dbPromise = new Promise((resolve, reject) => {
      const req = indexedDB.open(DB_NAME, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(STORE);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    dbPromise.catch(() => {
      dbPromise = null;
    });
  }
  return dbPromise;
}

function run<T>(mode: IDBTransactionMode, fn: (store: IDBObjectStore) => IDBRequest): Promise<T> {
  const db = open();
  if (!db) return Promise.reject(new Error('no indexedDB'));
  return db.then(
    (d) =>
      new Promise<T>((resolve, reject) => {
        const tx = d.transaction(STORE, mode);
        const req = fn(tx.objectStore(STORE));
        tx.oncomplete = () => resolve(req.result as T);
        tx.onerror = () => reject(tx.error);
        tx.onabort = () => reject(tx.error);
      }),
  );
}

export async function idbGet<T = unknown>(key: string): Promise<T | undefined> {
  try {
    return await run<T | undefined>('readonly', (s) => s.get(key));
  } catch {
    return memory.get(key) as T | undefined;
  }
}

export async function idbSet(key: string, value: unknown): Promise<void> {
  memory.set(key, value);
  try {
    await run('readwrite', (s) => s.put(value, key));
  } catch {
    // Storage failures are logged only (spec §8): the in-memory copy keeps the session going.
  }
}

export async function idbDelete(key: string): Promise<void> {
  memory.delete(key);
  try {
    await run('readwrite', (s) => s.delete(key));
  } catch {
    // as idbSet: the in-memory copy is already gone
  }
}

/** Every `[key, value]` whose key starts with `prefix`, in key order. */
export async function idbEntries<T = unknown>(prefix: string): Promise<[string, T][]> {
  const range = () => IDBKeyRange.bound(prefix, `${prefix}\uffff`);
  try {
    const [keys, values] = await Promise.all([
      run<IDBValidKey[]>('readonly', (s) => s.getAllKeys(range())),
      run<T[]>('readonly', (s) => s.getAll(range())),
    ]);
    return keys.map((k, i) => [String(k), values[i] as T]);
  } catch {
    return [...memory.entries()]
      .filter(([k]) => k.startsWith(prefix))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)) as [string, T][];
  }
}

/**
 * Read-modify-write of one key in ONE readwrite transaction: IndexedDB runs overlapping readwrite
 * transactions on a store one after another, also across tabs, so this is atomic between tabs.
 * `fn` answers the new value (`undefined` deletes the key); the call resolves to what `fn` answered.
 */
export async function idbUpdate<T>(
  key: string,
  fn: (current: T | undefined) => T | undefined,
): Promise<T | undefined> {
  const db = open();
  if (!db) {
    const next = fn(memory.get(key) as T | undefined);
    if (next === undefined) memory.delete(key);
    else memory.set(key, next);
    return next;
  }
  const d = await db;
  return new Promise<T | undefined>((resolve, reject) => {
    const tx = d.transaction(STORE, 'readwrite');
    const store = tx.objectStore(STORE);
    let next: T | undefined;
    const req = store.get(key);
    req.onsuccess = () => {
      next = fn(req.result as T | undefined);
      if (next === undefined) store.delete(key);
      else store.put(next, key);
    };
    tx.oncomplete = () => {
      if (next === undefined) memory.delete(key);
      else memory.set(key, next);
      resolve(next);
    };
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}
