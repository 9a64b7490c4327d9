import { Link } from '../../../lib/link';
import type { FilterOption } from '../rules/filter-options';

/** a filter's values as links with their counts; the applied one marked current (following it removes it) */
export function FilterOptions({ options }: { options: FilterOption[] }) {
  return (
    <ul>
      {options.map((o) => (
        <li key={o.key}>
          <Link to={o.to} aria-current={o.active ? 'true' : undefined} rel="nofollow" preventScrollReset>
            {o.label} <span className="count">({o.count})</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
