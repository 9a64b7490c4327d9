/**
 * The back office's overview: for today, 7 and 30 days (whole Europe/Vilnius days, domain
 * dashboard.ts) the orders placed, their revenue (gross, VAT, net) and average, split by payment and
 * shipping method, the best-selling products; the products at or under the low-stock threshold of
 * the shop's settings; and what waits for the staff (`todoCounts`).
 *
 * Every sum is of the amounts stored on the orders when they were placed (integer cents): prices
 * changed in the catalogue since then change nothing here. Cancelled orders are no sale: they are
 * counted nowhere.
 */
import {
  DASHBOARD_PERIODS,
  PAYMENT_BANK_TRANSFER,
  averageOrderCents,
  dashboardPeriodRange,
  revenueSplit,
  type DashboardPeriod,
} from '@vitrina/domain';
import { one, rows, type Queryable } from '../lib/db.ts';

export type Money = { gross: number; vat: number; net: number };
export type MethodFigures = Money & { code: string; orders: number };
export type TopProduct = { sku: string; name: string; units: number; revenue: number };

export type PeriodFigures = {
  period: DashboardPeriod;
  /** the first and last calendar day (YYYY-MM-DD, Vilnius): the orders list's date filter */
  first_day: string;
  last_day: string;
  orders: number;
  revenue: Money;
  /** gross / orders, half a cent up (domain averageOrderCents) */
  average_order: number;
  by_payment: MethodFigures[];
  by_shipping: MethodFigures[];
  top_by_units: TopProduct[];
  top_by_revenue: TopProduct[];
};

export type Todos = {
  /** new orders (and paid online ones) nobody confirmed yet: the lifecycle's `confirm` applies */
  to_confirm: number;
  /** confirmed, being prepared: the next step is shipping or handing over for pickup */
  to_ship: number;
  /** bank-transfer orders still waiting for the money (not cancelled) */
  unpaid_transfers: number;
  /** money came in for an order that will not be fulfilled: it must go back */
  refunds_due: number;
  /** returns not closed yet (requested, received or inspected) */
  returns_open: number;
  /** contact and warranty messages not marked handled */
  messages_open: number;
};

export type LowStockRow = { sku: string; name: string; qty: number };

export type Dashboard = {
  generated_at: string;
  periods: PeriodFigures[];
  todos: Todos;
  low_stock: { threshold: number; items: LowStockRow[] };
};

/** how many products each "top" list and the low-stock list show */
const TOP_N = 5;
const LOW_STOCK_LIMIT = 50;

type SumRow = {
  code: string;
  n: number | string;
  gross: number | string | null;
  vat: number | string | null;
};

const money = (r: { gross: number | string | null; vat: number | string | null }): Money =>
  revenueSplit(Number(r.gross ?? 0), Number(r.vat ?? 0));

/** the sales of one period (one pass per figure; each reads the orders by `created_at`) */
async function periodFigures(q: Queryable, period: DashboardPeriod, now: Date): Promise<PeriodFigures> {
  const range = dashboardPeriodRange(period, now);
  const where = `o.status <> 'cancelled' AND o.created_at >= $1 AND o.created_at < $2`;
  const params = [range.from, range.to];
  const total = await one<SumRow>(
    q,
    `SELECT '' AS code, count(*)::int AS n, sum(o.grand_total)::bigint AS gross, sum(o.tax_amount)::bigint AS vat FROM orders o WHERE ${where}`,
    params,
  );
  const by = async (column: string) =>
    (
      await rows<SumRow>(
        q,
        `SELECT o.${column} AS code, count(*)::int AS n, sum(o.grand_total)::bigint AS gross, sum(o.tax_amount)::bigint AS vat
         FROM orders o WHERE ${where} GROUP BY o.${column} ORDER BY sum(o.grand_total) DESC, o.${column}`,
        params,
      )
    ).map((r) => ({ code: r.code, orders: Number(r.n), ...money(r) }));
  const top = async (order: string) =>
    (
      await rows<{ sku: string; name: string; units: number | string; revenue: number | string }>(
        q,
        // the name the line was sold under (the order's record, not today's catalogue)
        `SELECT i.sku, max(i.name) AS name, sum(i.qty)::bigint AS units, sum(i.row_total_incl_tax)::bigint AS revenue
         FROM order_items i JOIN orders o ON o.id = i.order_id
         WHERE ${where}
         GROUP BY i.sku ORDER BY ${order} DESC, i.sku LIMIT ${TOP_N}`,
        params,
      )
    ).map((r) => ({ sku: r.sku, name: r.name, units: Number(r.units), revenue: Number(r.revenue) }));
  const count = Number(total?.n ?? 0);
  const revenue = money(total ?? { gross: 0, vat: 0 });
  return {
    period,
    first_day: range.firstDay,
    last_day: range.lastDay,
    orders: count,
    revenue,
    average_order: averageOrderCents(revenue.gross, count),
    by_payment: await by('payment_method_code'),
    by_shipping: await by('shipping_method_code'),
    top_by_units: await top('sum(i.qty)'),
    top_by_revenue: await top('sum(i.row_total_incl_tax)'),
  };
}

