import { localizedPath } from '@vitrina/domain';
import { Link } from '../lib/link';
import { useAfterSaleT } from '../i18n/after-sale';

/**
 * The button of the withdrawal function (Directive 2011/83/EU art. 11a), shown on the order's page
 * for as long as the order is not cancelled: the withdrawal page tells when its period has ended.
 * `orderToken`: the guest's link; without it the page uses the customer's session.
 */
export function WithdrawalLink({
  number,
  orderToken,
  status,
}: {
  number: string;
  orderToken?: string | null;
  status: string;
}) {
  const t = useAfterSaleT();
  if (status === 'cancelled') return null;
  const q = new URLSearchParams({ number });
  if (orderToken) q.set('token', orderToken);
  return (
    <p className="order-withdrawal">
      <Link
        to={`${localizedPath(t.storeCode, '/withdrawal')}?${q.toString()}`}
        className="btn"
        data-testid="withdrawal-link"
      >
        {t('withdrawal.button')}
      </Link>
    </p>
  );
}
