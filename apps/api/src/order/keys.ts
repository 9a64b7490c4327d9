/**
 * The orders' idempotency keys this process can vouch for (record 0075), so that a first-time key
 * costs no statement on the embedded database: in a flash sale every shopper's order read its key
 * first, one statement each on the one connection every other request waits for.
 *
 * The embedded database belongs to one process (server-lock.ts), so every statement that adds an
 * order row goes through this process's client: the keys are read once (a hash of each, a few bytes
 * an order), this process's own order INSERT adds its key here before it runs (marked COHERENT_WRITE),
 * and any other statement that may add rows to `orders` (an INSERT, COPY or MERGE naming the table:
 * Database.watchWrites) makes the next question read them again. A key is only ever added, so a key
 * whose order was rolled back or erased, or a hash two keys share, costs one read of the key, never a
 * wrong answer. On PostgreSQL other processes add orders too: nothing is known and every key is read.
 *
 * And the orders of a key under way in this process: a twin request (a retry sent while the first
 * was still placed) waits for the first to end and then answers as a repeat, its first order. Two
 * twins racing for the last unit otherwise left the later one "not available" while its order was
 * placed. Twins in two processes (PostgreSQL) still meet in the database: the key's unique index, the
 * cart's conversion, or the stock, after which the loser reads the key (place.ts lostToTwin).
 */
import type { Database, WriteWatch } from '@vitrina/db';
import type { Queryable } from '../lib/db.ts';
import type { OrderRow } from './rows.ts';

/** FNV-1a, 32 bits: a key's place in the set (a collision only costs a read) */
function hashOf(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export class OrderKeys {
  private readonly watch: WriteWatch | undefined;
  private readonly hashes = new Set<number>();
  /** the watch's count when the keys were last read with nothing adding orders meanwhile */
  private readAt: number | undefined;
  private reading: Promise<void> | undefined;
  /** keys whose first order was asked for in this turn of the event loop, read together (`orderOf`) */
  private asked:
    | Map<string, { resolve: (row: OrderRow | undefined) => void; reject: (err: unknown) => void }[]>
    | undefined;
  /** the read of the keys asked (`orderOf`) under way or queued last: the next waits for it */
  private keysRead: Promise<void> | undefined;
  /** the orders of a key under way in this process: their end */
  private readonly underWay = new Map<string, Promise<void>>();

  constructor(private readonly database: Pick<Database, 'watchWrites'> & Queryable) {
    this.watch = database.watchWrites?.(['orders'], ['insert', 'copy', 'merge']);
  }

  /** false only when no order of `key` can be in the database (so reading it would find none) */
  async mayExist(key: string): Promise<boolean> {
    if (!this.watch) return true;
    if (this.readAt !== this.watch.count) await this.readAll();
    if (this.readAt !== this.watch.count) return true;
    return this.hashes.has(hashOf(key));
  }

  /**
   * The order of `key`, if any (outside a transaction). The keys asked for in one turn of the event
   * loop, or while the read before them is under way, are read by one statement: a sale's losers,
   * refused together once the units are placed or one by one as they arrive, ask for theirs together
   * (on PostgreSQL a read each queued the pool's connections, so a burst of 480 reads stood in front
   * of the other requests' statements).
   */
  orderOf(key: string): Promise<OrderRow | undefined> {
    return new Promise((resolve, reject) => {
      if (!this.asked) {
        const asked = (this.asked = new Map());
        // after the read under way, if any: the keys asked meanwhile join one read, not one per turn
        // (a sale's losers are refused over many turns while their looks and carts come back)
        const ahead = this.keysRead;
        const read = (this.keysRead = (ahead ?? Promise.resolve())
          .then(() => new Promise<void>((turn) => setImmediate(turn)))
          .then(() => {
            this.asked = undefined;
            return this.readAsked(asked);
          })
          .finally(() => {
            if (this.keysRead === read) this.keysRead = undefined;
          }));
      }
      const waiting = this.asked.get(key) ?? [];
      waiting.push({ resolve, reject });
      this.asked.set(key, waiting);
    });
  }

  private async readAsked(
    asked: Map<string, { resolve: (row: OrderRow | undefined) => void; reject: (err: unknown) => void }[]>,
  ): Promise<void> {
    try {
      const found = await this.database.query<OrderRow>(
        'SELECT * FROM orders WHERE idempotency_key = ANY($1::text[])',
        [[...asked.keys()]],
      );
      const byKey = new Map(found.map((o) => [o.idempotency_key, o]));
      for (const [key, waiting] of asked) for (const w of waiting) w.resolve(byKey.get(key));
    } catch (err) {
      for (const waiting of asked.values()) for (const w of waiting) w.reject(err);
    }
  }

  /**
   * Waits while an order of `key` is under way in this process, then marks this one under way until
   * the function answered is called (always: in a `finally`).
   */
  async enter(key: string): Promise<() => void> {
    for (let ahead = this.underWay.get(key); ahead; ahead = this.underWay.get(key)) await ahead;
    let ended!: () => void;
    const mine = new Promise<void>((resolve) => (ended = resolve));
    this.underWay.set(key, mine);
    return () => {
      if (this.underWay.get(key) === mine) this.underWay.delete(key);
      ended();
    };
  }

  /** before this process's INSERT of an order of `key` (a rolled back one leaves it: a read later) */
  adding(key: string): void {
    if (this.watch) this.hashes.add(hashOf(key));
  }

  /** every key in the orders, added to those known; counted only when nothing added orders meanwhile */
  private readAll(): Promise<void> {
    this.reading ??= (async () => {
      const at = this.watch!.count;
      const found = await this.database.query<{ idempotency_key: string }>(
        'SELECT idempotency_key FROM orders WHERE idempotency_key IS NOT NULL',
      );
      for (const r of found) this.hashes.add(hashOf(r.idempotency_key));
      if (this.watch!.count === at) this.readAt = at;
    })().finally(() => {
      this.reading = undefined;
    });
    return this.reading;
  }
}

/** one per database, shared by every order service on it (a test's second app too): a key one adds, the others know */
const keysOf = new WeakMap<object, OrderKeys>();

export function orderKeysOf(database: Pick<Database, 'watchWrites'> & Queryable): OrderKeys {
  let keys = keysOf.get(database);
  if (!keys) keysOf.set(database, (keys = new OrderKeys(database)));
  return keys;
}
