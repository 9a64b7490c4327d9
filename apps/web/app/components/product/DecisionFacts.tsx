import {
  DELIVERY_RULE,
  LEASING_TERMS,
  PAYMENT_MOKILIZINGAS,
  deliveryQuote,
  estimatedDelivery,
  formatPrice,
  gradeTerms,
  leasingMonthlyCents,
  type GradeKey,
} from '@vitrina/domain';
import { useT } from '../../i18n';
import type { DeliveryOptions } from '../../lib/types';

/**
 * "November 27 – 30" in the store view's language (calendar days: formatted in UTC). The loader
 * formats it, so the server render and the hydration show the same text (ICU versions differ).
 */
/** one formatter per locale: making one costs about a millisecond, a server render calls this each time */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

export function deliveryDays(now: Date, locale: string): string {
  const days = estimatedDelivery(now);
  let f = dayFormats.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', timeZone: 'UTC' });
    dayFormats.set(locale, f);
  }
  return f.formatRange(new Date(`${days.from}T00:00:00Z`), new Date(`${days.to}T00:00:00Z`));
}

/** small line icons (24×24, stroke): what each fact is about, for the eye only */
const ICONS = {
  delivery: 'M3 6h11v9H3zM14 9h4l3 3v3h-7M6.5 18.5a1.5 1.5 0 1 0 0-.01M17.5 18.5a1.5 1.5 0 1 0 0-.01',
  date: 'M4 6h16v14H4zM4 10h16M8 3v4M16 3v4',
  warranty: 'M12 3l8 3v6c0 4.5-3.5 8-8 9-4.5-1-8-4.5-8-9V6zM8.5 12l2.5 2.5 4.5-5',
  leasing: 'M3 6h18v12H3zM3 10h18M7 15h4',
} as const;

function Icon({ name }: { name: keyof typeof ICONS }) {
  return (
    <svg
      className="fact-icon"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={ICONS[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * What a buyer weighs beside the price (issue #13 "Deciding"): delivery cost for this price and the
 * estimated delivery days (domain rules, the shop's own methods), warranty and returns of the chosen
 * grade, and the leasing instalment when MOKILIZINGAS is offered. `days`: deliveryDays() of the loader.
 */
export function DecisionFacts({
  price,
  grade,
  delivery,
  days,
  inStock,
}: {
  price: number;
  grade: GradeKey | null;
  delivery: DeliveryOptions | null;
  days: string | null;
  inStock: boolean;
}) {
  const t = useT();
  const quote = delivery ? deliveryQuote(delivery.shipping_methods, price) : null;
  const terms = gradeTerms(grade);
  const leasing = delivery?.payment_methods.includes(PAYMENT_MOKILIZINGAS)
    ? leasingMonthlyCents(price)
    : null;
  if (!quote && !(days && inStock) && !terms && leasing === null) return null;
  return (
    <ul className="decision-facts">
      {quote ? (
        <li className="fact fact-delivery">
          <Icon name="delivery" />
          {quote.fee === 0
            ? t('product.deliveryFree')
            : t('product.deliveryFrom', { price: formatPrice(quote.fee, t.storeCode) })}
          {quote.freeFrom !== null ? (
            <span className="muted">
              {' '}
              · {t('product.deliveryFreeFrom', { price: formatPrice(quote.freeFrom, t.storeCode) })}
            </span>
          ) : null}
        </li>
      ) : null}
      {days && inStock ? (
        <li className="fact fact-date">
          <Icon name="date" />
          {t('product.deliveryDate', { range: days })}
          <span className="fact-note muted">
            {t('product.deliveryCutoff', { hour: DELIVERY_RULE.cutoffHour })}
          </span>
        </li>
      ) : null}
      {terms ? (
        <li className="fact fact-warranty">
          <Icon name="warranty" />
          {t('product.warranty', { months: terms.warrantyMonths })} ·{' '}
          {t('product.returns', { days: terms.returnDays })}
        </li>
      ) : null}
      {leasing !== null ? (
        <li className="fact fact-leasing">
          <Icon name="leasing" />
          {t('product.leasing', { price: formatPrice(leasing, t.storeCode) })}
          <span className="fact-note muted">
            {t('product.leasingNote', { months: LEASING_TERMS.months })}
          </span>
        </li>
      ) : null}
    </ul>
  );
}
