/**
 * The turns of orders of one product (order/stock-turns.ts), without a database: a stock row the test
 * sets, orders that the test ends one by one. An order counts the units of the orders under way ahead
 * of it and waits, unchecked, while they hold what is left; the waiting ones are refused only once
 * nothing is under way and the stock cannot serve them; a failed order's units go to the next.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/http/errors.ts';
import type { StockLook } from '../src/order/stock.ts';
import { StockTurns } from '../src/order/stock-turns.ts';
import { afterCommit } from '../src/order/place/after-commit.ts';
import type { PlaceOrderDeps } from '../src/order/place/types.ts';

const SKU = 'HOT';

/** a shop of one product whose stock the test sets, and orders whose end the test decides */
function shop(qty: number, { reportCommitted = false, shortAt = 0 } = {}) {
  const stock = { qty };
  const reads = { n: 0 };
  const turns = new StockTurns(async (skus) => {
    reads.n++;
    const row: StockLook = { sku: SKU, qty: stock.qty, is_in_stock: stock.qty > 0, manage_stock: true };
    return new Map(skus.includes(SKU) ? [[SKU, row]] : []);
  });
  const checked: number[] = [];
  const ends = new Map<number, (placed: boolean) => void>();
  /** order `n` of one unit: under way it is "checked", then waits for the test to place or fail it */
  const order = async (n: number) => {
    const seen = await turns.look([SKU]);
    return turns.run(
      {
        units: [{ sku: SKU, qty: 1, lines: [{ sku: SKU, name: SKU }] }],
        seen,
        soldOut: async () => new ApiError(400, 'order.productsUnavailable'),
      },
      async (write) => {
        checked.push(n);
        const placed = await new Promise<boolean>((resolve) => ends.set(n, resolve));
        if (!placed) throw new Error(`order ${n} failed its checks`);
        return write([{ sku: SKU, qty: 1, lines: [{ sku: SKU, name: SKU }] }], async (committed) => {
          if (n === shortAt) {
            // another process took the unit first: the decrement finds none, the write rolls back
            stock.qty = 0;
            throw new ApiError(400, 'order.productsUnavailable');
          }
          stock.qty -= 1;
          // the row as the order's decrement answers it, once committed (order/place/write.ts)
          if (reportCommitted)
            committed([{ sku: SKU, qty: stock.qty, is_in_stock: stock.qty > 0, manage_stock: true }]);
          return n;
        });
      },
    );
  };
  return { stock, order, checked, ends, turns, reads };
}

/** two units for six orders, in the order they came */
const TWO_PLACED_FOUR_SOLD_OUT = ['placed 1', 'placed 2', ...Array<string>(4).fill('sold out')];

/** lets the turns' looks and hand-overs run */
const settled = () => new Promise((r) => setTimeout(r, 0));

/** each order's answer as text: `placed N`, or `sold out` for the stock message */
const answersOf = (s: ReturnType<typeof shop>, orders: number[]) =>
  orders.map((n) =>
    s.order(n).then(
      (v) => `placed ${v}`,
      (e: unknown) => (e instanceof ApiError ? 'sold out' : String(e)),
    ),
  );

