/**
 * The back office's price and stock CSV (sku, price, special_price, special_from, special_to, qty,
 * exported_at): exported by the shop, edited in a spreadsheet, uploaded again. Each row becomes a
 * partial product record of the import file (sku + prices + qty), so the import's rules apply to it
 * (validation, gross prices, stock never undoing sales since `exported_at`).
 */
import { csvUnsafeText, toCsv } from './staff.ts';

export const PRICE_CSV_HEADER = [
  'sku',
  'price',
  'special_price',
  'special_from',
  'special_to',
  'qty',
  'exported_at',
] as const;

/** RFC 4180 text to rows of fields (quotes, doubled quotes, CRLF or LF, a leading BOM); blank lines dropped */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const s = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (quoted) {
      if (c === '"' && s[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',' || c === ';') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && s[i + 1] === '\n') i++;
      row.push(field);
      if (row.some((f) => f !== '')) rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  row.push(field);
  if (row.some((f) => f !== '')) rows.push(row);
  // a file the shop exported: its texts were made safe for spreadsheets (staff.ts csvSafeText)
  return rows.map((r) => r.map(csvUnsafeText));
}

export type PriceCsvRecord = {
  sku: string;
  price?: string;
  special_price?: string | null;
  special_from_date?: string | null;
  special_to_date?: string | null;
  qty?: string;
};

/** "449,00", "1 049.50 €" → "449.00" / "1049.50" (the import's decimal text); '' stays '' */
function decimal(text: string): string {
  return text.replace(/[\s\u00A0€]/g, '').replace(',', '.');
}

/**
 * The rows of an uploaded CSV as partial import records, with the file's `exported_at` (the earliest
 * given) and the problems found (`row 3: unknown column`). An empty price or qty leaves it as it is;
 * an empty special price or date clears it (a spreadsheet shows "none" as empty).
 */
export function priceCsvRecords(text: string): {
  records: PriceCsvRecord[];
  exportedAt: string | null;
  problems: string[];
} {
  const rows = parseCsv(text);
  const problems: string[] = [];
  const header = (rows.shift() ?? []).map((h) => h.trim().toLowerCase());
  if (!header.includes('sku'))
    return { records: [], exportedAt: null, problems: ['row 1: the header must name a "sku" column'] };
  for (const h of header)
    if (!(PRICE_CSV_HEADER as readonly string[]).includes(h)) problems.push(`row 1: unknown column "${h}"`);
  const col = (row: string[], name: string) => {
    const i = header.indexOf(name);
    return i < 0 ? undefined : (row[i] ?? '').trim();
  };
  let exportedAt: string | null = null;
  const records: PriceCsvRecord[] = [];
  rows.forEach((row, n) => {
    const sku = col(row, 'sku') ?? '';
    if (!sku) {
      problems.push(`row ${n + 2}: sku is empty`);
      return;
    }
    const r: PriceCsvRecord = { sku };
    const price = col(row, 'price');
    if (price) r.price = decimal(price);
    const special = col(row, 'special_price');
    if (special !== undefined) r.special_price = special === '' ? null : decimal(special);
    const from = col(row, 'special_from');
    if (from !== undefined) r.special_from_date = from === '' ? null : from;
    const to = col(row, 'special_to');
    if (to !== undefined) r.special_to_date = to === '' ? null : to;
    const qty = col(row, 'qty');
    if (qty) r.qty = qty;
    const at = col(row, 'exported_at');
    if (at && (exportedAt === null || at < exportedAt)) exportedAt = at;
    records.push(r);
  });
  return { records, exportedAt, problems };
}

/** the export: one row per product, amounts as decimal text ("449.00"), dates as YYYY-MM-DD */
export function priceCsv(
  rows: readonly {
    sku: string;
    price: string;
    special_price: string | null;
    special_from: string | null;
    special_to: string | null;
    qty: number | null;
  }[],
  exportedAt: string,
): string {
  return toCsv(
    PRICE_CSV_HEADER,
    rows.map((r) => [r.sku, r.price, r.special_price, r.special_from, r.special_to, r.qty, exportedAt]),
  );
}

/** A product's fields as the CSV shows them: amounts as decimal text, dates as YYYY-MM-DD, the stock's quantity. */
export type PriceCsvStored = {
  price: string | null;
  special_price: string | null;
  special_from: string | null;
  special_to: string | null;
  qty: number;
};

export type PriceCsvChange = {
  field: 'price' | 'special_price' | 'special_from' | 'special_to' | 'qty';
  from: string | number | null;
  to: string | number | null;
};

/** amounts compared as two-decimal text ("449" is "449.00"); empty is none */
const amount = (v: string | null | undefined) => (v == null || v === '' ? null : Number(v).toFixed(2));

/**
 * What an uploaded row changes of the stored product: only the columns the row gives, and only
 * where they differ (an unchanged qty is never written back over a sale made since the export).
 */
export function priceCsvChanges(row: PriceCsvRecord, stored: PriceCsvStored): PriceCsvChange[] {
  const changes: PriceCsvChange[] = [];
  if (row.price !== undefined && amount(row.price) !== amount(stored.price))
    changes.push({ field: 'price', from: stored.price, to: amount(row.price) });
  if (row.special_price !== undefined && amount(row.special_price) !== amount(stored.special_price))
    changes.push({ field: 'special_price', from: stored.special_price, to: amount(row.special_price) });
  if (row.special_from_date !== undefined && (row.special_from_date ?? null) !== stored.special_from)
    changes.push({ field: 'special_from', from: stored.special_from, to: row.special_from_date ?? null });
  if (row.special_to_date !== undefined && (row.special_to_date ?? null) !== stored.special_to)
    changes.push({ field: 'special_to', from: stored.special_to, to: row.special_to_date ?? null });
  if (row.qty !== undefined && Number(row.qty) !== stored.qty)
    changes.push({ field: 'qty', from: stored.qty, to: Number(row.qty) });
  return changes;
}

/** The import file's partial record that writes `changes` of product `sku` (the CSV's date columns by their record names). */
export function priceCsvUpdate(sku: string, changes: readonly PriceCsvChange[]): Record<string, unknown> {
  const out: Record<string, unknown> = { sku };
  for (const c of changes) {
    const key =
      c.field === 'special_from'
        ? 'special_from_date'
        : c.field === 'special_to'
          ? 'special_to_date'
          : c.field;
    out[key] = c.to;
  }
  return out;
}
