/**
 * Carts kept in memory on the embedded database (PGlite), so a cart read makes no query: one process
 * owns that database, so every write of a cart, its lines or a coupon goes through this process's
 * database client, which counts them (Database.watchWrites). A kept cart is answered only while that
 * count has not moved since it was read; the cart service's own writes are marked COHERENT_WRITE (they
 * do not move the count) and replace or drop the cart they wrote here instead, so the carts not
 * written stay kept. Every other writer (an order converting its cart, the retention sweep, privacy
 * erasure, an import's or a staff member's coupon) moves the count and so drops every kept cart.
 * On PostgreSQL other processes write too: nothing is kept (`watch` absent) and every read asks the
 * database.
 */
import type { Database, WriteWatch } from '@vitrina/db';

/** when a read or a write began: what it may keep is kept only if nothing wrote in between */
export type CacheToken = { count: number; seq: number; evictions: number };

type Entry<T> = { row: T | undefined; count: number; seq: number };

export class CartCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly watch: WriteWatch | undefined;
  /** numbers the cache's own writes (a write in progress leaves its number on its cart) */
  private seq = 0;
  /** entries dropped for room: a token taken before such a drop no longer proves anything */
  private evictions = 0;

  constructor(
    database: Pick<Database, 'watchWrites'>,
    tables: readonly string[],
    private readonly max = 5000,
  ) {
    this.watch = database.watchWrites?.(tables);
  }

  get enabled(): boolean {
    return this.watch !== undefined;
  }

  /** the kept row of `id`, if nothing wrote the watched tables since it was kept */
  get(id: string): T | undefined {
    const e = this.entries.get(id);
    return e?.row !== undefined && this.watch && e.count === this.watch.count ? e.row : undefined;
  }

  /** taken before a read of `id`; `keep` with it keeps what the read found */
  token(id: string): CacheToken | undefined {
    if (!this.watch) return undefined;
    return { count: this.watch.count, seq: this.entries.get(id)?.seq ?? 0, evictions: this.evictions };
  }

  /**
   * Taken before the cache's own write of `id`: drops the kept row (a failed write keeps nothing) and
   * marks the cart as being written, so a read or an earlier write that ends later keeps nothing.
   */
  writing(id: string): CacheToken | undefined {
    if (!this.watch) return undefined;
    const seq = ++this.seq;
    this.put(id, { row: undefined, count: this.watch.count, seq });
    return { count: this.watch.count, seq, evictions: this.evictions };
  }

  /** keeps `row` as `id` now, if no write (other than the one `token` was taken for) came since `token` */
  keep(id: string, row: T, token: CacheToken | undefined): void {
    if (!token || !this.watch) return;
    if (token.count !== this.watch.count || token.evictions !== this.evictions) return;
    if ((this.entries.get(id)?.seq ?? 0) !== token.seq) return;
    this.put(id, { row, count: token.count, seq: token.seq });
  }

  private put(id: string, entry: Entry<T>) {
    // re-inserted: the Map's order is the order of use, the oldest dropped first
    this.entries.delete(id);
    this.entries.set(id, entry);
    if (this.entries.size <= this.max) return;
    const oldest = this.entries.keys().next().value;
    if (oldest !== undefined) this.entries.delete(oldest);
    this.evictions++;
  }
}

/** the kept carts of a database: one per database, shared by every cart service on it (a test's second app too) */
const cartCaches = new WeakMap<object, Map<string, CartCache<unknown>>>();

/**
 * The cache `name` of the database (watching `tables`): the same one for every caller on that
 * database, since its writes marked COHERENT_WRITE are seen by the writer's cache only.
 */
export function cartCacheOf<T>(
  database: Pick<Database, 'watchWrites'>,
  name: string,
  tables: readonly string[],
): CartCache<T> {
  let named = cartCaches.get(database);
  if (!named) cartCaches.set(database, (named = new Map()));
  let cache = named.get(name);
  if (!cache) named.set(name, (cache = new CartCache<unknown>(database, tables)));
  return cache as CartCache<T>;
}
