import { ScrollRegion } from '../ScrollRegion';
import { text } from './OrderAddress';
import type { OrderSectionProps } from './types';

/** a line's chosen options as text ("Colour: Silver; Capacity: 256 GB"), whichever kind of product it is */
function options(o: Record<string, unknown> | null): string {
  if (!o) return '';
  const ext = (o.extension_attributes ?? o) as Record<string, unknown>;
  const list = (ext.configurable_item_options ?? ext.custom_options ?? ext.bundle_options) as unknown;
  if (!Array.isArray(list)) return '';
  return list
    .map((x) => {
      const r = x as Record<string, unknown>;
      return [text(r.label ?? r.option_label ?? r.title), text(r.value ?? r.option_value ?? r.value_label)]
        .filter(Boolean)
        .join(': ');
    })
    .filter(Boolean)
    .join('; ');
}

/** the order's lines with options, grade, quantity, price, VAT rate and row total */
export function OrderLines({ t, order, money }: OrderSectionProps) {
  return (
    <>
      <h2>{t('order.lines')}</h2>
      <ScrollRegion label={t('order.lines')}>
        <table>
          <thead>
            <tr>
              <th scope="col">{t('order.sku')}</th>
              <th scope="col">{t('order.product')}</th>
              <th scope="col">{t('order.options')}</th>
              <th scope="col">{t('order.grade')}</th>
              <th scope="col" className="num">
                {t('order.qty')}
              </th>
              <th scope="col" className="num">
                {t('order.price')}
              </th>
              <th scope="col" className="num">
                {t('order.vatRate')}
              </th>
              <th scope="col" className="num">
                {t('order.rowTotal')}
              </th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((l, i) => (
              <tr key={`${l.sku}-${i}`}>
                <td>{l.sku}</td>
                <td>{l.name}</td>
                <td>{options(l.product_option)}</td>
                <td>{l.grade ?? ''}</td>
                <td className="num">{l.qty}</td>
                <td className="num">{money(l.price_incl_tax)}</td>
                <td className="num">{l.tax_percent} %</td>
                <td className="num">{money(l.row_total_incl_tax)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </>
  );
}
