/**
 * `cart/create` with a first line (optional, not the spec's): the cart is made with the line, and the
 * answer holds what a create followed by an update asked `withTotals` answers: the cart id, the line,
 * the totals after it, which a following `cart/totals` answers to the cent. Through HTTP, on the
 * embedded database and on PostgreSQL (TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from './helpers.ts';
import { cartUrl, createCart } from './cart-route-actions.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

const createWith = (cartItem: unknown, extra = '&withTotals=1') =>
  api.call({ method: 'POST', url: `/vsbridge/cart/create?storeCode=en${extra}`, payload: { cartItem } });

/** a line's answer without what names its cart */
const lineOf = ({ quote_id: _q, item_id: _i, ...rest }: Record<string, unknown>) => rest;
/** totals without their lines' ids (each cart numbers its own) */
const totalsOf = (t: { items: Record<string, unknown>[] }) => ({
  ...t,
  items: t.items.map(({ item_id: _i, ...rest }) => rest),
});

describe('cart/create with a first line', () => {
  it('answers the cart, its line and the totals a create and an update answer', async () => {
    for (const cartItem of [
      { sku: 'PHN-2001', qty: 1 },
      { sku: 'ACC-3001', qty: 3 },
    ]) {
      const made = await createWith(cartItem);
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const cart = made.body.result as string;
      expect(cart.length).toBeGreaterThanOrEqual(32);
      const { line, totals } = made.body.meta as {
        line: Record<string, unknown>;
        totals: { items: Record<string, unknown>[] };
      };
      expect(line).toMatchObject({ sku: cartItem.sku, qty: cartItem.qty, quote_id: cart });
      // what the server holds: the line and the totals, to the cent
      expect((await api.call(cartUrl('pull', cart))).body.result).toEqual([line]);
      expect((await api.call(cartUrl('totals', cart))).body.result).toEqual(totals);

      // the same as a create, then an update asked withTotals
      const other = await createCart(api);
      const updated = await api.call({
        method: 'POST',
        url: cartUrl('update', other, '&withTotals=1'),
        payload: { cartItem },
      });
      expect(updated.status).toBe(200);
      expect(lineOf(line)).toEqual(lineOf(updated.body.result));
      expect(totalsOf(totals)).toEqual(totalsOf(updated.body.meta.totals));

      // the cart goes on as any other: a second line, its totals
      const next = await api.call({
        method: 'POST',
        url: cartUrl('update', cart, '&withTotals=1'),
        payload: { cartItem: { sku: 'LAP-1002', qty: 1 } },
      });
      expect(next.status).toBe(200);
      expect(next.body.meta.totals).toEqual((await api.call(cartUrl('totals', cart))).body.result);
    }
  });

  it("without withTotals answers the line alone; without a line, the spec's envelope alone", async () => {
    const made = await createWith({ sku: 'PHN-2001', qty: 2 }, '');
    expect(made.status).toBe(200);
    expect(Object.keys(made.body.meta)).toEqual(['line']);
    expect(made.body.meta.line).toMatchObject({ sku: 'PHN-2001', qty: 2 });
    for (const payload of [undefined, {}]) {
      const plain = await api.call({ method: 'POST', url: '/vsbridge/cart/create?storeCode=en', payload });
      expect(plain.status).toBe(200);
      expect(Object.keys(plain.body).sort()).toEqual(['code', 'result']);
    }
  });

  it("a refused line answers the update's refusal", async () => {
    const unknown = await createWith({ sku: 'NO-SUCH-SKU', qty: 1 });
    const cart = await createCart(api);
    const asUpdate = await api.call({
      method: 'POST',
      url: cartUrl('update', cart),
      payload: { cartItem: { sku: 'NO-SUCH-SKU', qty: 1 } },
    });
    expect(unknown.status).toBe(asUpdate.status);
    expect(unknown.body).toEqual(asUpdate.body);
    const tooMany = await createWith({ sku: 'PHN-2001', qty: 100_000 });
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(tooMany.body)).toContain('cartItem.qty');
  });
});