describe('orders of one product under way', () => {
  it('with 2 units left, of 6 orders only 2 are checked; the 4 others are refused once those 2 are placed', async () => {
    const s = shop(2);
    const answers = answersOf(s, [1, 2, 3, 4, 5, 6]);
    await settled();
    expect(s.checked).toEqual([1, 2]);
    s.ends.get(1)!(true);
    await settled();
    // one unit is still under way: nobody is refused yet, nobody else checked
    expect(s.checked).toEqual([1, 2]);
    s.ends.get(2)!(true);
    expect(await Promise.all(answers)).toEqual(TWO_PLACED_FOUR_SOLD_OUT);
    expect(s.stock.qty).toBe(0);
  });

  it('an order under way that fails gives its unit back: the next waiting order is checked and placed', async () => {
    const s = shop(1);
    const answers = [1, 2, 3].map((n) =>
      s.order(n).then(
        (v) => `placed ${v}`,
        (e: unknown) => (e instanceof ApiError ? 'sold out' : 'failed'),
      ),
    );
    await settled();
    expect(s.checked).toEqual([1]);
    s.ends.get(1)!(false);
    for (let i = 0; i < 5 && s.checked.length < 2; i++) await settled();
    expect(s.checked).toEqual([1, 2]);
    s.ends.get(2)!(true);
    expect(await Promise.all(answers)).toEqual(['failed', 'placed 2', 'sold out']);
  });

  it('`over`: at once with no order of the product under way, else once the last one ended, or at the bound', async () => {
    const s = shop(2);
    let over = false;
    // nothing under way: at once
    await s.turns.over([SKU], 60_000);
    const answers = [1, 2, 3].map((n) => s.order(n).catch(() => 'sold out'));
    await settled();
    void s.turns.over([SKU], 60_000).then(() => (over = true));
    s.ends.get(1)!(true);
    await settled();
    // order 2 is still under way and order 3 waits: not over
    expect(over).toBe(false);
    s.ends.get(2)!(true);
    await Promise.all(answers);
    await settled();
    expect(over).toBe(true);
    // a product ordered without pause: the bound answers
    s.stock.qty = 1;
    const more = s.order(4).catch(() => 'failed');
    await settled();
    const started = performance.now();
    await s.turns.over([SKU], 30);
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
    s.ends.get(4)!(false);
    await more;
  });

  it('an order arriving while orders of its product are under way reads no stock: the gate counts it against its own look', async () => {
    const s = shop(2);
    const answer = (n: number) =>
      s.order(n).then(
        (v) => `placed ${v}`,
        (e: unknown) => (e instanceof ApiError ? 'sold out' : String(e)),
      );
    const first = answer(1);
    await settled();
    expect(s.checked).toEqual([1]);
    expect(s.reads.n).toBe(1);
    // five more arrive while order 1 is under way: none reads (each read before)
    const later = [2, 3, 4, 5, 6].map(answer);
    await settled();
    expect(s.reads.n).toBe(1);
    expect(s.checked).toEqual([1, 2]);
    s.ends.get(1)!(true);
    for (let i = 0; i < 5 && s.checked.length < 2; i++) await settled();
    s.ends.get(2)!(true);
    expect(await Promise.all([first, ...later])).toEqual(TWO_PLACED_FOUR_SOLD_OUT);
    // a look after each write's end, not one per arrival
    expect(s.reads.n).toBeLessThanOrEqual(3);
  });

  it('an order that left its look to a gate now gone looks again before it is let in', async () => {
    const s = shop(1);
    const first = s.order(1);
    await settled();
    // looked while order 1 is under way: nothing read for it
    const seen = await s.turns.look([SKU]);
    expect(seen.rows.size).toBe(0);
    s.ends.get(1)!(true);
    expect(await first).toBe(1);
    await settled();
    // the gate is gone; the last unit went to order 1: refused on a new look, never let in unread
    let checked = false;
    const late = s.turns.run(
      {
        units: [{ sku: SKU, qty: 1, lines: [{ sku: SKU, name: SKU }] }],
        seen,
        soldOut: async () => new ApiError(400, 'order.productsUnavailable'),
      },
      async () => (checked = true),
    );
    await expect(late).rejects.toBeInstanceOf(ApiError);
    expect(checked).toBe(false);
  });

  it("a committed write's decrement row is the look after it: no read between the winners, the losers still refused", async () => {
    const s = shop(2, { reportCommitted: true });
    const answers = answersOf(s, [1, 2, 3, 4, 5, 6]);
    await settled();
    expect(s.checked).toEqual([1, 2]);
    // the orders' own looks, all before the first gate
    const looked = s.reads.n;
    s.ends.get(1)!(true);
    await settled();
    s.ends.get(2)!(true);
    expect(await Promise.all(answers)).toEqual(TWO_PLACED_FOUR_SOLD_OUT);
    expect(s.reads.n).toBe(looked);
    expect(s.stock.qty).toBe(0);
  });

  it('a write rolled back (no row committed) is still followed by a look', async () => {
    const s = shop(1, { reportCommitted: true, shortAt: 1 });
    const answers = [1, 2].map((n) =>
      s.order(n).then(
        (v) => `placed ${v}`,
        (e: unknown) => (e instanceof ApiError ? 'sold out' : 'failed'),
      ),
    );
    await settled();
    expect(s.checked).toEqual([1]);
    const looked = s.reads.n;
    s.ends.get(1)!(true);
    expect(await Promise.all(answers)).toEqual(['sold out', 'sold out']);
    expect(s.reads.n).toBe(looked + 1);
  });
});

describe("the listings' refresh after an order (place/after-commit.ts)", () => {
  it('is awaited by the answer with no other order of the product under way; else it follows them, the answer not held', async () => {
    const s = shop(5);
    const refreshed: number[][] = [];
    const deps = {
      turns: s.turns,
      onStockChanged: async (ids: number[]) => void refreshed.push(ids),
    } as unknown as PlaceOrderDeps;
    // nothing else under way: the answer follows the refresh
    await afterCommit(deps, [1], [SKU]);
    expect(refreshed).toEqual([[1]]);
    // another order of the product under way: answered at once, the refresh after that order's end
    const other = s.order(2);
    await settled();
    let answered = false;
    const answer = afterCommit(deps, [1], [SKU]).then(() => (answered = true));
    await new Promise((r) => setTimeout(r, 50));
    // before: held until the other order ended, or REFRESH_WAIT_MS
    expect(answered).toBe(true);
    expect(refreshed).toEqual([[1]]);
    s.ends.get(2)!(true);
    await other;
    await answer;
    for (let i = 0; i < 5 && refreshed.length < 2; i++) await settled();
    expect(refreshed).toEqual([[1], [1]]);
  });
});
