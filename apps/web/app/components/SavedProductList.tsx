import { formatPrice } from '@vitrina/domain';
import { Link } from '../lib/link';
import { useOtherPagesT } from '../i18n/other-pages';
import { productPath } from '../lib/urls';
import { useGroupPrices } from '../state/group-prices';
import type { SavedProduct } from '../state/saved-product';

/** The link of a saved product in the current store view (the slug redirects when it differs). */
export function savedProductPath(storeCode: Parameters<typeof productPath>[0], p: SavedProduct): string {
  return p.slug ? productPath(storeCode, { sku: p.sku, slug: p.slug }) : p.path;
}

/**
 * Saved products (wish list page and overlay): image, name, price and a labelled remove button. The
 * price is the one saved, or the customer group's tier price while logged in with one.
 */
export function SavedProductList({
  items,
  onRemove,
  removeLabel,
  onNavigate,
}: {
  items: SavedProduct[];
  onRemove: (sku: string) => void;
  removeLabel: (name: string) => string;
  onNavigate?: () => void;
}) {
  const t = useOtherPagesT();
  const tiers = useGroupPrices(items.map((p) => p.sku));
  return (
    <ul className="saved-list">
      {items.map((p) => (
        <li key={p.sku}>
          <Link to={savedProductPath(t.storeCode, p)} onClick={onNavigate}>
            {p.image ? (
              <img src={p.image} alt="" width={75} height={75} loading="lazy" decoding="async" />
            ) : (
              <span className="img-placeholder img-small" />
            )}
            <span>{p.name}</span>
          </Link>
          {p.price != null ? (
            <span className="price">{formatPrice(tiers[p.sku]?.final ?? p.price, t.storeCode)}</span>
          ) : null}
          <button
            type="button"
            className="btn btn-link"
            aria-label={removeLabel(p.name)}
            onClick={() => onRemove(p.sku)}
          >
            {t('saved.remove')}
          </button>
        </li>
      ))}
    </ul>
  );
}
