/**
 * An order's idempotency key (record 0075, order/keys.ts): twin requests of one key racing for the
 * last unit both answer the one order placed; on the embedded database a sale's loser reads neither
 * its key (this process knows its orders' keys) nor its cart (another order's conversion leaves the
 * other kept carts kept); and a key whose order another statement added is still read and answered.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CartService } from '../src/cart/service.ts';
import { OrderKeys } from '../src/order/keys.ts';
import { OrderService } from '../src/order/service.ts';
import { guestCart, orderBody, queriesOf, startApi, type TestApi } from './helpers.ts';
import { uniqueAddress, uniqueEmail } from './user-helpers.ts';

let api: TestApi;
beforeAll(async () => {
  // no mail processor on its timer: the statements of one order are counted below
  api = await startApi({ MAIL_OUTBOX_INTERVAL_MS: '0' });
});
afterAll(async () => api?.close());

const HOT = 'LAP-1001';
const STOCK_MESSAGE = 'Some of the ordered products are not available!';

const setStock = (qty: number) =>
  api.database.query('UPDATE stock SET qty = $2, is_in_stock = $2 > 0 WHERE sku = $1', [HOT, qty]);

const send = (body: ReturnType<typeof orderBody>, remoteAddress = uniqueAddress()) =>
  api.call({ method: 'POST', url: '/vsbridge/order/create?storeCode=en', remoteAddress, payload: body });

describe('twin requests of one order id racing for the last unit', () => {
  it('both answer the one order placed, never "not available" to the later one', async () => {
    await setStock(1);
    const cart = await guestCart(api, [HOT]);
    const body = orderBody({
      cartId: cart,
      key: 'twins-last-unit',
      products: [{ sku: HOT, qty: 1 }],
      email: uniqueEmail('twin'),
    });
    const address = uniqueAddress();

    const answers = await Promise.all([send(body, address), send(body, address), send(body, address)]);

    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(new Set(answers.map((a) => a.body.result.orderNumber)).size).toBe(1);
    const [orders] = await api.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM orders WHERE idempotency_key = 'twins-last-unit'",
    );
    expect(orders?.n).toBe(1);
    const [stock] = await api.database.query<{ qty: number }>('SELECT qty FROM stock WHERE sku = $1', [HOT]);
    expect(Number(stock?.qty)).toBe(0);
  });

  it('twins of an order without a server cart (queued offline): the later one arrives while the first is priced', async () => {
    await setStock(1);
    const body = orderBody({
      cartId: 'offline-twins-cart',
      key: 'twins-offline-last-unit',
      products: [{ sku: HOT, qty: 1 }],
    });
    // the first twin is priced (its owner's tier and tax: place/validate.ts) only once the second
    // reached the order service, so the second asks while the first holds the last unit
    let arrived = 0;
    let bothArrived!: () => void;
    const second = new Promise<void>((resolve) => (bothArrived = resolve));
    const create = OrderService.prototype.create;
    const arrive = vi.spyOn(OrderService.prototype, 'create').mockImplementation(function (
      this: OrderService,
      ...args
    ) {
      if (++arrived === 2) bothArrived();
      return create.apply(this, args);
    });
    const ownerPricing = CartService.prototype.ownerPricing;
    const priced = vi.spyOn(CartService.prototype, 'ownerPricing').mockImplementation(async function (
      this: CartService,
      ...args
    ) {
      await second;
      return ownerPricing.apply(this, args);
    });
    try {
      const answers = await Promise.all([send(body), send(body)]);

      for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
      expect(answers[0]!.body.result.orderNumber).toBe(answers[1]!.body.result.orderNumber);
    } finally {
      arrive.mockRestore();
      priced.mockRestore();
    }
  });
});

describe("a sale's loser on the embedded database", () => {
  it('reads neither its key nor its cart, however many orders were placed before it', async (ctx) => {
    if (api.database.kind !== 'pglite') ctx.skip();
    await setStock(2);
    const [first, second, late] = await Promise.all([1, 2, 3].map(() => guestCart(api, [HOT])));
    const order = (cart: string, key: string) =>
      orderBody({ cartId: cart, key, products: [{ sku: HOT, qty: 1 }], email: uniqueEmail('keys') });
    // two orders take the units (and convert their carts) before the late shopper asks
    expect((await send(order(first!, 'keys-winner-1'))).status).toBe(200);
    expect((await send(order(second!, 'keys-winner-2'))).status).toBe(200);

    const { answer, statements } = await queriesOf(api, () => send(order(late!, 'keys-late-loser')));

    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.result).toBe(STOCK_MESSAGE);
    // at most a look at the stock the winners changed (and the tests' catalogue version, read per
    // request here: CATALOG_VERSION_TTL_MS=0); never its key, its cart or a transaction
    const others = statements.filter((s) => !/\bFROM (stock|meta)\b/i.test(s));
    expect(others).toEqual([]);
  });
});

describe("a sale's losers refused together", () => {
  it('read their keys together (on the embedded database, not at all)', async () => {
    const GUESTS = 30;
    const UNITS = 3;
    await setStock(UNITS);
    const carts = await Promise.all(Array.from({ length: GUESTS }, () => guestCart(api, [HOT])));

    const { answer: answers, statements } = await queriesOf(api, () =>
      Promise.all(
        carts.map((cart, i) =>
          send(orderBody({ cartId: cart, key: `keys-together-${i}`, products: [{ sku: HOT, qty: 1 }] })),
        ),
      ),
    );

    expect(answers.filter((a) => a.status === 200)).toHaveLength(UNITS);
    for (const a of answers.filter((x) => x.status !== 200)) expect(a.body.result).toBe(STOCK_MESSAGE);
    // outside the orders' transactions (their own `tx.query` is not counted here)
    const keyReads = statements.filter((s) => /FROM orders WHERE idempotency_key/.test(s));
    if (api.database.kind === 'pglite') expect(keyReads).toEqual([]);
    else expect(keyReads.length).toBeLessThanOrEqual((GUESTS - UNITS) / 3);
  });
});

describe('a key whose order another statement added', () => {
  it('is read and answered as a repeat, whatever this process knew', async () => {
    await setStock(5);
    const cart = await guestCart(api, [HOT]);
    const body = orderBody({ cartId: cart, key: 'keys-original', products: [{ sku: HOT, qty: 1 }] });
    const placed = await send(body);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    // a copy of the order under another key, added by SQL of its own (not the order's placement)
    await api.database.query(
      `INSERT INTO orders SELECT (jsonb_populate_record(NULL::orders, to_jsonb(o) || jsonb_build_object(
         'id', nextval(pg_get_serial_sequence('orders', 'id')), 'increment_id', 'copied-1', 'order_token', 'copied-token-1',
         'idempotency_key', 'keys-copied'))).* FROM orders o WHERE o.idempotency_key = 'keys-original'`,
    );

    // the same request under the copy's key: its first order is the copy
    const repeat = await send({ ...body, idempotency_key: 'keys-copied' });

    expect(repeat.status, JSON.stringify(repeat.body)).toBe(200);
    expect(repeat.body.result.orderNumber).toBe('copied-1');
  });
});

describe('keys asked while their read is under way', () => {
  it('join one read after it, not one read per turn of the event loop', async () => {
    const reads: string[][] = [];
    let answer!: () => void;
    const database = {
      // no watch (as on PostgreSQL): every key is read
      async query<T>(_text: string, params: readonly unknown[] = []): Promise<T[]> {
        reads.push([...(params[0] as string[])]);
        if (reads.length === 1) await new Promise<void>((resolve) => (answer = resolve));
        return [];
      },
    };
    const keys = new OrderKeys(database as unknown as ConstructorParameters<typeof OrderKeys>[0]);
    const turn = () => new Promise((r) => setImmediate(r));
    const asked = [keys.orderOf('k1')];
    await turn();
    await turn();
    expect(reads).toEqual([['k1']]);
    // a sale's losers refused over several turns while the first read is under way
    for (const k of ['k2', 'k3', 'k4']) {
      asked.push(keys.orderOf(k));
      await turn();
    }
    answer();
    expect(await Promise.all(asked)).toEqual([undefined, undefined, undefined, undefined]);
    expect(reads).toEqual([['k1'], ['k2', 'k3', 'k4']]);
  });
});
