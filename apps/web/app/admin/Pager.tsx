/** Paging links of a back-office list: the same query with another `page` (plain links, no script needed). */
import type { AdminT } from './i18n';

export function Pager({ t, page, size, total, search }: { t: AdminT; page: number; size: number; total: number; search: string }) {
  const pages = Math.max(1, Math.ceil(total / size));
  const href = (n: number) => {
    const q = new URLSearchParams(search);
    q.set('page', String(n));
    return `?${q}`;
  };
  return (
    <nav className="admin-pages" aria-label={t('common.page', { page, pages, total })}>
      {page > 1 ? <a href={href(page - 1)}>{t('common.previous')}</a> : null}
      <span>{t('common.page', { page, pages, total })}</span>
      {page < pages ? <a href={href(page + 1)}>{t('common.next')}</a> : null}
    </nav>
  );
}
