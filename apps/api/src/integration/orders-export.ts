/**
 * The orders export an ERP polls (docs/integration.md):
 * `GET /vsbridge/admin/orders?since=<ISO time | order id>&format=json|csv&limit=&cursor=`.
 *
 * - `since=<order id>` (digits): orders placed after that one, by id: new orders only (the export's
 *   `id`, the orders table's key; not the `increment_id` shown to shoppers).
 * - `since=<ISO time>`: orders placed or changed (status, payment) since then, by (updated_at, id): an
 *   order changed again comes again later; the receiver keeps the last by id.
 * - No `since`: every order, by id.
 * - Each answer names a `next_cursor` (JSON; CSV: the `X-Next-Cursor` header) to pass as `cursor` for
 *   the next page, and to keep for the next poll: it always says where the export stopped.
 *   `has_more` (CSV: `X-Has-More`) says whether more orders wait now.
 *
 * Stable paging: the order is total (the id breaks ties) and the cursor holds the last row's key,
 * so rows are never skipped or repeated between pages. Rows of the last few seconds are held back
 * (SETTLE_SECONDS): a transaction that started earlier may still commit an order with an older id or
 * timestamp, and a cursor already past it would miss it.
 */
import type { OrderAmountsRow } from '../order/rows.ts';
import type { Database } from '@vitrina/db';
import { fieldError } from '../http/errors.ts';
import { rows } from '../lib/db.ts';
import { csvLine } from './csv.ts';
import { creditNotePayload, type CreditNoteRecord } from '../invoice/numbering.ts';

/** rows younger than this are not exported yet (see the module comment) */
export const SETTLE_SECONDS = 5;

type Cursor = { by: 'id'; id: number } | { by: 'updated'; at: string; id: number };

type ExportOrderRow = OrderAmountsRow & {
  id: number;
  increment_id: string;
  created_at: Date | string;
  updated_at: Date | string;
  store_code: string;
  status: string;
  payment_status: string;
  shipping_status: string;
  email: string;
  customer_id: number | null;
  billing_address: Record<string, unknown>;
  shipping_address: Record<string, unknown>;
  shipping_method_code: string;
  payment_method_code: string;
  currency: string;
  invoice_number: string | null;
  is_pickup: boolean;
  carrier: string | null;
  tracking_number: string | null;
  /** the timestamp with microseconds, as text: the cursor must not lose precision to a JS Date */
  updated_key: string;
};

type ExportLineRow = {
  order_id: number;
  sku: string;
  name: string;
  qty: number;
  price_incl_tax: number;
  row_total_incl_tax: number;
  tax_percent: number;
};

const iso = (d: Date | string) => new Date(d).toISOString();
const text = (v: unknown) => (typeof v === 'string' ? v : '');

function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

function decodeCursor(raw: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Cursor;
    if (c.by === 'id' && Number.isSafeInteger(c.id)) return { by: 'id', id: c.id };
    if (c.by === 'updated' && Number.isSafeInteger(c.id) && typeof c.at === 'string' && !Number.isNaN(Date.parse(c.at)))
      return { by: 'updated', at: c.at, id: c.id };
  } catch {
    // answered below
  }
  throw fieldError('cursor', 'validation.invalid');
}

/** the first page's position from `since` */
function sinceCursor(since: string | undefined): Cursor {
  if (since === undefined || since === '') return { by: 'id', id: 0 };
  if (/^\d{1,15}$/.test(since)) return { by: 'id', id: Number(since) };
  const at = Date.parse(since);
  // a date-time with a zone (2026-11-25T10:00:00Z) or a date (2026-11-25, midnight UTC)
  if (!Number.isNaN(at) && /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2}))?$/.test(since))
    return { by: 'updated', at: new Date(at).toISOString(), id: 0 };
  throw fieldError('since', 'validation.invalid');
}

export type ExportPage = {
  orders: ReturnType<typeof exportOrder>[];
  next_cursor: string;
  has_more: boolean;
};

