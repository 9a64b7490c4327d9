/**
 * The home page's bestsellers (accounts-checkout-routes.md §9 "Home lists: new products and
 * bestsellers, 8 each, sorted by created_at desc"; the two lists show different products,
 * bestsellers ranked by units sold).
 *
 * Units sold come from this shop's orders (every order but a cancelled one; a configurable's units
 * counted on the listed parent), as one aggregate query cached for BESTSELLERS_TTL_MS: the ranking
 * changes slowly and the home page must not group every order line on each render. The products are
 * then searched like any listing (enabled, visible, priced) and available (domain AVAILABLE_FILTERS:
 * sold-out products, which listings show last, are left out of the home lists).
 * A shop with fewer sold products than the list holds (a new shop has none) fills the rest by the
 * catalogue's own `sales_count` (the import file's figure), then promotion; the products the caller
 * excludes (the "New" list) never appear, so the two lists never repeat each other. The chosen ones
 * are shown in the spec's order, newest first.
 */
import type { Database } from '@vitrina/db';
import { AVAILABLE_FILTERS, type StoreCode } from '@vitrina/domain';
import { rows } from '../lib/db.ts';
import type { Projection } from '../lib/projection.ts';
import type { CatalogService } from './service.ts';

/** how long the units-sold ranking is reused */
export const BESTSELLERS_TTL_MS = 5 * 60_000;
/** how many ranked products are looked at (some are not listable: sold out, disabled) */
const RANKED = 100;

type Doc = Record<string, unknown> & { id: number };

export class Bestsellers {
  private memo: { at: number; units: Promise<Map<number, number>> } | undefined;

  constructor(
    private readonly database: Database,
    private readonly catalog: CatalogService,
    private readonly ttlMs = BESTSELLERS_TTL_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** listed product id → units sold, best first (cached; a failed read is not kept) */
  unitsSold(): Promise<Map<number, number>> {
    const memo = this.memo;
    if (memo && this.now() - memo.at < this.ttlMs) return memo.units;
    const units = rows<{ product_id: number; units: number }>(
      this.database,
      `SELECT COALESCE(p.parent_id, oi.product_id) AS product_id, SUM(oi.qty)::int AS units
       FROM order_items oi
       JOIN orders o ON o.id = oi.order_id
       LEFT JOIN products p ON p.id = oi.product_id
       WHERE o.status <> 'cancelled'
       GROUP BY 1
       ORDER BY units DESC, 1
       LIMIT ${RANKED}`,
    ).then((list) => new Map(list.map((r) => [Number(r.product_id), Number(r.units)])));
    this.memo = { at: this.now(), units };
    units.catch(() => {
      if (this.memo?.units === units) this.memo = undefined;
    });
    return units;
  }

  /** forget the ranking (tests; an order placed now shows within the TTL otherwise) */
  forget(): void {
    this.memo = undefined;
  }

  async list(params: {
    storeCode: StoreCode;
    size: number;
    exclude: readonly number[];
    projection: Projection;
  }): Promise<Doc[]> {
    const { storeCode, size } = params;
    const excluded = new Set(params.exclude);
    // the fields this needs beside the caller's: the id to rank by, created_at to order by
    const projection: Projection = params.projection.include?.length
      ? { ...params.projection, include: [...params.projection.include, 'id', 'created_at'] }
      : params.projection;
    const search = async (filters: Record<string, unknown>, count: number, sort?: string[]) =>
      (
        await this.catalog.search({
          type: 'product',
          storeCode,
          // sold-out products are listed (last) by listings, never by the home lists
          request: { filters: { ...filters, ...AVAILABLE_FILTERS } },
          from: 0,
          size: count,
          sort: sort?.map((s) => ({ field: s, dir: 'desc' as const })),
          projection,
        })
      ).hits.hits.map((h) => h._source as Doc);

    const units = await this.unitsSold();
    const ranked = [...units.keys()].filter((id) => !excluded.has(id));
    const sold = ranked.length
      ? (await search({ id: ranked }, ranked.length))
          .sort((a, b) => (units.get(b.id) ?? 0) - (units.get(a.id) ?? 0) || a.id - b.id)
          .slice(0, size)
      : [];
    const chosen = new Set([...excluded, ...sold.map((d) => d.id)]);
    const rest =
      sold.length < size
        ? (await search({}, size + chosen.size, ['sales_count', 'is_promoted']))
            .filter((d) => !chosen.has(d.id))
            .slice(0, size - sold.length)
        : [];
    const createdAt = (d: Doc) => String(d.created_at ?? '');
    return [...sold, ...rest].sort((a, b) => createdAt(b).localeCompare(createdAt(a)) || b.id - a.id);
  }
}
