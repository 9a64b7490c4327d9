/**
 * The demo shop's generated price history (source 'demo'): a demo special in force shows the
 * regular price it came down from as its reference, since the demo says the product cost that from
 * the day it was added; a special that is not in force, or a product added after its special began,
 * gets none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPriceHistory, generateDemoCatalog } from '@vitrina/demo';
import { importCatalog, reindexProducts, seedPriceHistory } from '../src/index.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing.ts';

const NOW = new Date('2026-11-29T12:00:00Z');
const demo = generateDemoCatalog({ seed: 42, productCount: 120, referenceDate: NOW });

describe('demo price history', () => {
  let database: TestDatabase;
  let history: ReturnType<typeof demoPriceHistory>;
  beforeAll(async () => {
    database = await createTestDatabase();
    await importCatalog(database, demo, { now: NOW });
    history = demoPriceHistory(demo, NOW);
    const ids = await seedPriceHistory(database, history);
    await reindexProducts(database, { productIds: ids, now: NOW });
  });
  afterAll(() => database?.dispose());

  it('has a regular price before each special in force, both before now, marked demo', async () => {
    expect(history.length).toBeGreaterThan(0);
    for (const c of history) expect(new Date(c.at).getTime()).toBeLessThanOrEqual(NOW.getTime());
    const sources = await database.query<{ source: string; n: number }>(
      'select source, count(*)::int as n from price_history group by source order by source',
    );
    expect(sources.map((s) => s.source)).toEqual(['demo', 'index']);
    expect(sources[0]?.n).toBe(history.length * 3); // every store view
  });

  it('a demo special in force shows the regular price it came down from; no other product has a reference', async () => {
    const rows = await database.query<{ sku: string; doc: Record<string, number | null | undefined> }>(
      `select sku, doc from product_index where store_code = 'lt' and type_id = 'simple'`,
    );
    const withHistory = new Set(history.map((c) => c.sku));
    let shown = 0;
    for (const { sku, doc } of rows) {
      if (withHistory.has(sku)) {
        expect(doc.special_price, sku).not.toBeNull();
        expect(doc.reference_price_incl_tax, sku).toBe(doc.price_incl_tax);
        shown++;
      } else {
        expect(doc.reference_price_incl_tax, sku).toBeUndefined();
      }
    }
    expect(shown).toBeGreaterThan(0);
  });
});
