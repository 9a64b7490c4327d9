import type { MouseEvent } from 'react';
import { usePathLinkClicks } from '../../../lib/link';
import type { FilterOption } from '../rules/filter-options';

/**
 * a filter's values as links with their counts; the applied one marked current (following it removes it).
 * Plain anchors with the list's one click handler: at a tick every value's URL changes, and a `Link`
 * each was ~50 components to render again (the bench's category) for an `href` apiece. The label and
 * the count are one text each: written as `{label} ({count})` they were five text nodes a value (the
 * server's HTML put a comment between each two), rendered, committed and laid out at every tick.
 */
export function FilterOptions({
  options,
  inPlace,
}: {
  options: FilterOption[];
  /** the listing shown in place takes a click first (ListingView followFilter) */
  inPlace?: (event: MouseEvent<HTMLElement>) => boolean;
}) {
  const follow = usePathLinkClicks({ preventScrollReset: true });
  return (
    <ul onClick={(e) => inPlace?.(e) || follow(e)}>
      {options.map((o) => (
        <li key={o.key}>
          <a href={o.to} aria-current={o.active ? 'true' : undefined} rel="nofollow">
            {`${o.label} `}
            <span className="count">{`(${o.count})`}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
