/**
 * The statements of a placed order (record 0077): its answer is built from what its transaction
 * wrote (the row, its lines and its history as RETURNING answered them), never read back; the key
 * is not read again inside the transaction; a listing refresh's one upsert runs without BEGIN and
 * COMMIT; the payment providers' demo flag comes with the catalogue version (no statement of its own).
 * Counted on the database's own statements and each transaction's (BEGIN and COMMIT included), with
 * the catalogue version reused as the shop reuses it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREPARED, type Executor } from '@vitrina/db';
import { guestCart, orderBody, startApi, type TestApi } from './helpers.ts';
import { uniqueAddress, uniqueEmail } from './user-helpers.ts';

let api: TestApi;
beforeAll(async () => {
  // no mail processor on its timer, and the catalogue version reused (the shop's default reuses it a
  // second): the statements counted are the order's own
  api = await startApi({ MAIL_OUTBOX_INTERVAL_MS: '0', CATALOG_VERSION_TTL_MS: '60000' });
});
afterAll(async () => api?.close());

/**
 * every statement the shop sends during `run`: outside transactions, and in them with BEGIN and
 * COMMIT; and each transaction's own, BEGIN and COMMIT included (transactions on other connections,
 * e.g. the webhooks' poller's, may interleave in `statements`)
 */
async function statementsOf<T>(
  run: () => Promise<T>,
): Promise<{ answer: T; statements: string[]; transactions: string[][] }> {
  const statements: string[] = [];
  const transactions: string[][] = [];
  const database = api.database as Executor;
  const { query, exec, transaction } = database;
  const counted = (q: Executor, own: string[]): Executor => ({
    ...q,
    query: (sql, params) => (statements.push(sql), own.push(sql), q.query(sql, params)),
    exec: (sql) => (statements.push(sql), own.push(sql), q.exec(sql)),
    transaction: (fn) =>
      q.transaction((inner) => {
        statements.push('SAVEPOINT');
        own.push('SAVEPOINT');
        return fn(counted(inner, own));
      }),
  });
  database.query = ((sql: string, params?: readonly unknown[]) => (
    statements.push(sql),
    query.call(database, sql, params)
  )) as Executor['query'];
  database.exec = (sql) => (statements.push(sql), exec.call(database, sql));
  database.transaction = ((fn: (tx: Executor) => Promise<unknown>, config?: undefined) =>
    transaction.call(
      database,
      async (tx) => {
        const own = ['BEGIN'];
        transactions.push(own);
        statements.push('BEGIN');
        const result = await fn(counted(tx, own));
        statements.push('COMMIT');
        own.push('COMMIT');
        return result;
      },
      config,
    )) as Executor['transaction'];
  try {
    return { answer: await run(), statements, transactions };
  } finally {
    database.query = query;
    database.exec = exec;
    database.transaction = transaction;
  }
}

const send = (body: ReturnType<typeof orderBody>) =>
  api.call({
    method: 'POST',
    url: '/vsbridge/order/create?storeCode=en',
    remoteAddress: uniqueAddress(),
    payload: body,
  });

const SKUS = ['LAP-1001', 'ACC-3001'];
/** the statements of the listings' refresh after an order's commit (refreshStockRows, reindexProducts) */
const LISTING_REFRESH =
  /^\s*(with given as|select [^;]* from price_history|insert into product_index)\b|\bupdate product_index pi set\b/i;
/** the stock refresh's one statement (refreshStockRows) */
const STOCK_REFRESH = /\bupdate product_index pi set\b/i;
const newOrder = async (key: string) =>
  orderBody({
    cartId: await guestCart(api, SKUS),
    key,
    products: SKUS.map((sku) => ({ sku, qty: 1 })),
    email: uniqueEmail('statements'),
  });

/**
 * the statements without the transactions of the webhooks' poller (fan-out, claim): each of its
 * transactions' own statements taken out once. Its statements interleave with the order's on
 * another connection, and its transaction may still be open when the order answers.
 */
function withoutPollers(statements: string[], transactions: string[][]): string[] {
  return withoutTransactions(statements, transactions, /\b(webhooks_at|webhook_deliveries)\b/);
}

