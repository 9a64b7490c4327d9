/**
 * Orders of one product, in this process, take two turns (record 0068, after record 0064):
 *
 * - **Under way.** An order counts the units of the orders of its products already under way in this
 *   process (let in, not yet ended: being checked, priced or written) and goes on only while the stock
 *   the last look showed, less those units, still serves it. Otherwise it waits here, neither checked
 *   nor priced, holding no database connection. Each time an order's transaction ends, one look at
 *   the stock: a placed order's units are gone from it and from the count; an order that failed
 *   before writing never took its units, so they go to the next at once; and once nothing of the product is
 *   under way, the waiting orders it cannot serve are refused at once with the spec's stock message.
 *   Without this count, every shopper of a sale who looked while 20 units were left (all 500 of a
 *   sale arriving at once) was checked and priced, on the main thread the embedded database shares,
 *   before the turns below refused 480 of them.
 * - **Writing.** Orders of one product write one after another: an order waits here, holding no
 *   connection, while another order of a product it holds is in its transaction; each order that
 *   ends is followed by one look, which refuses the writers the units left cannot serve. The database
 *   serialises such orders anyway (each order's conditional decrement waits for the row lock of the
 *   one before it, order/stock.ts takeStock), but an order waiting on a row lock holds one of the
 *   pool's connections all the while: a sale's orders held them all and the process's other requests,
 *   unrelated carts included, waited for a connection until they were answered 503
 *   (DATABASE_CONNECT_TIMEOUT_MS). Here at most one order per product and process holds a connection
 *   for the row. A bundle's chosen products, known only once priced, take this turn only.
 *
 * Both are an order of arrival and a saving, never the decision: the row lock and the conditional
 * decrement in the order's transaction decide, so stock is never oversold, and another shop process
 * (PostgreSQL) has turns of its own that meet this one's orders only in the database.
 */
import type { StockUnits } from '@vitrina/domain';
import { productsUnavailable, type StockLook } from './stock.ts';

/** the stock rows of some skus now (no lock): the cart service's, kept on the embedded database */
export type LookAtStock = (skus: string[]) => Promise<ReadonlyMap<string, StockLook>>;

/**
 * a look at some skus' stock, and how many writes of this process had ended when it began; `unread`:
 * the skus left to their gates' looks (`look`), none of their rows here
 */
export type Seen = { rows: ReadonlyMap<string, StockLook>; at: number; unread?: ReadonlySet<string> };

/**
 * runs `fn` in the write turn of each product of `units` (see the file's comment); `fn` hands the
 * stock rows its committed decrement answered to `committed`, and they are the look after its write
 */
export type WriteTurn = <T>(
  units: readonly StockUnits[],
  fn: (committed: (rows: readonly StockLook[]) => void) => Promise<T>,
) => Promise<T>;

/** an order under way: its units, the look it came with, and its refusal when they are gone */
export type UnderWay = {
  units: readonly StockUnits[];
  seen: Seen;
  /** the spec's stock message naming these skus' products (the caller knows their names) */
  soldOut: (skus: string[]) => Promise<Error>;
};

type Waiter = { qty: number; resolve: (turn: 'go' | 'short') => void };

/** one product's turns in this process */
type Gate = {
  /** its stock row at the last look (undefined: no row of its own, never short) */
  row: StockLook | undefined;
  /** false: an order ended since the last look, so look again before counting units against it */
  fresh: boolean;
  /** units held by the orders under way */
  underWay: number;
  /** orders waiting to be under way, first come first */
  arriving: Waiter[];
  /** an order in its transaction, or the turn being handed on after a look (`handing`) */
  writing: boolean;
  handing: boolean;
  /** orders waiting for the write turn, first come first */
  writers: Waiter[];
  looking: boolean;
};

/** the units a stock row serves: none out of stock, all of them for a product the shop does not count */
const unitsServed = (row: StockLook | undefined): number =>
  row === undefined ? Infinity : !row.is_in_stock ? 0 : !row.manage_stock ? Infinity : Number(row.qty);

const bySku = (units: readonly StockUnits[]) =>
  [...units].sort((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0));

/** the turns of one shop process (its order service); another process has its own */
export class StockTurns {
  private readonly gates = new Map<string, Gate>();
  /** how many writes of this process have ended, and the count at each sku's last one: a look begun before is stale */
  private ended = 0;
  private readonly lastEnd = new Map<string, number>();
  /** the calls waiting for a product's orders to be over (`over`), by sku */
  private readonly overWaiters = new Map<string, Set<() => void>>();

  constructor(private readonly lookNow: LookAtStock) {}

