import { formatPrice } from '@vitrina/domain';
import { Link } from '../../../lib/link';
import { useAccountT } from '../../../i18n/account';
import type { RecentlyViewedModel } from '../hooks/use-recently-viewed-list';

/** The recently viewed products, each linked to its page (or "none yet"). */
export function RecentlyViewedList({ model: { products } }: { model: RecentlyViewedModel }) {
  const t = useAccountT();
  if (products.length === 0) return <p>{t('account.noRecentlyViewed')}</p>;
  return (
    <ul className="recently-viewed">
      {products.map((p) => (
        <li key={p.sku}>
          <Link to={p.path}>
            {p.image ? <img src={p.image} alt="" width={96} height={96} loading="lazy" /> : null}
            <span>{p.name}</span>
          </Link>
          {p.price != null ? <span className="price">{formatPrice(p.price, t.storeCode)}</span> : null}
        </li>
      ))}
    </ul>
  );
}
