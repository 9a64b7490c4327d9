/**
 * The price history (schema `price_history`; Directive 98/6/EC art. 6a): every change of a product's
 * effective selling price per store view, and the reference price of an announced reduction read
 * from it (domain referencePrice: the lowest price charged in the 30 days before the reduction).
 *
 * The indexer records: whenever it computes a product's price (an import, stock moving the shown
 * variant, a special-price window opening or closing, any writer that re-indexes), it writes a row
 * for each product and store view whose price differs from its last row, and puts the reference in
 * the document. A writer of product prices calls recordPriceChanges after its write.
 */
import {
  STORE_CODES,
  STORE_VIEWS,
  importedInclTax,
  importedTaxRate,
  referencePrice,
  type PriceChange,
  type StoreCode,
  type TaxRule,
  type TierChange,
} from '@vitrina/domain';
import type { Executor } from './client.ts';

/** a product's price in a store view as the indexer computed it */
export interface ComputedPrice {
  productId: number;
  sku: string;
  storeCode: StoreCode;
  /** final price, net (cents) */
  net: number;
  /** final price with the store view's listed tax (cents) */
  gross: number;
  /** a special price (an announced reduction) is in force */
  reduced: boolean;
}

/** the reference of a reduction in force, net and gross, and since when the reduction runs */
export interface ReferenceFigures {
  net: number;
  gross: number;
  since: Date;
}

type HistoryRow = {
  product_id: number;
  sku: string;
  store_code: string;
  price_cents: number;
  price_incl_tax_cents: number;
  reduced: boolean;
  changed_at: Date | string;
};

const key = (productId: number, storeCode: string) => `${productId}:${storeCode}`;

/**
 * Records the prices that changed (against each product's last row in its store view) as in force
 * from `changedAt` (a product's own instant from `changedAtOf`, e.g. the special-price boundary a
 * late refresh passed), and answers the reference price of every given product and store view whose
 * reduction may be announced. Answers how many rows were written too.
 */
export async function recordComputedPrices(
  database: Executor,
  prices: readonly ComputedPrice[],
  changedAt: Date,
  changedAtOf?: (productId: number) => Date | undefined,
): Promise<{ recorded: number; references: Map<string, ReferenceFigures> }> {
  const references = new Map<string, ReferenceFigures>();
  if (prices.length === 0) return { recorded: 0, references };
  const ids = [...new Set(prices.map((p) => p.productId))];
  const stores = [...new Set(prices.map((p) => p.storeCode))];
  const rows = await database.query<HistoryRow>(
    `select product_id, sku, store_code, price_cents, price_incl_tax_cents, reduced, changed_at from price_history
     where product_id = any($1::int[]) and store_code = any($2::text[]) order by changed_at, id`,
    [ids, stores],
  );
  // a product id now carried by another sku (a product deleted and its id reused) starts afresh
  const skuOf = new Map(prices.map((p) => [p.productId, p.sku]));
  const history = new Map<string, HistoryRow[]>();
  for (const r of rows) {
    if (skuOf.get(r.product_id) !== r.sku) continue;
    const k = key(r.product_id, r.store_code);
    const list = history.get(k) ?? [];
    list.push(r);
    history.set(k, list);
  }
  const fresh: HistoryRow[] = [];
  const seen = new Set<string>();
  for (const p of prices) {
    const k = key(p.productId, p.storeCode);
    if (seen.has(k)) continue;
    seen.add(k);
    const list = history.get(k) ?? [];
    const last = list[list.length - 1];
    if (
      last &&
      last.price_cents === p.net &&
      last.price_incl_tax_cents === p.gross &&
      last.reduced === p.reduced
    )
      continue;
    const at = changedAtOf?.(p.productId) ?? changedAt;
    // never before the last row: history only moves forward
    const lastAt = last ? new Date(last.changed_at).getTime() : -Infinity;
    const row: HistoryRow = {
      product_id: p.productId,
      sku: p.sku,
      store_code: p.storeCode,
      price_cents: p.net,
      price_incl_tax_cents: p.gross,
      reduced: p.reduced,
      changed_at: new Date(Math.max(at.getTime(), lastAt)),
    };
    list.push(row);
    history.set(k, list);
    fresh.push(row);
  }
  if (fresh.length > 0) {
    await database.query(
      `insert into price_history (product_id, sku, store_code, price_cents, price_incl_tax_cents, reduced, changed_at)
       select * from unnest($1::int[], $2::text[], $3::text[], $4::int[], $5::int[], $6::boolean[], $7::timestamptz[])`,
      [
        fresh.map((r) => r.product_id),
        fresh.map((r) => r.sku),
        fresh.map((r) => r.store_code),
        fresh.map((r) => r.price_cents),
        fresh.map((r) => r.price_incl_tax_cents),
        fresh.map((r) => r.reduced),
        fresh.map((r) => (r.changed_at as Date).toISOString()),
      ],
    );
  }
  const now = changedAt.getTime();
  for (const [k, list] of history) {
    const changes = (pick: (r: HistoryRow) => number): PriceChange[] =>
      list.map((r) => ({ at: new Date(r.changed_at).getTime(), price: pick(r), reduced: r.reduced }));
    // the latest row is in force now even when recorded for a boundary a moment later than `now`
    const at = Math.max(now, ...list.map((r) => new Date(r.changed_at).getTime()));
    const gross = referencePrice(
      changes((r) => r.price_incl_tax_cents),
      at,
    );
    const net = referencePrice(
      changes((r) => r.price_cents),
      at,
    );
    if (gross && net) references.set(k, { gross: gross.price, net: net.price, since: new Date(gross.since) });
  }
  return { recorded: fresh.length, references };
}