  /**
   * A look at the stock of `skus`, to refuse an order at once and then to count its units against.
   * A product with orders under way here is not read: its gate counts the order against its own
   * look, taken again whenever an order of it ends, and refuses it once those orders are over. In a
   * flash sale on PostgreSQL every shopper arriving while the winners wrote read the hot row, one
   * statement each in the pool's queue ahead of the winners' own, for an answer the gate ignored.
   */
  async look(skus: string[]): Promise<Seen> {
    const at = this.ended;
    const unread = skus.filter((sku) => this.gates.has(sku));
    if (!unread.length) return { rows: await this.lookNow(skus), at };
    const read = skus.filter((sku) => !this.gates.has(sku));
    const rows = read.length ? await this.lookNow(read) : new Map<string, StockLook>();
    return { rows, at, unread: new Set(unread) };
  }

  /**
   * Runs `order` under way for each product of `units` (in sku order, so two orders never wait for
   * each other): at once while the units left serve it, else when the orders ahead of it ended and
   * left enough; throws `soldOut` when they left too few. `order` writes through the write turn it is
   * given. Its units stop counting when it ends, placed or failed.
   */
  async run<T>(underWay: UnderWay, order: (write: WriteTurn) => Promise<T>): Promise<T> {
    const held: { sku: string; gate: Gate; qty: number }[] = [];
    try {
      for (const unit of bySku(underWay.units)) {
        const gate = this.gateOf(unit.sku, underWay.seen);
        if ((await this.arrive(unit.sku, gate, unit.qty)) === 'short')
          throw await underWay.soldOut(unit.lines.map((l) => l.sku));
        held.push({ sku: unit.sku, gate, qty: unit.qty });
      }
      return await order((units, fn) => this.write(units, fn));
    } finally {
      for (const { sku, gate, qty } of held) {
        gate.underWay -= qty;
        this.leftUnderWay(sku, gate);
      }
    }
  }

  /** the product's gate; a new one counts from the order's own look */
  private gateOf(sku: string, seen?: Seen): Gate {
    const found = this.gates.get(sku);
    if (found) return found;
    // the order's own look is good unless a write of the product ended since it began (or it left
    // the product to a gate that has ended since)
    const fresh = seen !== undefined && !seen.unread?.has(sku) && (this.lastEnd.get(sku) ?? -1) <= seen.at;
    const gate: Gate = {
      row: seen?.rows.get(sku),
      fresh,
      underWay: 0,
      arriving: [],
      writing: false,
      handing: false,
      writers: [],
      looking: false,
    };
    this.gates.set(sku, gate);
    return gate;
  }

  /** the order's turn to be under way: at once when the units left serve it, else after a look */
  private arrive(sku: string, gate: Gate, qty: number): Promise<'go' | 'short'> {
    return new Promise((resolve) => {
      gate.arriving.push({ qty, resolve });
      if (gate.fresh) this.letIn(gate);
      else this.lookAgain(sku, gate);
    });
  }

  /**
   * The waiting orders the units left (the last look less the units under way) serve go on, first
   * come first; with nothing under way, the others are refused: no order ahead can give units back.
   */
  private letIn(gate: Gate): void {
    if (gate.looking) return;
    let left = unitsServed(gate.row) - gate.underWay;
    const waiting = gate.arriving;
    gate.arriving = [];
    for (const w of waiting) {
      if (w.qty <= left) {
        left -= w.qty;
        gate.underWay += w.qty;
        w.resolve('go');
      } else if (gate.underWay === 0) w.resolve('short');
      else gate.arriving.push(w);
    }
  }

  /** true while an order of one of `skus` is under way, waiting or writing in this process */
  busy(skus: readonly string[]): boolean {
    return skus.some((sku) => this.gates.has(sku));
  }

  /**
   * Resolves once no order of `skus` is under way, waiting or writing in this process (at once when
   * none is), or after `atMostMs`. What follows an order's commit and can wait for the orders after
   * it (the listings' refresh, lib/refresh-listings.ts) waits here, so a flash sale's winners refresh
   * the product once at the end instead of once each between their writes, where each refresh was
   * work the database's thread did ahead of the next winner's begin (record 0109). The bound keeps a
   * product ordered without pause from holding its buyers' answers.
   */
  over(skus: readonly string[], atMostMs: number): Promise<void> {
    const busy = skus.filter((sku) => this.gates.has(sku));
    if (!busy.length) return Promise.resolve();
    return new Promise((resolve) => {
      let left = busy.length;
      const done = () => {
        if (--left === 0) finish();
      };
      const finish = () => {
        clearTimeout(timer);
        for (const sku of busy) {
          const set = this.overWaiters.get(sku);
          set?.delete(done);
          if (set?.size === 0) this.overWaiters.delete(sku);
        }
        resolve();
      };
      const timer = setTimeout(finish, atMostMs);
      for (const sku of busy) {
        let set = this.overWaiters.get(sku);
        if (!set) this.overWaiters.set(sku, (set = new Set()));
        set.add(done);
      }
    });
  }