/** the pickup point the order's shipping address carries (checkout writes it there), or null */
export function pickupPointOf(shippingAddress: Record<string, unknown>): Record<string, unknown> | null {
  const p = shippingAddress.pickup_point;
  return p && typeof p === 'object' && !Array.isArray(p) ? (p as Record<string, unknown>) : null;
}

function exportOrder(o: ExportOrderRow, lines: ExportLineRow[], notes: CreditNoteRecord[] = []) {
  const b = o.billing_address;
  const s = o.shipping_address;
  const address = (a: Record<string, unknown>) => ({
    firstname: text(a.firstname),
    lastname: text(a.lastname),
    company: text(a.company) || null,
    company_code: text(a.company_code) || null,
    vat_id: text(a.vat_id) || null,
    street: Array.isArray(a.street) ? a.street.map(text).filter(Boolean).join(' ') : '',
    city: text(a.city),
    postcode: text(a.postcode),
    country_id: text(a.countryId),
    telephone: text(a.telephone) || null,
  });
  return {
    id: o.id,
    increment_id: o.increment_id,
    created_at: iso(o.created_at),
    updated_at: iso(o.updated_at),
    store_code: o.store_code,
    status: o.status,
    payment_status: o.payment_status,
    shipping_status: o.shipping_status,
    email: o.email,
    customer_id: o.customer_id,
    billing_address: address(b),
    shipping_address: address(s),
    shipping_method_code: o.shipping_method_code,
    payment_method_code: o.payment_method_code,
    /** the customer picks the order up; the pickup point chosen at checkout (null: delivered to the address) */
    is_pickup: o.is_pickup,
    pickup_point: pickupPointOf(s),
    carrier: o.carrier,
    tracking_number: o.tracking_number,
    currency: o.currency,
    /** cents, VAT included (as the order charged them) */
    subtotal_incl_tax: o.subtotal_incl_tax,
    discount_amount: o.discount_amount,
    shipping_incl_tax: o.shipping_incl_tax,
    payment_fee: o.payment_fee,
    tax_amount: o.tax_amount,
    grand_total: o.grand_total,
    coupon_code: o.coupon_code,
    invoice_number: o.invoice_number,
    /** the credit notes against the invoice (refunds, returns, a cancellation), cents, VAT per rate */
    credit_notes: notes.map(creditNotePayload),
    lines: lines.map((l) => ({
      sku: l.sku,
      name: l.name,
      qty: l.qty,
      price_incl_tax: l.price_incl_tax,
      row_total_incl_tax: l.row_total_incl_tax,
      tax_percent: l.tax_percent,
    })),
  };
}

export async function exportOrders(
  database: Database,
  query: { since?: string | undefined; cursor?: string | undefined; limit: number },
): Promise<ExportPage> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : sinceCursor(query.since);
  const select = `SELECT o.*, to_char(o.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS updated_key,
                         i.number AS invoice_number
                    FROM orders o LEFT JOIN invoices i ON i.order_id = o.id`;
  const page =
    cursor.by === 'id'
      ? await rows<ExportOrderRow>(
          database,
          `${select} WHERE o.id > $1 AND o.created_at <= now() - make_interval(secs => $3)
           ORDER BY o.id LIMIT $2`,
          [cursor.id, query.limit + 1, SETTLE_SECONDS],
        )
      : await rows<ExportOrderRow>(
          database,
          `${select} WHERE (o.updated_at, o.id) > ($1::timestamptz, $2) AND o.updated_at <= now() - make_interval(secs => $4)
           ORDER BY o.updated_at, o.id LIMIT $3`,
          [cursor.at, cursor.id, query.limit + 1, SETTLE_SECONDS],
        );
  const more = page.length > query.limit;
  const orders = more ? page.slice(0, query.limit) : page;
  const lines = orders.length
    ? await rows<ExportLineRow>(
        database,
        `SELECT order_id, sku, name, qty, price_incl_tax, row_total_incl_tax, tax_percent
           FROM order_items WHERE order_id = ANY($1::int[]) ORDER BY order_id, id`,
        [orders.map((o) => o.id)],
      )
    : [];
  const notes = orders.length
    ? await rows<CreditNoteRecord>(database, 'SELECT * FROM credit_notes WHERE order_id = ANY($1::int[]) ORDER BY id', [orders.map((o) => o.id)])
    : [];
  const last = orders.at(-1);
  // the cursor of where this page ended; with nothing read, where the request started
  const next: Cursor = last
    ? cursor.by === 'id'
      ? { by: 'id', id: last.id }
      : { by: 'updated', at: last.updated_key, id: last.id }
    : cursor;
  return {
    orders: orders.map((o) =>
      exportOrder(
        o,
        lines.filter((l) => l.order_id === o.id),
        notes.filter((n) => n.order_id === o.id),
      ),
    ),
    next_cursor: encodeCursor(next),
    has_more: more,
  };
}

