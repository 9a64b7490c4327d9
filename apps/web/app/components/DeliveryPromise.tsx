import { isStorePickup } from '@vitrina/domain';
import { deliveryPromise } from '../lib/delivery-days';
import { shopDeliveryDays } from '../i18n';
import { useCheckoutT } from '../i18n/checkout';
import type { OrderAddress } from '@vitrina/domain';

type Props = {
  order: {
    created_at: string;
    status: string;
    shipping_status: string;
    payment_status: string;
    payment_kind?: string | undefined;
    shipping_address?: OrderAddress | null | undefined;
  };
};

/**
 * The delivery date the checkout promised for the order's method, counted from when it was placed:
 * while the parcel has not left, and only for an order that is paid or paid on delivery (an
 * order waiting for its payment is prepared once the money arrives, so no date is promised yet).
 */
export function DeliveryPromise({ order }: Props) {
  const t = useCheckoutT();
  const settled = order.payment_status === 'paid' || order.payment_kind === 'cash_on_delivery';
  if (!settled || order.status === 'cancelled' || order.shipping_status !== 'pending') return null;
  const store = isStorePickup({ carrier_code: order.shipping_address?.pickup_point?.carrier_code });
  const when = deliveryPromise(new Date(order.created_at), store, shopDeliveryDays(t.storeCode), t.storeCode);
  return (
    <p className="delivery-promise" data-testid="delivery-promise">
      {when.kind === 'collect'
        ? t('thankYou.collectWhen', { day: when.days })
        : t('thankYou.deliveryWhen', { days: when.days })}
    </p>
  );
}
