import { formatPrice, type MessageKey, type TotalSegment } from '@vitrina/domain';
import { useCartT, type CartKey, type CartTranslator } from '../i18n/cart';
import type { Totals } from '../lib/types';

const LABELS: Record<string, MessageKey> = {
  subtotal_incl_tax: 'totals.subtotal',
  shipping: 'totals.shipping',
  payment: 'totals.payment',
  discount: 'totals.discount',
  tax: 'totals.tax',
  grand_total: 'totals.grandTotal',
};

const NOTED_COUNTRIES = new Set(['LT', 'LV', 'EE']);

/**
 * "Prices include Estonian VAT 24 %" when the server priced the totals for a delivery country whose
 * rate is not the store view's default one (from the totals answer, never guessed).
 */
export function taxNote(totals: Totals, t: CartTranslator): string | null {
  const { tax_country_id: country, tax_rate: rate } = totals;
  if (
    !country ||
    rate === undefined ||
    country === totals.default_tax_country_id ||
    rate === totals.default_tax_rate
  )
    return null;
  return NOTED_COUNTRIES.has(country)
    ? t(`totals.taxNote.${country}` as CartKey, { rate })
    : t('totals.taxNote', { country, rate });
}

/**
 * The segments a summary shows. Zero payment and discount rows are left out; a zero shipping row
 * too, unless `shippingChosen`: then the shopper has picked a method and reads "Free".
 */
export function shownSegments(segments: readonly TotalSegment[], shippingChosen: boolean): TotalSegment[] {
  return segments.filter(
    (s) =>
      s.code === 'subtotal_incl_tax' ||
      s.code === 'grand_total' ||
      s.value !== 0 ||
      (s.code === 'shipping' && shippingChosen),
  );
}

/** A segment's label and amount as every summary writes them (a zero shipping reads "Free"). */
export function segmentText(s: TotalSegment, t: CartTranslator): { label: string; amount: string } {
  const label = LABELS[s.code];
  return {
    label: label ? t.msg(label) : s.title,
    amount: s.code === 'shipping' && s.value === 0 ? t('checkout.free') : formatPrice(s.value, t.storeCode),
  };
}

/** The server's total segments (shownSegments), then the VAT note. */
export function CartTotals({ totals, shippingChosen = false }: { totals: Totals; shippingChosen?: boolean }) {
  const t = useCartT();
  const note = taxNote(totals, t);
  return (
    <>
      <dl className="totals">
        {shownSegments(totals.total_segments, shippingChosen).map((s) => {
          const { label, amount } = segmentText(s, t);
          return (
            <div key={s.code} className={`totals-${s.code}`}>
              <dt>{label}</dt>
              <dd>{amount}</dd>
            </div>
          );
        })}
      </dl>
      {note ? <p className="totals-tax-note">{note}</p> : null}
    </>
  );
}
