/**
 * The stock refresh (refreshStockRows): after a stock-only change it writes exactly the product_index
 * rows the full rebuild (reindexProducts) writes, `rev` and `page_rev` aside (numbers of writes),
 * and moves `page_rev` only when the stock as pages show it moved; what it cannot refresh alone it
 * answers, and the full rebuild takes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog, refreshStockRows, reindexProducts, type Executor } from '../src/index.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing.ts';
import { NOW, smallCatalog } from './fixture.ts';

const AFTER_WINDOW = new Date('2026-06-25T12:00:00Z');

function catalog() {
  const c = smallCatalog();
  const products: unknown[] = [...c.products];
  products.push(
    // a standalone product whose special price window closes after NOW: its rows have a valid_until
    {
      id: 5001,
      sku: 'SOLO-1',
      name: 'Solo product',
      price: 30.0,
      special_price: 25.0,
      special_from_date: '2026-06-01',
      special_to_date: '2026-06-20',
      category_ids: [30],
      stock: { is_in_stock: true, qty: 10 },
    },
    {
      id: 5002,
      sku: 'SOLO-2',
      name: 'Sold out product',
      price: 12.0,
      stock: { is_in_stock: false, qty: 0 },
    },
    {
      id: 5003,
      sku: 'DL-1',
      type_id: 'downloadable',
      name: 'A download',
      price: 3.0,
      stock: { is_in_stock: true, qty: 3 },
    },
  );
  return { ...c, products };
}

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await importCatalog(database, catalog(), { now: NOW });
});
afterAll(() => database?.dispose());

type Row = Record<string, unknown>;
/** every row of the index but its write numbers, in a stable order */
async function rows(sku?: string): Promise<Row[]> {
  const all = await database.query<Row>(
    'select * from product_index where $1::text is null or sku = $1 order by product_id, store_code',
    [sku ?? null],
  );
  return all.map(({ rev: _rev, page_rev: _pageRev, ...rest }) => rest);
}
const pageRevs = async (sku: string) =>
  (
    await database.query<{ page_rev: number }>(
      'select page_rev::int as page_rev from product_index where sku = $1 order by store_code',
      [sku],
    )
  ).map((r) => r.page_rev);

const idOf = async (sku: string) =>
  (await database.query<{ id: number }>('select id from products where sku = $1', [sku]))[0]!.id;

interface Case {
  name: string;
  sku: string;
  stock: { qty: number; is_in_stock: boolean; manage_stock?: boolean };
  /** refreshed by the one statement (else left to the full rebuild) */
  quick: boolean;
  /** page_rev moves (the stock as pages show it changed) */
  shown?: boolean;
  /** when the stock is refreshed (default NOW, when the rows were built) */
  now?: Date;
}

const CASES: Case[] = [
  { name: 'in stock, many left → fewer, still many', sku: 'SOLO-1', stock: { qty: 8, is_in_stock: true }, quick: true, shown: false },
  { name: 'many left → "only 3 left"', sku: 'SOLO-1', stock: { qty: 3, is_in_stock: true }, quick: true, shown: true },
  { name: 'in stock → out (last unit sold)', sku: 'SOLO-1', stock: { qty: 0, is_in_stock: false }, quick: true, shown: true },
  { name: 'out → in (restocked)', sku: 'SOLO-2', stock: { qty: 20, is_in_stock: true }, quick: true, shown: true },
  { name: 'flagged in stock with no units', sku: 'SOLO-2', stock: { qty: 0, is_in_stock: true }, quick: true, shown: true },
  { name: 'a downloadable, partly sold', sku: 'DL-1', stock: { qty: 2, is_in_stock: true }, quick: true, shown: true },
  { name: 'unmanaged stock (virtual)', sku: 'EBOOK-1', stock: { qty: 4, is_in_stock: false, manage_stock: false }, quick: true, shown: true },
  { name: 'managed again', sku: 'EBOOK-1', stock: { qty: 4, is_in_stock: true, manage_stock: true }, quick: true, shown: true },
  { name: 'a part of a grouped and a bundle product', sku: 'MOU-1', stock: { qty: 0, is_in_stock: false }, quick: false },
  { name: 'a configurable child', sku: 'LAP-1001-A', stock: { qty: 0, is_in_stock: false }, quick: false },
  { name: 'a configurable parent', sku: 'LAP-1001', stock: { qty: 1, is_in_stock: true, manage_stock: true }, quick: false },
  { name: 'a grouped product', sku: 'SET-1', stock: { qty: 0, is_in_stock: false }, quick: false },
  { name: 'rows past their special-price window', sku: 'SOLO-1', stock: { qty: 5, is_in_stock: true }, quick: false, now: AFTER_WINDOW },
];

describe('the stock refresh after a stock-only change', () => {
  for (const c of CASES) {
    it(`${c.name}: ${c.quick ? 'one statement' : 'left to the full rebuild'}, the rows the full rebuild writes`, async () => {
      const now = c.now ?? NOW;
      // rows as the indexer wrote them at NOW; the stock moves later (AFTER_WINDOW: past SOLO-1's window)
      await reindexProducts(database, { now: NOW });
      const id = await idOf(c.sku);
      await database.query(
        'update stock set qty = $2, is_in_stock = $3, manage_stock = coalesce($4, manage_stock) where product_id = $1',
        [id, c.stock.qty, c.stock.is_in_stock, c.stock.manage_stock ?? null],
      );
      const before = await pageRevs(c.sku);

      const sent: string[] = [];
      const counted: Executor = { ...database, query: (sql, params) => (sent.push(sql), database.query(sql, params)) };
      const rest = await refreshStockRows(counted, [id], now);
      expect(sent).toHaveLength(1);
      expect(rest).toEqual(c.quick ? [] : [id]);
      if (rest.length > 0) await reindexProducts(database, { productIds: rest, now });
      // past the window other products' rows are due too: the product's own compared
      const only = c.now ? c.sku : undefined;
      const refreshed = await rows(only);
      const revs = await pageRevs(c.sku);
      if (c.shown !== undefined) {
        if (c.shown) revs.forEach((r, i) => expect(r).toBeGreaterThan(before[i]!));
        else expect(revs).toEqual(before);
      }

      await reindexProducts(database, { now });
      expect(refreshed).toEqual(await rows(only));
      // the same page keys: the full rebuild moves no page_rev
      expect(await pageRevs(c.sku)).toEqual(revs);
    });
  }

  it('takes many products in one statement and answers those it left', async () => {
    await reindexProducts(database, { now: NOW });
    const ids = await Promise.all(['SOLO-1', 'SOLO-2', 'MOU-1', 'DL-1'].map(idOf));
    await database.query('update stock set qty = qty + 1 where product_id = any($1::int[])', [ids]);
    const rest = await refreshStockRows(database, [...ids, ids[0]!, 999_999], NOW);
    expect(rest).toEqual([ids[2], 999_999]);
    await reindexProducts(database, { productIds: rest, now: NOW });
    const refreshed = await rows();
    await reindexProducts(database, { now: NOW });
    expect(refreshed).toEqual(await rows());
  });
});
