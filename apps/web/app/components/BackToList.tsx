import { memo, useEffect } from 'react';
import { useLocation } from 'react-router';
import { Link } from '../lib/link';
import { useT } from '../i18n';
import { routeHistory } from '../state/route-history';
import { useStore } from '../state/store';

/** The navigation state of the way back: where the listing was scrolled. */
interface BackState {
  restoreScrollY?: number;
}

/**
 * The product page's way back to the category listing it was opened from (the previous route,
 * state/route-history.ts): the same path (page, filters, sort), so the same products, and the
 * listing scrolls back to where the shopper left it (useRestoredScroll). Memoised (no props): the
 * product page's grade choice does not render it again; it follows the route history's store.
 */
export const BackToList = memo(function BackToList() {
  const t = useT();
  const previous = useStore(routeHistory, (h) => h.previous);
  if (!previous || previous.productsLoaded === null) return null;
  return (
    <p className="back-to-list">
      <Link
        to={previous.path}
        state={{ restoreScrollY: previous.scrollY } satisfies BackState}
        preventScrollReset
      >
        <span aria-hidden="true">← </span>
        {t('product.backToList')}
      </Link>
    </p>
  );
});

/** In the category page: opened by the way back, it scrolls to where the listing was left. */
export function useRestoredScroll(ready: boolean) {
  const location = useLocation();
  const y = (location.state as BackState | null)?.restoreScrollY;
  useEffect(() => {
    if (ready && typeof y === 'number' && y > 0) window.scrollTo(0, y);
  }, [ready, y, location.key]);
}
