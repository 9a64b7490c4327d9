/**
 * The products this process saw sold out, known so for a short horizon (ORDER_SOLD_OUT_HORIZON_MS,
 * record 0080). On PostgreSQL every order's first look at its stock (place/look-at-stock.ts) is a
 * statement: in a flash sale the hundreds of shoppers refused after the last unit each read a stock
 * row the process had just seen at zero. A look that finds a product out of stock (or with no unit
 * left of a product whose stock the shop manages), be it an order's first look or the look after an
 * order's write (stock-turns.ts), is remembered, and the looks until the horizon answer it without
 * a statement.
 *
 * Knowing only refuses: a product with units is never remembered, so an order is never let in on
 * what this process knew, and the conditional decrement in the order's transaction still decides
 * (order/stock.ts takeStock): never oversold. What it costs is the bound: a restock, a cancelled
 * order's units or a staff edit (in this process or another) is seen by the orders of this process
 * within the horizon, not at once. On the embedded database the cart service keeps the stock rows
 * coherently (every stock write drops them), so nothing is remembered there (horizon 0).
 */
import type { LookAtStock } from './stock-turns.ts';
import type { StockLook } from './stock.ts';

/** a row no unit of can be ordered (the turns' and takeStock's view: out of stock, or none left of a counted product) */
const servesNone = (row: StockLook): boolean =>
  !row.is_in_stock || (row.manage_stock && Number(row.qty) <= 0);

export class KnownSoldOut {
  /** sku: until when (ms) it is known sold out */
  private readonly until = new Map<string, number>();

  constructor(
    private readonly horizonMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** `look` through what this process knows: the skus known sold out are answered without reading them */
  looking(look: LookAtStock): LookAtStock {
    if (this.horizonMs <= 0) return look;
    return async (skus) => {
      // the horizon counts from before the read: the row may be older than its answer, never newer
      const at = this.now();
      const known: string[] = [];
      const unknown: string[] = [];
      for (const sku of skus) {
        const until = this.until.get(sku);
        if (until !== undefined && until > at) known.push(sku);
        else {
          if (until !== undefined) this.until.delete(sku);
          unknown.push(sku);
        }
      }
      const read = unknown.length ? await look(unknown) : new Map<string, StockLook>();
      for (const sku of unknown) {
        const row = read.get(sku);
        if (row && servesNone(row)) this.until.set(sku, at + this.horizonMs);
      }
      if (!known.length) return read;
      const rows = new Map(read);
      for (const sku of known) rows.set(sku, { sku, qty: 0, is_in_stock: false, manage_stock: true });
      return rows;
    };
  }
}