/** the statements without those of the transactions one of whose statements matches `mark` */
function withoutTransactions(statements: string[], transactions: string[][], mark: RegExp): string[] {
  const out = [...statements];
  for (const own of transactions.filter((t) => t.some((s) => mark.test(s))))
    for (const s of own) {
      const i = out.lastIndexOf(s);
      if (i !== -1) out.splice(i, 1);
    }
  return out;
}

describe("a placed order's statements", () => {
  it('its answer is what the transaction wrote, the same as its repeat reads back', async () => {
    const body = await newOrder('statements-answer');
    const placed = await send(body);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const repeat = await send(body);
    expect(repeat.status, JSON.stringify(repeat.body)).toBe(200);
    expect(placed.body).toEqual(repeat.body);
    expect(placed.body.result.items.map((i: { sku: string }) => i.sku)).toEqual(SKUS);
    expect(placed.body.result.history).toHaveLength(1);
  });

  it('reads back nothing it wrote, nor its key, and writes in one statement', async () => {
    // a first order: the shop's lists (methods, tax rules, keys) read once, as in a running shop
    expect((await send(await newOrder('statements-warm'))).status).toBe(200);
    const body = await newOrder('statements-counted');

    const { answer, statements: all, transactions } = await statementsOf(() => send(body));
    // the webhooks' poller runs on its own clock: a transaction of it may fall inside the order's
    // time (more likely with the database in its thread, where an order takes longer in wall time)
    // nor the listings' refresh after the commit (batched with other orders'; a transaction of its own
    // on the embedded database):
    // the order's own statements are counted
    const statements = withoutTransactions(
      withoutPollers(all, transactions),
      transactions,
      /^\s*insert into product_index\b/i,
    ).filter((s) => !LISTING_REFRESH.test(s));

    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const readBack = statements.filter((s) =>
      /^\s*SELECT\b[\s\S]*\bFROM (order_items|order_status_history|credit_notes|payment_methods)\b/i.test(s),
    );
    expect(readBack).toEqual([]);
    expect(statements.filter((s) => /idempotency_key = \$1/.test(s))).toEqual([]);
    // the demo flag (the payment sandboxes) comes with the catalogue version, reused (record 0097)
    expect(statements.filter((s) => /\bFROM meta\b/i.test(s))).toEqual([]);
    // before: 23 on the embedded database, 27 on PostgreSQL (the key, the cart and the stock look
    // are read there; the embedded database keeps them); 13 and 16 before the cart's conversion rode
    // on the order's INSERT, and the lines, the confirmation and the stock on the history's (record
    // 0093); 5 on the embedded database before the demo flag was kept (record 0096); 4 and 7 while
    // the order was written by a transaction (BEGIN, the order, its history, lines and stock, COMMIT;
    // record 0137), the listings' refresh not counted
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(
      api.database.kind === 'pglite' ? 2 : 5,
    );
    // the order's write, whatever its products: its id, then ONE statement in no transaction (the
    // order with its cart's conversion, history, lines, event, confirmation and stock), so the
    // stock rows it locks are held only while it runs, never across a round trip
    expect(transactions.filter((t) => t.some((s) => /INSERT INTO orders\b/.test(s)))).toEqual([]);
    const order = statements.filter((s) => /INSERT INTO orders\b/.test(s));
    expect(order, order.join('\n')).toHaveLength(1);
    expect(order[0], order[0]).toMatch(/\bUPDATE stock\b[\s\S]*\bINSERT INTO order_items\b/);
    expect(statements.filter((s) => /^\s*(BEGIN|COMMIT)\b/i.test(s))).toEqual([]);
    // prepared (parsed once per connection on PostgreSQL): fixed texts for an order of a few lines
    const id = statements.filter((s) => /\bnextval\b/.test(s));
    expect(id).toHaveLength(1);
    for (const s of [...order, ...id]) expect(s.trimEnd().endsWith(PREPARED), s).toBe(true);
  });
});

