import { formatPrice } from '@vitrina/domain';
import type { ReactNode } from 'react';
import { useRootData } from '../lib/router';
import { useT } from '../i18n';
import { useShopInfo } from '../lib/shop-info';
import type { StoreInfo } from '../lib/types';

/** a 24 px line icon, drawn with the text colour's accent (decorative: the words say it) */
function Icon({ children }: { children: ReactNode }) {
  return (
    <svg className="trust-icon" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

/**
 * The shop's promises as an icon strip at the top of the home page: money back, warranty, delivery
 * and payment, every figure from the shop's settings (GET /store-info); unknown settings show nothing
 * rather than a promise they may not hold.
 */
export function TrustStrip() {
  const t = useT();
  const shop = useShopInfo();
  const root = useRootData<{ storeInfo?: StoreInfo | null }>();
  if (!shop) return null;
  const months = Math.max(0, ...Object.values(shop.warranty_months));
  const payments = root?.storeInfo?.payment_methods ?? [];
  return (
    <ul className="trust-strip" aria-label={t('trust.label')}>
      <li>
        <Icon>
          <path d="M4 12a8 8 0 1 1 2.3 5.6M4 12V7m0 5h5" />
        </Icon>
        <span>
          <strong>{t('trust.moneyBack', { days: shop.money_back_days })}</strong>
          <small>{t('trust.moneyBackNote')}</small>
        </span>
      </li>
      {months > 0 ? (
        <li>
          <Icon>
            <path d="M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6l7-3z" />
            <path d="M8.5 12l2.5 2.5 4.5-5" />
          </Icon>
          <span>
            <strong>{t('trust.warranty', { months })}</strong>
            <small>{t('trust.warrantyNote')}</small>
          </span>
        </li>
      ) : null}
      <li>
        <Icon>
          <path d="M2 6h11v10H2zM13 9h4l4 4v3h-8" />
          <circle cx="6" cy="17.5" r="1.8" />
          <circle cx="17" cy="17.5" r="1.8" />
        </Icon>
        <span>
          <strong>{t('trust.delivery', { min: shop.delivery_days.min, max: shop.delivery_days.max })}</strong>
          <small>
            {shop.free_shipping_from > 0
              ? t('trust.freeFrom', { amount: formatPrice(shop.free_shipping_from, t.storeCode) })
              : t('trust.deliveryNote')}
          </small>
        </span>
      </li>
      {payments.length ? (
        <li>
          <Icon>
            <rect x="2.5" y="5" width="19" height="14" rx="2" />
            <path d="M2.5 9.5h19M6 15h4" />
          </Icon>
          <span>
            <strong>{t('trust.payment')}</strong>
            <small>{t('trust.paymentNote', { count: payments.length })}</small>
          </span>
        </li>
      ) : null}
    </ul>
  );
}
