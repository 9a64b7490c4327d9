import { formatPrice, type MessageKey } from '@vitrina/domain';
import { useT, type MessageKey as UiMessageKey, type Translator } from '../i18n';
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
 * rate is not the store view's default one (issue #14 item 2; from the totals answer, never guessed).
 */
export function taxNote(totals: Totals, t: Translator): string | null {
  const { tax_country_id: country, tax_rate: rate } = totals;
  if (
    !country ||
    rate === undefined ||
    country === totals.default_tax_country_id ||
    rate === totals.default_tax_rate
  )
    return null;
  return NOTED_COUNTRIES.has(country)
    ? t(`totals.taxNote.${country}` as UiMessageKey, { rate })
    : t('totals.taxNote', { country, rate });
}

/**
 * The server's total segments. Zero payment and discount rows are left out; a zero shipping row
 * too, unless `shippingChosen`: then the shopper has picked a method and reads "Free". The VAT
 * note follows them.
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
  const note = taxNote(totals, t);
  return (
    <>
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
      {note ? <p className="totals-tax-note">{note}</p> : null}
    </>
  );
}
