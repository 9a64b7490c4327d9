import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from './helpers.ts';
import { bearer, customer } from './user-helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

const create = (token: string) =>
  api.call({ method: 'POST', url: '/vsbridge/cart/create?storeCode=en', headers: bearer(token) });

describe("a customer's cart made by creates at once", () => {
  it('is one cart: every create answers it, and no second active cart is left', async () => {
    // a login's merge on one tab and another tab's (or device's) create land together
    const { id, accessToken } = await customer(api, 'two-tabs');
    const answers = await Promise.all(Array.from({ length: 6 }, () => create(accessToken)));
    for (const r of answers) expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(new Set(answers.map((r) => r.body.result)).size).toBe(1);
    const active = await api.database.query<{ id: string }>(
      "SELECT id FROM carts WHERE customer_id = $1 AND status = 'active'",
      [id],
    );
    expect(active.map((c) => c.id)).toEqual([answers[0]!.body.result]);
    // later creates answer the same cart
    expect((await create(accessToken)).body.result).toBe(answers[0]!.body.result);
  });
});
