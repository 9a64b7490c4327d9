/**
 * A back-office list (products today; any list that searches, filters and pages): a GET form whose
 * filters live in the URL (a list can be bookmarked and works without JavaScript), a labelled table
 * that may scroll sideways on a narrow screen, and the paging links.
 */
import type { ReactNode } from 'react';
import { Pager } from './Pager';
import { ScrollRegion } from './ScrollRegion';
import type { AdminT } from './i18n';

export type ListFilter =
  | { kind: 'select'; name: string; label: string; options: { value: string; label: string }[] }
  | { kind: 'text'; name: string; label: string };

export type ListColumn<Row> = { key: string; header: string; num?: boolean; cell: (row: Row) => ReactNode };

export function AdminList<Row>({
  t,
  title,
  search,
  filters,
  columns,
  rows,
  rowKey,
  total,
  page,
  size,
  query,
  resetHref,
  actions,
  error,
}: {
  t: AdminT;
  title: string;
  /** the free-text search field: its label names what it searches */
  search: { name: string; label: string };
  filters: ListFilter[];
  columns: ListColumn<Row>[];
  rows: Row[] | null;
  rowKey: (row: Row) => string | number;
  total: number;
  page: number;
  size: number;
  /** the page's query string (filters and page) */
  query: string;
  resetHref: string;
  /** links or buttons above the list (e.g. "New product") */
  actions?: ReactNode;
  error?: string | null;
}) {
  const q = new URLSearchParams(query);
  return (
    <>
      <h1>{title}</h1>
      {actions ? <p className="admin-actions">{actions}</p> : null}
      <form method="get" className="admin-filters" role="search" aria-label={title}>
        <label className="admin-wide">
          {search.label}
          <input type="search" name={search.name} defaultValue={q.get(search.name) ?? ''} />
        </label>
        {filters.map((f) =>
          f.kind === 'select' ? (
            <label key={f.name}>
              {f.label}
              <select name={f.name} defaultValue={q.get(f.name) ?? ''}>
                <option value="">{t('common.any')}</option>
                {f.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </label>
          ) : (
            <label key={f.name}>
              {f.label}
              <input name={f.name} defaultValue={q.get(f.name) ?? ''} />
            </label>
          ),
        )}
        <button type="submit">{t('common.filter')}</button>
        <a href={resetHref}>{t('common.reset')}</a>
      </form>
      {error ? (
        <p className="admin-alert" role="alert">
          {error}
        </p>
      ) : null}
      {rows && rows.length === 0 ? <p>{t('common.none')}</p> : null}
      {rows && rows.length > 0 ? (
        <>
          <ScrollRegion label={title}>
            <table>
              <thead>
                <tr>
                  {columns.map((c) => (
                    <th key={c.key} scope="col" className={c.num ? 'num' : undefined}>
                      {c.header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={rowKey(row)}>
                    {columns.map((c) => (
                      <td key={c.key} className={c.num ? 'num' : undefined}>
                        {c.cell(row)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <Pager t={t} page={page} size={size} total={total} search={query} />
        </>
      ) : null}
    </>
  );
}
