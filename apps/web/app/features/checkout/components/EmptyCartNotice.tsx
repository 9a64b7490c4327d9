import { Link } from '../../../lib/link';
import { useCheckoutT } from '../../../i18n/checkout';
import { localizedPath } from '../../../lib/store';
import { WayOn } from '../../../components/WayOn';

/** Nothing to buy: the way back to the shop. */
export function EmptyCartNotice() {
  const t = useCheckoutT();
  return (
    <section className="narrow">
      <h1>{t('checkout.title')}</h1>
      <p>{t('cart.empty')}</p>
      <p className="muted">{t('wayOn.emptyCart')}</p>
      <p>
        <Link to={localizedPath(t.storeCode, '/')} className="btn btn-primary">
          {t('common.continueShopping')}
        </Link>
      </p>
      <WayOn />
    </section>
  );
}
