/**
 * Step 3 and the stock checks before the write: one unlocked look at the lines' stock, kept for the
 * order's turn (stock-turns.ts), and a bundle's chosen products once priced.
 */
import { stockUnitsOf, type StoreCode } from '@vitrina/domain';
import { productsUnavailable, shortUnits } from '../stock.ts';
import type { Seen, UnderWay } from '../stock-turns.ts';
import { orderedLines } from './what-is-ordered.ts';
import type { CheckedOrder, Ordered, PlaceOrderDeps } from './types.ts';

/**
 * step 3: units already gone refuse the order at once, named in the store view's language, before the
 * rest is checked or priced (a bundle's chosen products are looked at once priced: step 5). The look
 * is kept: the order's units are counted against it in its turn (stock-turns.ts).
 */
export async function lookAtStock(deps: PlaceOrderDeps, o: Ordered): Promise<Seen> {
  const lines = orderedLines(o);
  const seen = await deps.turns.look(stockUnitsOf(lines).map((u) => u.sku));
  const short = await shortUnits(async () => seen.rows, lines);
  if (short.length)
    throw await soldOut(
      deps,
      o.store,
      short.map((l) => l.sku),
    );
  return seen;
}

/** the spec's stock message naming the products of `skus` in the store view's language */
export async function soldOut(deps: PlaceOrderDeps, store: StoreCode, skus: string[]): Promise<Error> {
  const products = await deps.catalog.resolveSkus(store, skus);
  return productsUnavailable(
    skus.map((sku) => ({ sku, name: String(products.get(sku)?.product.name ?? sku) })),
  );
}

/** what the order holds while under way: its lines' units, counted against its own look */
export const underWayOf = (deps: PlaceOrderDeps, o: Ordered, seen: Seen): UnderWay => ({
  units: stockUnitsOf(orderedLines(o)),
  seen,
  soldOut: (skus) => soldOut(deps, o.store, skus),
});

/** the units the order holds in stock: a bundle's chosen products too (stock.ts takeStock) */
export const stockLinesOf = (o: CheckedOrder) =>
  o.priced.map((l) => ({ sku: l.sku, name: l.name, qty: l.qty, picks: l.bundle_picks }));

/** every unit of the priced order, a bundle's chosen products too: refused at once when one is short */
export async function checkStock(deps: PlaceOrderDeps, o: CheckedOrder): Promise<void> {
  const short = await shortUnits((skus) => deps.carts.stockOf(skus), stockLinesOf(o));
  if (short.length) throw productsUnavailable(short);
}
