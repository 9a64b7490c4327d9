/**
 * The one way the importer writes a table: chunks of records sent as a JSON array and written by one
 * `INSERT … SELECT … FROM jsonb_to_recordset($1) … ON CONFLICT` statement a chunk (a few statements for
 * a whole catalogue, whatever its size, and the same SQL on PGlite and PostgreSQL).
 */
import type { Executor } from '../client.ts';

export interface TableWrite {
  table: string;
  /** the records' fields, each a column of the table, with its PostgreSQL type */
  columns: Readonly<Record<string, string>>;
  /** the conflict target; on a conflict every other column is updated (`insertOnly` aside) */
  key: readonly string[] | null;
  /** `nothing`: a row that exists is kept as it is */
  onConflict?: 'update' | 'nothing';
  /** columns written from an SQL expression, not from the record (e.g. `updated_at: 'now()'`) */
  computed?: Readonly<Record<string, string>>;
  /** a record's column written through an expression of `r.<column>` (e.g. a default with coalesce) */
  expressions?: Readonly<Record<string, string>>;
  /** columns written when the row is new and left alone on a conflict */
  insertOnly?: readonly string[];
  /** the table has a `version` a back-office form names: a rewritten row gets the next one */
  versioned?: boolean;
}

export function upsertSql(t: TableWrite): string {
  const fields = Object.keys(t.columns);
  const computed = Object.entries(t.computed ?? {});
  const columns = [...fields, ...computed.map(([c]) => c)];
  const values = [...fields.map((f) => t.expressions?.[f] ?? `r.${f}`), ...computed.map(([, sql]) => sql)];
  const recordset = fields.map((f) => `${f} ${t.columns[f]}`).join(', ');
  let sql = `insert into ${t.table} (${columns.join(', ')}) select ${values.join(', ')} from jsonb_to_recordset($1::jsonb) as r(${recordset})`;
  const target = t.key ? ` (${t.key.join(', ')})` : '';
  if (t.onConflict === 'nothing') return `${sql} on conflict${target} do nothing`;
  if (!t.key) return sql;
  const kept = new Set([...t.key, ...(t.insertOnly ?? [])]);
  const updates = columns.filter((c) => !kept.has(c)).map((c) => `${c} = excluded.${c}`);
  // a form opened before the import is refused on save, as for products (importer.ts)
  if (t.versioned) updates.push(`version = ${t.table}.version + 1`);
  sql += ` on conflict${target} do update set ${updates.join(', ')}`;
  return sql;
}

/** writes `rows` in chunks of `chunkSize`; `onChunk` is told how many are written so far */
export async function writeRows(
  tx: Executor,
  table: TableWrite,
  rows: readonly object[],
  chunkSize: number,
  onChunk?: (done: number) => void,
): Promise<void> {
  const sql = upsertSql(table);
  for (let start = 0; start < rows.length; start += chunkSize) {
    const chunk = rows.slice(start, start + chunkSize);
    await tx.query(sql, [JSON.stringify(chunk)]);
    onChunk?.(start + chunk.length);
  }
}