const CSV_COLUMNS = [
  'order_id', 'increment_id', 'created_at', 'updated_at', 'store_code', 'status', 'payment_status', 'shipping_status',
  'email', 'customer_id', 'billing_firstname', 'billing_lastname', 'billing_company', 'billing_company_code', 'billing_vat_id',
  'billing_street', 'billing_city', 'billing_postcode', 'billing_country_id', 'shipping_method_code', 'payment_method_code',
  'currency', 'subtotal_incl_tax_cents', 'discount_amount_cents', 'shipping_incl_tax_cents', 'payment_fee_cents',
  'tax_amount_cents', 'grand_total_cents', 'coupon_code', 'invoice_number',
  'line_no', 'line_sku', 'line_name', 'line_qty', 'line_price_incl_tax_cents', 'line_row_total_incl_tax_cents', 'line_tax_percent',
  // the whole order, as the JSON has it: where and how it is delivered (added after the line columns,
  // so an importer that reads the columns by position keeps working)
  'shipping_firstname', 'shipping_lastname', 'shipping_company', 'shipping_street', 'shipping_city', 'shipping_postcode',
  'shipping_country_id', 'shipping_telephone', 'billing_telephone', 'is_pickup', 'pickup_point_id', 'pickup_point_name',
  'pickup_point_address', 'carrier', 'tracking_number',
] as const;

/** one CSV row per order line (the order's columns repeated on each), header first */
export function ordersCsv(page: ExportPage): string {
  let out = csvLine(CSV_COLUMNS);
  for (const o of page.orders) {
    const b = o.billing_address;
    const head = [
      o.id, o.increment_id, o.created_at, o.updated_at, o.store_code, o.status, o.payment_status, o.shipping_status,
      o.email, o.customer_id, b.firstname, b.lastname, b.company, b.company_code, b.vat_id, b.street, b.city, b.postcode,
      b.country_id, o.shipping_method_code, o.payment_method_code, o.currency, o.subtotal_incl_tax, o.discount_amount,
      o.shipping_incl_tax, o.payment_fee, o.tax_amount, o.grand_total, o.coupon_code, o.invoice_number,
    ];
    const sh = o.shipping_address;
    const point = o.pickup_point ?? {};
    const delivery = [
      sh.firstname, sh.lastname, sh.company, sh.street, sh.city, sh.postcode, sh.country_id, sh.telephone, b.telephone,
      o.is_pickup ? 1 : 0, point.id, point.name, [point.address, point.city, point.postcode].filter(Boolean).join(', '),
      o.carrier, o.tracking_number,
    ];
    o.lines.forEach((l, i) => {
      out += csvLine([...head, i + 1, l.sku, l.name, l.qty, l.price_incl_tax, l.row_total_incl_tax, l.tax_percent, ...delivery]);
    });
  }
  return out;
}
