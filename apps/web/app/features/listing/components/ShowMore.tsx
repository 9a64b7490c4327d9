import { Link } from '../../../lib/link';
import { useT } from '../../../i18n';
import type { ListingView } from '../hooks/use-listing';

/**
 * "Show N more" under the grid, above the page links: a link to the next page with the loaded
 * count, so it works without JavaScript (the server renders every loaded product) and, with it,
 * appends without moving the page (the scroll position stays). "1–24 of 120" says where it stands.
 */
export function ShowMore({ view }: { view: ListingView }) {
  const t = useT();
  const more = view.showMore;
  if (!more) return null;
  return (
    <div className="show-more">
      <p className="muted" aria-live="polite">
        {t('showMore.range', { first: more.first, last: more.last, total: view.total })}
      </p>
      <Link to={more.to} className="btn show-more-btn" preventScrollReset>
        {t('showMore.button', { count: more.more })}
      </Link>
    </div>
  );
}
