import { Link } from '../../../lib/link';
import { useT } from '../../../i18n';
import type { PageLinks } from '../rules/filter-options';

/** page links: first, last and two either side of the current page; nothing for a single page */
export function ListingPagination({ links }: { links: PageLinks | null }) {
  const t = useT();
  if (!links) return null;
  return (
    <nav className="pagination" aria-label={t('listing.pagination')}>
      <ul>
        {links.previous ? (
          <li>
            <Link to={links.previous} rel="prev" aria-label={t('listing.previous')}>
              ‹
            </Link>
          </li>
        ) : null}
        {links.pages.map((n) => (
          <li key={n.page}>
            {n.gap ? <span aria-hidden="true">… </span> : null}
            <Link
              to={n.to}
              aria-current={n.current ? 'page' : undefined}
              aria-label={t('listing.page', { page: n.page })}
            >
              {n.page}
            </Link>
          </li>
        ))}
        {links.next ? (
          <li>
            <Link to={links.next} rel="next" aria-label={t('listing.next')}>
              ›
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
