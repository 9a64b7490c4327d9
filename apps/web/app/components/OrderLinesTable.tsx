import { formatPrice } from '@vitrina/domain';
import type { ReactNode } from 'react';
import { useT } from '../i18n';

interface OrderLine {
  sku: string;
  name: string;
  qty: number;
  row_total_incl_tax: number;
}

interface OrderLinesTableProps {
  items: readonly OrderLine[];
  grandTotal: number;
  caption: ReactNode;
  /** e.g. `sr-only` for a caption read by screen readers only */
  captionClassName?: string;
  className?: string;
}

/** The lines of an order (product, quantity, row total) with the grand total, as the server priced them. */
export function OrderLinesTable({
  items,
  grandTotal,
  caption,
  captionClassName,
  className,
}: OrderLinesTableProps) {
  const t = useT();
  const price = (cents: number) => formatPrice(cents, t.storeCode);
  return (
    <table className={className}>
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
            <td>{item.name}</td>
            <td>{item.qty}</td>
            <td data-testid="row-total">{price(item.row_total_incl_tax)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={2}>
            {t('thankYou.grandTotal')}
          </th>
          <td data-testid="grand-total">{price(grandTotal)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
