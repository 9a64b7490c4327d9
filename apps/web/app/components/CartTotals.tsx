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

/** The server's total segments (zero shipping/payment/discount rows are left out). */
export function CartTotals({ totals }: { totals: Totals }) {
  const t = useT();
  const rows = totals.total_segments.filter(
    (s) => s.code === 'subtotal_incl_tax' || s.code === 'grand_total' || s.value !== 0,
  );
  return (
    <dl className="totals">
      {rows.map((s) => {
        const label = LABELS[s.code];
        return (
          <div key={s.code} className={`totals-${s.code}`}>
            <dt>{label ? t.msg(label) : s.title}</dt>
            <dd>{formatPrice(s.value, t.storeCode)}</dd>
          </div>
        );
      })}
    </dl>
  );
}
