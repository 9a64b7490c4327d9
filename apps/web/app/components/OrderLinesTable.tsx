import { formatPrice, totalSegments, type TotalAmounts } from '@vitrina/domain';
import type { ReactNode } from 'react';
import { useCheckoutT } from '../i18n/checkout';
import { imageUrl } from '../lib/urls';
import { segmentText, shownSegments } from './CartTotals';

interface OrderLine {
  sku: string;
  name: string;
  qty: number;
  row_total_incl_tax: number;
  /** the product's image (a catalogue path) where the answer gives one */
  image?: string | null | undefined;
}

interface OrderLinesTableProps {
  items: readonly OrderLine[];
  /** the order's amounts as it stored them when it was placed */
  totals: TotalAmounts;
  caption: ReactNode;
  /** e.g. `sr-only` for a caption read by screen readers only */
  captionClassName?: string;
  className?: string;
}

/**
 * The lines of an order (product, quantity, row total), then its totals as the checkout's summary
 * showed them before the order (subtotal, shipping, payment fee, discount, VAT, grand total: domain
 * totalSegments, the same rows), from the amounts the order stored: what the shopper was charged,
 * each part named.
 */
export function OrderLinesTable({
  items,
  totals,
  caption,
  captionClassName,
  className,
}: OrderLinesTableProps) {
  const t = useCheckoutT();
  const price = (cents: number) => formatPrice(cents, t.storeCode);
  return (
    <table className={className ? `order-lines ${className}` : 'order-lines'}>
      <caption className={captionClassName}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('thankYou.product')}</th>
          <th scope="col">{t('thankYou.qty')}</th>
          <th scope="col">{t('thankYou.rowTotal')}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.sku}>
            <td>
              <span className="order-line-product">
                {item.image ? (
                  <img
                    src={imageUrl(item.image, 150, 150) ?? undefined}
                    width={48}
                    height={48}
                    alt=""
                    loading="lazy"
                    decoding="async"
                  />
                ) : null}
                {item.name}
              </span>
            </td>
            <td>{item.qty}</td>
            <td data-testid="row-total">{price(item.row_total_incl_tax)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        {shownSegments(totalSegments(totals, t.storeCode), true).map((s) => {
          const { label, amount } = segmentText(s, t);
          return (
            <tr key={s.code} className={`totals-${s.code}`}>
              <th scope="row" colSpan={2}>
                {label}
              </th>
              <td data-testid={s.code === 'grand_total' ? 'grand-total' : `total-${s.code}`}>{amount}</td>
            </tr>
          );
        })}
      </tfoot>
    </table>
  );
}
