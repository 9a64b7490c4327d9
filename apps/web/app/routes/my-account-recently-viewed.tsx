import { formatPrice } from '@vitrina/domain';
import { Link } from 'react-router';
import type { Route } from './+types/my-account-recently-viewed';
import { AccountLayout } from '../components/account/AccountLayout';
import { privateMeta } from '../components/account/meta';
import { useAccountT } from '../i18n/account';
import { privatePageLoader } from '../lib/seo.server';
import { useRecentlyViewed } from '../state/recently-viewed';

export const loader = privatePageLoader;

export const meta: Route.MetaFunction = ({ data }) => privateMeta(data, 'account.recentlyViewed');

/** Recently viewed products (kept in this browser, fed by the product page). */
export default function MyAccountRecentlyViewed() {
  const t = useAccountT();
  const list = useRecentlyViewed();
  return (
    <AccountLayout title={t('account.recentlyViewed')} requireLogin={false}>
      {list.length === 0 ? (
        <p>{t('account.noRecentlyViewed')}</p>
      ) : (
        <ul className="recently-viewed">
          {list.map((p) => (
            <li key={p.sku}>
              <Link to={p.path}>
                {p.image ? <img src={p.image} alt="" width={96} height={96} loading="lazy" /> : null}
                <span>{p.name}</span>
              </Link>
              {p.price != null ? <span className="price">{formatPrice(p.price, t.storeCode)}</span> : null}
            </li>
          ))}
        </ul>
      )}
    </AccountLayout>
  );
}
