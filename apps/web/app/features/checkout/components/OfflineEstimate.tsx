import { formatPrice, type OfflineEstimate as Estimate } from '@vitrina/domain';
import { useCheckoutT } from '../../../i18n/checkout';

/**
 * The review of a cart filled offline: an estimate from the prices last seen
 * and the methods cached on the device, said to be one. The server prices the order when it is
 * sent; a different total is then told (state/sync-boot.ts handleOrderOutcome).
 */
export function OfflineEstimate({ estimate }: { estimate: Estimate }) {
  const t = useCheckoutT();
  return (
    <div className="offline-estimate" data-testid="offline-estimate">
      <dl className="totals">
        <div>
          <dt>{t.msg('totals.subtotal')}</dt>
          <dd>{formatPrice(estimate.subtotal_incl_tax, t.storeCode)}</dd>
        </div>
        <div>
          <dt>{t.msg('totals.shipping')}</dt>
          <dd>
            {estimate.shipping_incl_tax === 0
              ? t('checkout.free')
              : formatPrice(estimate.shipping_incl_tax, t.storeCode)}
          </dd>
        </div>
        {estimate.payment_fee ? (
          <div>
            <dt>{t.msg('totals.payment')}</dt>
            <dd>{formatPrice(estimate.payment_fee, t.storeCode)}</dd>
          </div>
        ) : null}
        <div className="totals-grand_total">
          <dt>{t('checkout.estimatedTotal')}</dt>
          <dd>{formatPrice(estimate.grand_total, t.storeCode)}</dd>
        </div>
      </dl>
      <p className="muted">{t('checkout.estimateNote')}</p>
    </div>
  );
}
