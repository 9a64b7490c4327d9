/**
 * A product this process saw sold out is known so for ORDER_SOLD_OUT_HORIZON_MS (record 0080): on
 * PostgreSQL a sale's loser then reads no stock (its look is answered from what the process saw), so
 * the hundreds refused after the last unit cost the database their cart and their key only. Knowing
 * only ever refuses, never lets an order in (the conditional decrement still decides: no oversell),
 * and a restock, a cancelled order's units or a staff edit are seen within the horizon. On the
 * embedded database the stock rows are kept coherently already, so nothing is remembered there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KnownSoldOut } from '../src/order/sold-out.ts';
import type { StockLook } from '../src/order/stock.ts';
import { guestCart, orderBody, queriesOf, startApi, type TestApi } from './helpers.ts';
import { uniqueAddress, uniqueEmail } from './user-helpers.ts';

describe('what a process knows is sold out', () => {
  const row = (sku: string, qty: number): StockLook => ({
    sku,
    qty,
    is_in_stock: qty > 0,
    manage_stock: true,
  });

  it('a sold-out look answers the next looks until the horizon, then the stock is read again', async () => {
    let now = 1_000;
    let stock = new Map([
      ['HOT', row('HOT', 0)],
      ['OTHER', row('OTHER', 4)],
    ]);
    const reads: string[][] = [];
    const look = new KnownSoldOut(1000, () => now).looking(async (skus) => {
      reads.push(skus);
      return new Map(skus.flatMap((s) => (stock.has(s) ? [[s, stock.get(s)!] as const] : [])));
    });

    expect((await look(['HOT', 'OTHER'])).get('HOT')?.qty).toBe(0);
    // restocked meanwhile: within the horizon the process still refuses (never lets in)
    stock = new Map([
      ['HOT', row('HOT', 5)],
      ['OTHER', row('OTHER', 4)],
    ]);
    now += 999;
    const within = await look(['HOT', 'OTHER']);
    expect(within.get('HOT')).toMatchObject({ qty: 0, is_in_stock: false });
    // a product with units is never remembered: read each time
    expect(within.get('OTHER')?.qty).toBe(4);
    expect(reads).toEqual([['HOT', 'OTHER'], ['OTHER']]);
    // the horizon passed: the restock is seen
    now += 1;
    expect((await look(['HOT'])).get('HOT')?.qty).toBe(5);
    expect(reads.at(-1)).toEqual(['HOT']);
  });

  it('a horizon of 0 remembers nothing', async () => {
    let reads = 0;
    const look = new KnownSoldOut(0).looking(async (skus) => {
      reads++;
      return new Map(skus.map((s) => [s, row(s, 0)] as const));
    });
    await look(['HOT']);
    await look(['HOT']);
    expect(reads).toBe(2);
  });
});

let api: TestApi;
beforeAll(async () => {
  // the catalogue version reused as the shop reuses it: the statements counted are the order's own
  api = await startApi({
    MAIL_OUTBOX_INTERVAL_MS: '0',
    CATALOG_VERSION_TTL_MS: '60000',
    ORDER_SOLD_OUT_HORIZON_MS: '60000',
  });
});
afterAll(async () => api?.close());

const HOT = 'LAP-1002';

const place = (cartId: string, key: string) =>
  api.call({
    method: 'POST',
    url: '/vsbridge/order/create?storeCode=en',
    remoteAddress: uniqueAddress(),
    payload: orderBody({ cartId, key, products: [{ sku: HOT, qty: 1 }], email: uniqueEmail('sold-out') }),
  });

const restock = (qty: number) =>
  api.database.query('UPDATE stock SET qty = $2, is_in_stock = $2 > 0 WHERE sku = $1', [HOT, qty]);

/** a guest's cart of the product while it has units, then its order once it has none */
const loser = async (key: string) => {
  await restock(3);
  const cartId = await guestCart(api, [HOT]);
  await restock(0);
  return queriesOf(api, () => place(cartId, key));
};

describe("a sale's loser after the process saw the product sold out", () => {
  it('reads no stock on PostgreSQL: its cart and its key only; the embedded database sees a restock at once', async () => {
    const first = await loser('sold-out-known-1');
    expect(first.answer.status).toBe(400);
    const second = await loser('sold-out-known-2');
    expect(second.answer.status, JSON.stringify(second.answer.body)).toBe(400);
    expect(second.answer.body.result).toBe('Some of the ordered products are not available!');
    const stockReads = (s: string[]) => s.filter((q) => /\bFROM stock\b/i.test(q));
    if (api.database.kind === 'pglite') {
      // nothing remembered: the stock rows kept coherently answer a restock at once
      await restock(3);
      const placed = await place(await guestCart(api, [HOT]), 'sold-out-known-3');
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    } else {
      expect(stockReads(first.statements)).toHaveLength(1);
      expect(stockReads(second.statements)).toEqual([]);
      expect(second.statements, second.statements.join('\n')).toHaveLength(2);
    }
  });
});
