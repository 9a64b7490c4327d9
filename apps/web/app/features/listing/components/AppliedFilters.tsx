import type { MouseEvent } from 'react';
import { Link } from '../../../lib/link';
import { useT } from '../../../i18n';
import type { FilterChip } from '../rules/filter-options';

/** the applied filters as removable chips, and "clear filters", so a phone shows what narrows the list without opening the filters */
export function AppliedFilters({
  chips,
  clearTo,
  inPlace,
  clearInPlace,
}: {
  chips: FilterChip[];
  clearTo: string;
  /** the listing shown in place takes a chip's click, and "clear filters"'s, before its link (ListingView) */
  inPlace?: (event: MouseEvent<HTMLElement>) => boolean;
  clearInPlace?: (event: MouseEvent<HTMLElement>) => boolean;
}) {
  const t = useT();
  const onClickCapture = (e: MouseEvent<HTMLElement>) => {
    const clear = e.target instanceof Element && e.target.closest('.chips-clear');
    (clear ? clearInPlace : inPlace)?.(e);
  };
  if (!chips.length) return null;
  return (
    <section className="chips" aria-label={t('listing.applied')}>
      <ul onClickCapture={onClickCapture}>
        {chips.map((c) => (
          <li key={c.key}>
            <Link
              to={c.to}
              className="chip"
              rel="nofollow"
              preventScrollReset
              aria-label={t('listing.removeFilter', { label: c.label })}
            >
              {c.label} <span aria-hidden="true">×</span>
            </Link>
          </li>
        ))}
        <li>
          <Link to={clearTo} rel="nofollow" className="chips-clear">
            {t('listing.clearFilters')}
          </Link>
        </li>
      </ul>
    </section>
  );
}