/** the key of recordComputedPrices' answer */
export const referenceKey = key;

/** a price change to seed (the demo's generated history): from `at` the product with `sku` cost `price` (decimal euros net of VAT) */
export interface SeededPriceChange {
  sku: string;
  at: string;
  price: number;
  reduced: boolean;
}

/**
 * Writes a generated price history (the demo shop's, `source` 'demo') in every store view, each net
 * price made gross as the indexer lists it (domain importedTaxRate, the product's tax class), for
 * the products with these skus (unknown skus are skipped). Answers the ids of the products written,
 * to be re-indexed so their documents carry the reference price.
 */
export async function seedPriceHistory(
  database: Executor,
  changes: readonly SeededPriceChange[],
  source = 'demo',
): Promise<number[]> {
  if (changes.length === 0) return [];
  const skus = [...new Set(changes.map((c) => c.sku))];
  const found = await database.query<{ id: number; sku: string; tax_class_id: number }>(
    'select id, sku, tax_class_id from products where sku = any($1::text[])',
    [skus],
  );
  const bySku = new Map(found.map((p) => [p.sku, p]));
  const rules = (
    await database.query<{
      product_tax_class_ids: number[];
      customer_tax_class_ids: number[];
      rates: TaxRule['rates'];
    }>('select product_tax_class_ids, customer_tax_class_ids, rates from tax_rules')
  ).map((r) => ({ ...r }));
  const rows: unknown[][] = [[], [], [], [], [], [], []];
  for (const c of changes) {
    const p = bySku.get(c.sku);
    if (!p) continue;
    const net = Math.round(c.price * 100);
    for (const store of STORE_CODES) {
      const rate = importedTaxRate(rules, STORE_VIEWS[store].defaultCountry, p.tax_class_id);
      const values = [p.id, p.sku, store, net, importedInclTax(net, rate), c.reduced, c.at];
      values.forEach((v, i) => (rows[i] as unknown[]).push(v));
    }
  }
  if ((rows[0] as unknown[]).length === 0) return [];
  await database.query(
    `insert into price_history (product_id, sku, store_code, price_cents, price_incl_tax_cents, reduced, changed_at, source)
     select u.*, $8 from unnest($1::int[], $2::text[], $3::text[], $4::int[], $5::int[], $6::boolean[], $7::timestamptz[]) as u`,
    [...rows, source],
  );
  return [...new Set(found.map((p) => p.id))];
}

/**
 * Records the customer groups' tiers that changed (against each group's last row in
 * `customer_group_tier_history`) as in force from `changedAt`; a group's first row is dated at the
 * epoch (its tier holds since before any recorded price). Run by every writer of
 * `customer_groups.discount_percent` (the importer) and, as a safety net, whenever the API reads the
 * tiers. Answers how many rows were written.
 */
export async function recordGroupTiers(database: Executor, changedAt: Date): Promise<number> {
  const rows = await database.query<{ group_id: number }>(
    `insert into customer_group_tier_history (group_id, discount_percent, changed_at)
     select g.id, g.discount_percent,
       case when exists (select 1 from customer_group_tier_history h0 where h0.group_id = g.id)
         then $1::timestamptz else '1970-01-01T00:00:00Z'::timestamptz end
     from customer_groups g
     where g.discount_percent is distinct from (
       select h.discount_percent from customer_group_tier_history h where h.group_id = g.id
       order by h.changed_at desc, h.id desc limit 1)
     returning group_id`,
    [changedAt.toISOString()],
  );
  return rows.length;
}

/** a customer group's tiers over time, oldest first */
export async function groupTierHistory(database: Executor, groupId: number): Promise<TierChange[]> {
  const rows = await database.query<{ discount_percent: number; changed_at: Date | string }>(
    'select discount_percent, changed_at from customer_group_tier_history where group_id = $1 order by changed_at, id',
    [groupId],
  );
  return rows.map((r) => ({ at: new Date(r.changed_at).getTime(), percent: r.discount_percent }));
}

/** the net price changes of products in a store view, per product id, oldest first */
export async function netPriceHistory(
  database: Executor,
  productIds: readonly number[],
  storeCode: string,
): Promise<Map<number, PriceChange[]>> {
  const out = new Map<number, PriceChange[]>();
  if (productIds.length === 0) return out;
  const rows = await database.query<{
    product_id: number;
    price_cents: number;
    reduced: boolean;
    changed_at: Date | string;
  }>(
    `select product_id, price_cents, reduced, changed_at from price_history
     where product_id = any($1::int[]) and store_code = $2 order by changed_at, id`,
    [[...new Set(productIds)], storeCode],
  );
  for (const r of rows) {
    const list = out.get(r.product_id) ?? [];
    list.push({ at: new Date(r.changed_at).getTime(), price: r.price_cents, reduced: r.reduced });
    out.set(r.product_id, list);
  }
  return out;
}
