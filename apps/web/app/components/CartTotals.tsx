import { formatPrice, type MessageKey } from '@vitrina/domain';
import { useT } from '../i18n';
import type { Totals } from '../lib/types';

const LABELS: Record<string, MessageKey> = {
  subtotal_incl_tax: 'totals.subtotal',
  shipping: 'totals.shipping',
  payment: 'totals.payment',
  discount: 'totals.discount',
  tax: 'totals.tax',
  grand_total: 'totals.grandTotal',
};

/**
 * The server's total segments. Zero payment and discount rows are left out; a zero shipping row
 * too, unless `shippingChosen`: then the shopper has picked a method and reads "Free".
 */
export function CartTotals({ totals, shippingChosen = false }: { totals: Totals; shippingChosen?: boolean }) {
  const t = useT();
  const rows = totals.total_segments.filter(
    (s) =>
      s.code === 'subtotal_incl_tax' ||
      s.code === 'grand_total' ||
      s.value !== 0 ||
      (s.code === 'shipping' && shippingChosen),
  );
  return (
    <dl className="totals">
      {rows.map((s) => {
        const label = LABELS[s.code];
        return (
          <div key={s.code} className={`totals-${s.code}`}>
            <dt>{label ? t.msg(label) : s.title}</dt>
            <dd>
              {s.code === 'shipping' && s.value === 0
                ? t('checkout.free')
                : formatPrice(s.value, t.storeCode)}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
