import { formatPrice, gradeKeyOf, rowTotalInclTax, serverItemId } from '@vitrina/domain';
import { useCartT } from '../i18n/cart';
import type { Totals } from '../lib/types';
import { imageUrl } from '../lib/urls';
import type { CartItem } from '../state/cart';
import { GradeTitle } from './ui/GradeTitle';

/**
 * The choices of a cart line, by label (grade, capacity, colour, bundle parts):
 * the labels kept with the line when it was added, else the configurable options' own label and
 * value (a line pulled from the server carries them when the shop sent them).
 */
export function lineOptions(
  item: Pick<CartItem, 'options' | 'product_option'>,
): { label: string; value: string }[] {
  if (item.options?.length) return item.options;
  return (item.product_option?.extension_attributes?.configurable_item_options ?? []).flatMap((o) =>
    o.label && o.value ? [{ label: o.label, value: o.value }] : [],
  );
}

export function LineOptions({ item }: { item: Pick<CartItem, 'options' | 'product_option'> }) {
  const options = lineOptions(item);
  if (!options.length) return null;
  return (
    <ul className="line-options">
      {options.map((o) => {
        // a grade is named as everywhere else: its badge and words ("C+ · Vidutinė būklė")
        const grade = gradeKeyOf(o.value);
        return (
          <li key={`${o.label}:${o.value}`} className={grade ? 'line-option-grade' : undefined}>
            {o.label ? <span className="line-option-label">{o.label}: </span> : null}
            {grade ? <GradeTitle grade={grade} /> : o.value}
          </li>
        );
      })}
    </ul>
  );
}

/** A line's total as the server priced it, else the device's price × quantity (until totals arrive). */
export function lineTotal(item: CartItem, totals: Totals | null): number {
  const id = serverItemId(item);
  const line = totals?.items.find(
    (l) => (id != null && String(l.item_id) === String(id)) || l.sku === item.sku,
  );
  return line ? line.row_total_incl_tax : rowTotalInclTax(item.price, item.qty);
}

/** The checkout summary's lines: thumbnail, name, options, quantity and line price. */
export function SummaryLines({ items, totals }: { items: CartItem[]; totals: Totals | null }) {
  const t = useCartT();
  return (
    <ul className="summary-lines">
      {items.map((i) => {
        const thumb = imageUrl(i.image, 150, 150);
        return (
          <li key={`${i.sku}-${String(i.item_id ?? '')}`} className="summary-line">
            {thumb ? (
              <img src={thumb} width={56} height={56} alt="" loading="lazy" decoding="async" />
            ) : (
              <span className="img-placeholder" />
            )}
            <div className="summary-line-main">
              <span className="summary-line-name">{i.name}</span>
              <LineOptions item={i} />
              <span className="muted">{t('checkout.lineQty', { qty: i.qty })}</span>
            </div>
            <span className="price">{formatPrice(lineTotal(i, totals), t.storeCode)}</span>
          </li>
        );
      })}
    </ul>
  );
}
