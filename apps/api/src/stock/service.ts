/** Stock (catalogue-and-cart.md §7 "Stock"): live rows of the `stock` table, never a cached copy. */
import type { Database } from '@vitrina/db';
import type { StockAnswer } from '@vitrina/domain';
import { rows } from '../lib/db.ts';

/** a stock row as `stock/check` and `stock/list` answer it */
export type StockInfo = StockAnswer;

export class StockService {
  constructor(private readonly database: Database) {}

  /** stock of the skus, in the order asked; unknown skus are left out */
  async list(skus: string[]): Promise<StockInfo[]> {
    const unique = [...new Set(skus)];
    const found = await rows<StockInfo>(
      this.database,
      `SELECT product_id, qty, is_in_stock, manage_stock, sku AS product_sku FROM stock WHERE sku = ANY($1::text[])`,
      [unique],
    );
    const bySku = new Map(found.map((s) => [s.product_sku, s]));
    return unique.map((s) => bySku.get(s)).filter((s): s is StockInfo => s !== undefined);
  }
}
