/**
 * Orders of one product write one after another in this process: an order waits here, holding no
 * database connection, while another order of a product it holds is in its transaction; and while it
 * waits, each order that ends is followed by one look at the product's stock, which refuses at once
 * every waiting order the units left cannot serve.
 *
 * The database serialises such orders anyway: each order's conditional decrement of a product's stock
 * row waits for the row lock of the order before it (order/stock.ts takeStock). But an order waiting on
 * a row lock holds one of the pool's connections all the while, so a flash sale's first wave of orders
 * (every shopper whose look at the stock came before the last unit went) held them all, and the other
 * requests of the process, unrelated carts included, waited for a connection until they were answered
 * 503 (DATABASE_CONNECT_TIMEOUT_MS); and each of those orders wrote its rows only to roll them back.
 * Here at most one order per product and process holds a connection for the row, and the orders that
 * come after the last unit are refused by one read, not one transaction each. A turn is only an order
 * of arrival: the row lock and the conditional decrement still decide.
 */
import type { StockUnits } from '@vitrina/domain';
import { productsUnavailable, type StockLook } from './stock.ts';

/** the stock rows of some skus now (no lock): the cart service's, kept on the embedded database */
export type LookAtStock = (skus: string[]) => Promise<ReadonlyMap<string, StockLook>>;

type Waiter = { qty: number; resolve: (turn: 'yours' | 'short') => void };
/** a product's turn: taken by one order; the orders waiting for it, first come first */
type Gate = { queue: Waiter[] };

const cannotServe = (row: StockLook | undefined, qty: number) =>
  row !== undefined && (!row.is_in_stock || (row.manage_stock && Number(row.qty) < qty));

/** the turns of one shop process (its order service); another process has its own */
export class StockTurns {
  private readonly gates = new Map<string, Gate>();

  constructor(private readonly look: LookAtStock) {}

  /**
   * Runs `fn` in the turn of each product of `units` (taken in sku order, so two orders never wait for
   * each other); throws the spec's stock message, naming the lines, when the units were gone while the
   * order waited.
   */
  async run<T>(units: readonly StockUnits[], fn: () => Promise<T>): Promise<T> {
    const taken: string[] = [];
    try {
      for (const unit of [...units].sort((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0))) {
        const turn = await this.take(unit);
        if (turn === 'short') throw productsUnavailable(unit.lines);
        taken.push(unit.sku);
      }
      return await fn();
    } finally {
      for (const sku of taken.reverse()) this.release(sku);
    }
  }

  /** the turn of `unit`'s product: at once when free, else when the orders before it ended ('short': refused meanwhile) */
  private take(unit: StockUnits): Promise<'yours' | 'short'> {
    const gate = this.gates.get(unit.sku);
    if (!gate) {
      this.gates.set(unit.sku, { queue: [] });
      return Promise.resolve('yours');
    }
    return new Promise((resolve) => gate.queue.push({ qty: unit.qty, resolve }));
  }

  /** ends a turn: one look at the stock for every order waiting, the short ones refused, the next one's turn */
  private release(sku: string): void {
    const gate = this.gates.get(sku);
    if (!gate) return;
    if (gate.queue.length === 0) {
      this.gates.delete(sku);
      return;
    }
    // the turn stays taken while looking: an order arriving meanwhile waits behind the others
    const next = (row: StockLook | undefined) => {
      const waiting = gate.queue;
      gate.queue = [];
      for (const w of waiting) {
        if (cannotServe(row, w.qty)) w.resolve('short');
        else gate.queue.push(w);
      }
      const first = gate.queue.shift();
      if (first) first.resolve('yours');
      else this.gates.delete(sku);
    };
    this.look([sku]).then(
      (rows) => next(rows.get(sku)),
      // no look (the database failing): the next order goes on, its transaction decides
      () => next(undefined),
    );
  }
}