describe("the listings' refresh an order awaits", () => {
  const orderOf = async (skus: string[], key: string) =>
    orderBody({
      cartId: await guestCart(api, skus),
      key,
      products: skus.map((sku) => ({ sku, qty: 1 })),
      email: uniqueEmail('statements'),
    });

  it('is one statement for a product whose stock is its own: its stock, no rebuilt documents', async () => {
    const ONE = ['ACC-3001'];
    expect((await send(await orderOf(ONE, 'statements-stock-warm'))).status).toBe(200);
    const { answer, statements, transactions } = await statementsOf(async () =>
      send(await orderOf(ONE, 'statements-stock')),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    // before: about nine (the catalogue's categories, attributes and tax rules, the products, their
    // categories and stock, the price history, the upsert), in a transaction of their own on the
    // embedded database (record 0101)
    expect(statements.filter((s) => LISTING_REFRESH.test(s))).toEqual([expect.stringMatching(STOCK_REFRESH)]);
    expect(transactions.filter((t) => t.some((s) => LISTING_REFRESH.test(s)))).toEqual([]);
  });

  it('rebuilds the rest as one transaction on the embedded database, separate statements on PostgreSQL', async () => {
    expect((await send(await newOrder('statements-refresh-warm'))).status).toBe(200);
    const body = await newOrder('statements-refresh');
    // rows due for a price window's rebuild: not the stock refresh's to write
    await api.database.query(
      "UPDATE product_index SET valid_until = now() - interval '1 minute' WHERE sku = $1",
      [SKUS[0]],
    );
    const { answer, statements, transactions } = await statementsOf(() => send(body));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const refreshing = transactions.filter((t) => t.some((s) => /^\s*insert into product_index\b/i.test(s)));
    const inside = refreshing.flat().filter((s) => LISTING_REFRESH.test(s));
    // the stock refresh first (it leaves that product), outside any transaction
    const all = statements.filter((s) => LISTING_REFRESH.test(s));
    expect(all.filter((s) => STOCK_REFRESH.test(s))).toHaveLength(1);
    const rebuild = all.filter((s) => !STOCK_REFRESH.test(s));
    // on the database's thread each statement outside a transaction waits for a turn of the shop's
    // event loop, a transaction's are answered at once: the order's answer waited for nine turns
    if (api.database.kind === 'pglite') {
      expect(refreshing).toHaveLength(1);
      expect(inside.length).toBeGreaterThanOrEqual(3);
      expect(rebuild).toEqual(inside);
    } else {
      expect(refreshing).toEqual([]);
      expect(rebuild.length).toBeGreaterThanOrEqual(3);
    }
  });
});

describe('the stock an order left', () => {
  const HOT = 'ACC-3001';
  const cartAsking = async (qty: number) => {
    const cart = (await api.call({ method: 'POST', url: '/vsbridge/cart/create?storeCode=en' })).body
      .result as string;
    return () =>
      api.call({
        method: 'POST',
        url: `/vsbridge/cart/update?cartId=${cart}&storeCode=en`,
        payload: { cartItem: { sku: HOT, qty } },
      });
  };

  it('is known from the decrement: no stock read after it on the embedded database, the units left exact', async () => {
    await api.database.query('UPDATE stock SET qty = 3, is_in_stock = true WHERE sku = $1', [HOT]);
    const [two, three] = [await cartAsking(2), await cartAsking(3)];
    // the stock read once after the SQL above, then kept (embedded database)
    expect((await (await cartAsking(1))()).status).toBe(200);
    const body = orderBody({
      cartId: await guestCart(api, [HOT]),
      key: 'statements-stock-left',
      products: [{ sku: HOT, qty: 1 }],
      email: uniqueEmail('statements'),
    });
    expect((await send(body)).status).toBe(200);

    const { answer: refused, statements } = await statementsOf(three);
    const { answer: allowed } = await statementsOf(two);

    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    if (api.database.kind === 'pglite')
      expect(statements.filter((s) => /\bFROM stock\b/i.test(s))).toEqual([]);
    const [row] = await api.database.query<{ qty: number }>('SELECT qty FROM stock WHERE sku = $1', [HOT]);
    expect(Number(row?.qty)).toBe(2);
  });
});
