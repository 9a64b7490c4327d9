/**
 * Placing an order (accounts-checkout-routes.md §4 "Checkout"; CONTRACTS.md "POST /order/create"),
 * as named steps, each in its own file under place/ and called in order by placeOnce below, each
 * answering what the next one needs:
 *
 * 1. `repeated`     an idempotency key seen before answers its first order; nothing else runs. A
 *                   twin request of a key under way in this process waits for it first, so twins
 *                   never race each other here; on the embedded database a key this process knows no
 *                   order of is not read at all (keys.ts, record 0075). Asked after steps 2 and 3
 *                   (a repeat's cart is already converted: `cartGone`, answered below; a repeat
 *                   refused for stock is answered its first order too), so a sale's loser reads its
 *                   key only once refused; an order let in reads it first thing in its turn (step
 *                   4's start). Then the attempt counts against its address (RATE_LIMIT_ORDER_ADDRESS),
 *                   a refused one too.
 * 2. `ordered`      what is ordered: the cart (its owner checked against the order's token) and its
 *                   lines, or the posted products when the cart is unknown to the server (e.g. an order
 *                   queued offline). One read, none on the embedded database (the kept cart).
 * 3. `lookAtStock`  one look at the lines' stock, no lock (kept in memory on the embedded database):
 *                   units already gone refuse the order at once with the spec's stock message, before
 *                   anything else is checked or priced, so a flash sale's losers cost a read or two and
 *                   never open a transaction nor queue behind the hot product's row. An order with a
 *                   sold-out product and another fault gets the stock message (record 0064).
 *    The route checked the body's cart, products and key only (orderHeadSchema); an order let in
 *    checks it whole first thing in its turn (a 400 naming the fields), so a sold-out order is told
 *    so whatever else is wrong with it, and a sale's losers skip the addresses' rules (record 0128).
 *    Steps 4 to 6 run under way (stock-turns.ts, record 0068): an order counts the units of the
 *    orders of its products already under way in this process against that look, and while they
 *    hold what is left it waits there, neither checked nor priced; once they are placed it is refused
 *    with the stock message, and when one fails its units go to the next waiting order.
 * 4. `validate`     the server's view of the rest: the lines priced from the catalogue, the shipping
 *                   and payment methods (kept per catalogue version, as the cart's totals used them),
 *                   addresses, pickup point, e-mail, the cap of units per line. Reads only.
 * 5. `price`        the order's totals by the cart's own rules (cart/pricing.ts totalsOf), so the order
 *                   charges what the cart showed. A bundle's chosen products, known only once priced,
 *                   are looked at here (the same unlocked look).
 * 6. `write`        in its write turn: while another order of one of its products writes in this
 *                   process, the order waits holding no database connection (stock-turns.ts). Its id
 *                   was taken from the table's sequence beside its key's read and its checks (a
 *                   number: nothing shared by unrelated orders), so its e-mails and event are made
 *                   before it is written. Then ONE statement, all or nothing, in no transaction of its
 *                   own (record 0137): the stock rows locked in sku order and what they cannot give
 *                   (stock.ts stockTaking), the cart's conversion, and, only when no unit is short and
 *                   the cart was converted, one conditional decrement per product (`qty >= n`), the
 *                   order (the terms version with it), its lines, its history, the `order.created`
 *                   event and the e-mails (the outbox, lifecycle.ts orderPlacedWrites). So a product's
 *                   row is locked only while that statement runs, never across a round trip. A unit
 *                   short (e.g. an order of another shop process took it) writes nothing. The caps on
 *                   open orders (unpaid.ts) and a coupon's use (coupon.ts) need locks and counts
 *                   before it: such an order runs them and the statement in a transaction.
 *                   Nothing it wrote is read back: the answer is built from the statement's own
 *                   RETURNING (record 0077), and the stock rows the decrement returned are kept
 *                   once written (the cart service's, on the embedded database).
 * 7. `afterCommit`  the listings' stock refreshed (outside the transaction): at once, and the answer
 *                   follows it, when no other order of its products is under way in this process;
 *                   else after them (at most a second later), without holding the answer: a sale's
 *                   winners refresh the product once, after the last of them (record 0109).
 *
 * `idempotency_key` is unique: a repeat answers the first order and never creates a second. An
 * order refused for stock, or that lost its cart or its key to another, answers the first order of
 * its key when there is one by then (`lostToTwin`): a twin placed in another process meanwhile may
 * have taken the last unit.
 */