  /** runs `fn` in the write turn of each product of `units`, taken in sku order */
  private async write<T>(
    units: readonly StockUnits[],
    fn: (committed: (rows: readonly StockLook[]) => void) => Promise<T>,
  ): Promise<T> {
    const taken: string[] = [];
    // the rows the order's committed decrement answered: each is the stock as the commit left it
    const rows = new Map<string, StockLook>();
    try {
      for (const unit of bySku(units)) {
        const turn = await this.takeWrite(this.gateOf(unit.sku), unit.qty);
        if (turn === 'short') throw productsUnavailable(unit.lines);
        taken.push(unit.sku);
      }
      return await fn((committed) => {
        for (const row of committed) rows.set(row.sku, row);
      });
    } finally {
      for (const sku of taken.reverse()) this.endWrite(sku, rows.get(sku));
    }
  }

  private takeWrite(gate: Gate, qty: number): Promise<'go' | 'short'> {
    if (!gate.writing) {
      gate.writing = true;
      return Promise.resolve('go');
    }
    return new Promise((resolve) => gate.writers.push({ qty, resolve }));
  }

  /**
   * a write ended: the turn stays taken until a look hands it on, so a writer arriving meanwhile waits
   * behind the others; `committed`, the row its committed decrement answered, is that look
   */
  private endWrite(sku: string, committed?: StockLook): void {
    const gate = this.gates.get(sku);
    if (!gate) return;
    if (gate.writers.length) gate.handing = true;
    else gate.writing = false;
    this.changed(sku, gate, committed);
  }

  /**
   * An order stopped being under way. Its units left the count; the stock moved only if it wrote, and
   * its write's end already asked for a new look. So with the last look still good, the waiting
   * orders are let in at once (a failed order's units go to the next without a read).
   */
  private leftUnderWay(sku: string, gate: Gate): void {
    if (gate.fresh) {
      this.letIn(gate);
      this.dropIfIdle(sku, gate);
    } else if (gate.arriving.length || gate.writers.length) this.lookAgain(sku, gate);
    else this.dropIfIdle(sku, gate);
  }

  /**
   * A write ended (committed or rolled back): the stock may have moved, so count from a new look. A
   * committed decrement's row is that look: the row as the commit left it (locked from the decrement
   * to the commit), as a read right after the commit would find it unless another process wrote the
   * row meanwhile, which a read may miss just as well. In a sale on PostgreSQL this saves a statement
   * between each winner's commit and the next winner's turn, the chain every loser waits for. A
   * rolled back write, or one ending while a look is under way, still looks.
   */
  private changed(sku: string, gate: Gate, committed?: StockLook): void {
    this.lastEnd.set(sku, ++this.ended);
    gate.fresh = false;
    if (!gate.arriving.length && !gate.writers.length) return this.dropIfIdle(sku, gate);
    if (committed && !gate.looking) {
      gate.row = committed;
      gate.fresh = true;
      this.settle(sku, gate);
    } else this.lookAgain(sku, gate);
  }

  /** one look at a time per product; a write that ended while it ran makes it look once more */
  private lookAgain(sku: string, gate: Gate): void {
    if (gate.looking) return;
    gate.looking = true;
    const at = this.ended;
    const next = (row: StockLook | undefined) => {
      gate.looking = false;
      if ((this.lastEnd.get(sku) ?? -1) > at) return this.lookAgain(sku, gate);
      gate.row = row;
      gate.fresh = true;
      this.settle(sku, gate);
    };
    this.lookNow([sku]).then(
      (rows) => next(rows.get(sku)),
      // no look (the database failing): the orders go on, their transactions decide
      () => next(undefined),
    );
  }

  /** after a look: the write turn handed on (the writers the stock cannot serve refused), then the arrivals let in */
  private settle(sku: string, gate: Gate): void {
    if (gate.handing) {
      gate.handing = false;
      const waiting = gate.writers;
      gate.writers = [];
      for (const w of waiting) {
        if (w.qty > unitsServed(gate.row)) w.resolve('short');
        else gate.writers.push(w);
      }
      const first = gate.writers.shift();
      if (first) first.resolve('go');
      else gate.writing = false;
    }
    this.letIn(gate);
    this.dropIfIdle(sku, gate);
  }

  private dropIfIdle(sku: string, gate: Gate): void {
    const idle =
      !gate.writing && !gate.looking && gate.underWay === 0 && !gate.arriving.length && !gate.writers.length;
    if (!idle || this.gates.get(sku) !== gate) return;
    this.gates.delete(sku);
    const waiting = this.overWaiters.get(sku);
    if (!waiting) return;
    this.overWaiters.delete(sku);
    for (const done of waiting) done();
  }
}
