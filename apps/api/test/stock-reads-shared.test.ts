/**
 * The kept stock rows on the embedded database (cart/service.ts `stockOf`): a read of some skus under
 * way is shared by the callers that ask for them meanwhile, as long as nothing wrote the stock since
 * it was asked for. In a sale every winner's decrement drops the hot product's row, and on the
 * database's thread each loser arriving before the read's answer came back asked again (record 0092).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiConfig } from '../src/config.ts';
import type { CatalogService } from '../src/catalog/service.ts';
import { CartService } from '../src/cart/service.ts';
import { queriesOf, startApi, type TestApi } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startApi({ MAIL_OUTBOX_INTERVAL_MS: '0' });
});
afterAll(async () => api?.close());

const HOT = 'LAP-1001';
/** stockOf reads neither the configuration nor the catalogue */
const carts = () => new CartService(api.database, {} as ApiConfig, {} as CatalogService);
const stockReads = (statements: string[]) => statements.filter((s) => /FROM stock WHERE sku = ANY/.test(s));
const setStock = (qty: number) => api.database.query('UPDATE stock SET qty = $2 WHERE sku = $1', [HOT, qty]);

describe('the stock rows of a sku asked for while a read of it is under way', () => {
  it('are read once for every caller, then kept', async () => {
    const service = carts();
    if (!service.keepsStock) return; // PostgreSQL: nothing is kept, every caller reads
    await setStock(7); // a write of its own: the kept row is dropped
    const { answer, statements } = await queriesOf(api, () =>
      Promise.all(Array.from({ length: 10 }, () => service.stockOf([HOT]))),
    );
    expect(stockReads(statements)).toHaveLength(1);
    for (const rows of answer) expect(Number(rows.get(HOT)?.qty)).toBe(7);
    // each caller its own map: one caller's change is not another's
    expect(new Set(answer).size).toBe(10);
    const again = await queriesOf(api, () => service.stockOf([HOT]));
    expect(stockReads(again.statements)).toHaveLength(0);
  });

  it('are read again by a caller that asks after a stock write began, and it sees the write', async () => {
    const service = carts();
    if (!service.keepsStock) return;
    await setStock(7);
    const { answer, statements } = await queriesOf(api, async () => {
      const first = service.stockOf([HOT]);
      const write = setStock(3);
      const second = service.stockOf([HOT]);
      await write;
      return Promise.all([first, second]);
    });
    expect(stockReads(statements)).toHaveLength(2);
    expect(Number(answer[1].get(HOT)?.qty)).toBe(3);
  });
});
