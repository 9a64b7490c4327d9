import { SummaryLines } from '../../../components/CartLineOptions';
import { SyncDisabledNotice } from '../../../components/SyncDisabledNotice';
import { useCheckoutT } from '../../../i18n/checkout';
import type { CartState } from '../../../state/cart';

/**
 * A cart with no server id yet: online it is being connected; offline the device has no cached
 * methods to go on with; or the shop refused the cart (sync disabled).
 */
export function UnconnectedCartNotice({
  cart,
  online,
  optionsRead,
}: {
  cart: CartState;
  online: boolean;
  /** the cached methods were read from the device (found or not) */
  optionsRead: boolean;
}) {
  const t = useCheckoutT();
  return (
    <section className="narrow" aria-busy={online && !cart.syncDisabled}>
      <h1>{t('checkout.title')}</h1>
      {cart.syncDisabled ? (
        // spec "Cart connection" step 4: no server cart can be had now
        <SyncDisabledNotice text={t('checkout.syncDisabled')} />
      ) : (
        <p role="status">{online || !optionsRead ? t('common.loading') : t('checkout.offlineCart')}</p>
      )}
      <SummaryLines items={cart.items} totals={null} />
    </section>
  );
}