import {
  orderCreateSchema,
  stockUnitsOf,
  type OrderCreateHead,
  type OrderCreateInput,
  type StoreCode,
} from '@vitrina/domain';
import { enforce } from '../auth/rate-limit.ts';
import { parseBody } from '../http/validation.ts';
import { afterCommit } from './place/after-commit.ts';
import { lookAtStock, stockLinesOf, underWayOf } from './place/look-at-stock.ts';
import { price } from './place/price.ts';
import { firstOf, lostToTwin, requestHashOf } from './place/repeated.ts';
import type { Placement, PlaceOrderDeps, Placer } from './place/types.ts';
import { validate } from './place/validate.ts';
import { whatIsOrdered } from './place/what-is-ordered.ts';
import { orderIdFor, write } from './place/write.ts';

export type { PlacedOrder, Placement, PlaceOrderDeps, Placer } from './place/types.ts';

/** Steps 1 to 7; answers the order placed, or the first order of a repeated request. */
export async function placeOrder(
  deps: PlaceOrderDeps,
  input: OrderCreateHead,
  requestStore: StoreCode,
  who: Placer,
): Promise<Placement> {
  // a twin of an order of this key under way here waits for its end, then answers as a repeat
  const end = await deps.keys.enter(input.idempotency_key);
  try {
    return await placeOnce(deps, input, requestStore, who);
  } finally {
    end();
  }
}

/** the steps in order: what is ordered, a look at its stock, then in its turn the key, the checks, the price, the write */
async function placeOnce(
  deps: PlaceOrderDeps,
  input: OrderCreateHead,
  requestStore: StoreCode,
  who: Placer,
): Promise<Placement> {
  // the body whole, checked once the order is let in (a 400 naming the fields, as the route's check);
  // a key's first order is compared with this request by it
  let checked: OrderCreateInput | undefined;
  const whole = () => (checked ??= parseBody(orderCreateSchema, input));
  const requestHash = requestHashOf(whole);
  // every attempt but a repeat counts against its address, a refused one too: a flood cannot probe
  // for free (RATE_LIMIT_ORDER_ADDRESS)
  let counted = false;
  const count = async () => {
    if (counted || !deps.limiter || !who.clientAddress) return;
    counted = true;
    await enforce(deps.limiter, [
      { key: `order:address:${who.clientAddress}`, rule: deps.config.rateLimits.orderAddress },
    ]);
  };
  let written: Placement & { productIds: number[] };
  /** the products whose stock the order took (a bundle's chosen ones too) */
  let taken: string[] = [];
  try {
    // steps 2 and 3 before step 1: an order refused for stock reads its key only then, below (a
    // sale's loser on PostgreSQL: its cart, the stock and its key once; nothing on the embedded database)
    const ordered = await whatIsOrdered(deps, input, requestHash, requestStore, who.customerId);
    const seen = await lookAtStock(deps, ordered);
    // under way in its turn (stock-turns.ts): an order the units left after the orders ahead of it
    // cannot serve waits here, neither checked nor priced, and is refused once they have taken them
    written = await deps.turns.run(underWayOf(deps, ordered, seen), async (writeTurn) => {
      // the body whole first: a repeat's as before, when the route checked it whole
      const body = whole();
      // the order's id, asked for beside its key and its checks (step 6 is then one statement); not
      // awaited by an order that ends before its write, so never an unhandled rejection
      const id = orderIdFor(deps);
      id.catch(() => undefined);
      // step 1 in its turn: an order refused while it waited reads its key only once refused, below
      const first = await firstOf(deps, input.idempotency_key, requestHash);
      if (first) return { order: first, productIds: [] };
      await count();
      const order = await validate(deps, { ...ordered, input: body }, who.customerId);
      const priced = await price(deps, order);
      const orderId = await id;
      // one write of a product at a time in this process, holding a connection
      const units = stockUnitsOf(stockLinesOf(order));
      taken = units.map((u) => u.sku);
      return writeTurn(units, (committed) => write(deps, order, priced, who, orderId, committed));
    });
  } catch (err) {
    // two first attempts of one key raced (in two processes on PostgreSQL): the loser answers the
    // winner's order, whether it lost at the key's unique index, found the cart already ordered or
    // found the last unit taken by it
    if (lostToTwin(err)) {
      const winner = await firstOf(deps, input.idempotency_key, requestHash);
      if (winner) return { order: winner };
    }
    // a refused attempt (a foreign cart, a sold-out product) counts as it did when counted first
    await count();
    throw err;
  }
  await afterCommit(deps, written.productIds, taken);
  return { order: written.order, placed: written.placed };
}