/**
 * What waits for the staff, in one query: each count is a sub-select, so another (a new payment
 * state, say) is one more line here and one more field of `Todos`.
 */
export async function todoCounts(q: Queryable): Promise<Todos> {
  const row = await one<Record<keyof Todos, number>>(
    q,
    `SELECT
       (SELECT count(*) FROM orders WHERE status IN ('new', 'incomming', 'paid'))::int AS to_confirm,
       (SELECT count(*) FROM orders WHERE status = 'pending')::int AS to_ship,
       (SELECT count(*) FROM orders WHERE payment_method_code = $1 AND payment_status IN ('pending', 'failed')
          AND status NOT IN ('cancelled', 'refunded'))::int AS unpaid_transfers,
       (SELECT count(*) FROM orders WHERE payment_status = 'refund_due')::int AS refunds_due,
       (SELECT count(*) FROM returns WHERE state IN ('requested', 'received', 'inspected'))::int AS returns_open,
       (SELECT count(*) FROM contact_messages WHERE handled_at IS NULL)::int AS messages_open`,
    [PAYMENT_BANK_TRANSFER],
  );
  return {
    to_confirm: row?.to_confirm ?? 0,
    to_ship: row?.to_ship ?? 0,
    unpaid_transfers: row?.unpaid_transfers ?? 0,
    refunds_due: row?.refunds_due ?? 0,
    returns_open: row?.returns_open ?? 0,
    messages_open: row?.messages_open ?? 0,
  };
}

/**
 * The enabled products whose managed stock is at or under the threshold: those still on sale first
 * (fewest first: the next to run out), then the sold-out ones
 */
export async function lowStock(q: Queryable, threshold: number, lang: string): Promise<LowStockRow[]> {
  const found = await rows<{ sku: string; name: string | null; qty: number }>(
    q,
    `SELECT s.sku, coalesce(p.name->>$2, p.name->>'lt') AS name, s.qty
     FROM stock s JOIN products p ON p.id = s.product_id
     WHERE s.manage_stock AND s.qty <= $1 AND p.status <= 1 AND p.type_id NOT IN ('configurable', 'bundle', 'grouped')
     ORDER BY s.qty <= 0, s.qty, s.sku LIMIT ${LOW_STOCK_LIMIT}`,
    [threshold, lang],
  );
  return found.map((r) => ({ sku: r.sku, name: r.name ?? r.sku, qty: Number(r.qty) }));
}

export async function dashboard(
  q: Queryable,
  opts: { now: Date; lowStockThreshold: number; lang: string },
): Promise<Dashboard> {
  const periods: PeriodFigures[] = [];
  for (const period of DASHBOARD_PERIODS) periods.push(await periodFigures(q, period, opts.now));
  return {
    generated_at: opts.now.toISOString(),
    periods,
    todos: await todoCounts(q),
    low_stock: {
      threshold: opts.lowStockThreshold,
      items: await lowStock(q, opts.lowStockThreshold, opts.lang),
    },
  };
}
