import { memo, useState, type MouseEvent } from 'react';
import { useT } from '../../../i18n';
import { usePathLinkClicks } from '../../../lib/link';
import type { FilterOption } from '../rules/filter-options';

/**
 * The values a filter shows before its "Show all (N)": as the large shops' filters do, a long list
 * (a brand's, a colour's) starts with its first values, the rest one press away. A list one value
 * longer shows whole: its "Show all" would take that value's line.
 */
export const FIRST_VALUES = 5;

/**
 * a filter's values as links with their counts; the applied one marked current (following it removes it).
 * Plain anchors with the list's one click handler: at a tick every value's URL changes, and a `Link`
 * each was ~50 components to render again (the bench's category) for an `href` apiece. The label and
 * the count are one text each: written as `{label} ({count})` they were five text nodes a value (the
 * server's HTML put a comment between each two), rendered, committed and laid out at every tick.
 *
 * `collapse`: a list longer than FIRST_VALUES + 1 shows its first values, the others in a `<details>`
 * under "Show all (N)" (a native disclosure: a keyboard's, a screen reader's, and without JavaScript
 * too). It opens by itself when an applied value is among the others, so an applied value is always
 * on screen, and the values never change places. Closed, its values are not rendered again at a tick
 * (every value's URL and count change at each): they are rendered with the tick's data as it opens.
 */
export function FilterOptions({
  options,
  inPlace,
  collapse = false,
}: {
  options: FilterOption[];
  /** the listing shown in place takes a click first (ListingView followFilter) */
  inPlace?: (event: MouseEvent<HTMLElement>) => boolean;
  collapse?: boolean;
}) {
  const follow = usePathLinkClicks({ preventScrollReset: true });
  const onClick = (e: MouseEvent<HTMLElement>) => inPlace?.(e) || follow(e);
  const split = collapse && options.length > FIRST_VALUES + 1;
  const first = split ? options.slice(0, FIRST_VALUES) : options;
  return (
    <>
      <ul onClick={onClick}>
        <Values options={first} />
      </ul>
      {split && <MoreValues options={options.slice(FIRST_VALUES)} all={options.length} onClick={onClick} />}
    </>
  );
}

function Values({ options }: { options: FilterOption[] }) {
  return options.map((o) => (
    <li key={o.key}>
      <a href={o.to} aria-current={o.active ? 'true' : undefined} rel="nofollow">
        {`${o.label} `}
        <span className="count">{`(${o.count})`}</span>
      </a>
    </li>
  ));
}

/** a closed list's values stay as they were until it opens: the opening renders them anew */
const ValuesKeptWhileClosed = memo(
  function ValuesKeptWhileClosed({ options }: { options: FilterOption[]; closed: boolean }) {
    return <Values options={options} />;
  },
  (_, next) => next.closed,
);

function MoreValues({
  options,
  all,
  onClick,
}: {
  options: FilterOption[];
  all: number;
  onClick: (e: MouseEvent<HTMLElement>) => void;
}) {
  const t = useT();
  const applied = options.some((o) => o.active);
  const [open, setOpen] = useState(applied);
  // a value applied among them (back to such an address, a chip's link) opens them
  const [wasApplied, setWasApplied] = useState(applied);
  if (applied !== wasApplied) {
    setWasApplied(applied);
    if (applied) setOpen(true);
  }
  return (
    <details className="filter-more" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        <span className="filter-more-all">{t('listing.showAllValues', { count: all })}</span>
        <span className="filter-more-fewer">{t('listing.showFewerValues')}</span>
      </summary>
      <ul onClick={onClick}>
        <ValuesKeptWhileClosed options={options} closed={!open} />
      </ul>
    </details>
  );
}
