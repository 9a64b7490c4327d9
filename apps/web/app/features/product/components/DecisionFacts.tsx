import { DELIVERY_RULE, LEASING_TERMS, formatPrice } from '@vitrina/domain';
import { memo } from 'react';
import { useT } from '../../../i18n';
import { forCountry } from '../../../lib/for-country';
import type { DecisionFactsModel } from '../rules/decision-facts';

/** small line icons (24×24, stroke): what each fact is about, for the eye only */
const ICONS = {
  delivery: 'M3 6h11v9H3zM14 9h4l3 3v3h-7M6.5 18.5a1.5 1.5 0 1 0 0-.01M17.5 18.5a1.5 1.5 0 1 0 0-.01',
  date: 'M4 6h16v14H4zM4 10h16M8 3v4M16 3v4',
  warranty: 'M12 3l8 3v6c0 4.5-3.5 8-8 9-4.5-1-8-4.5-8-9V6zM8.5 12l2.5 2.5 4.5-5',
  leasing: 'M3 6h18v12H3zM3 10h18M7 15h4',
} as const;

/** memoised: a grade's new price renders the facts' texts again, not their drawings */
const Icon = memo(function Icon({ name }: { name: keyof typeof ICONS }) {
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
});

/**
 * What a buyer weighs beside the price: rules/decision-facts.ts decides
 * which facts there are; this renders them. Each fact is memoised on its own values: a grade's new
 * price renders the facts it changes (the delivery fee over a threshold, the leasing instalment), not
 * the others.
 */
export function DecisionFacts({ facts }: { facts: DecisionFactsModel | null }) {
  if (!facts) return null;
  const { quote, dates, terms, leasing } = facts;
  return (
    <ul className="decision-facts">
      {quote ? <DeliveryFact fee={quote.fee} freeFrom={quote.freeFrom} countryId={quote.countryId} /> : null}
      {dates ? <DateFact dates={dates} /> : null}
      {terms ? <WarrantyFact months={terms.warrantyMonths} days={terms.returnDays} /> : null}
      {leasing !== null ? <LeasingFact leasing={leasing} /> : null}
    </ul>
  );
}

type Quote = NonNullable<DecisionFactsModel['quote']>;

const DeliveryFact = memo(function DeliveryFact({
  fee,
  freeFrom,
  countryId,
}: {
  fee: Quote['fee'];
  freeFrom: Quote['freeFrom'];
  countryId: Quote['countryId'];
}) {
  const t = useT();
  return (
    <li className="fact fact-delivery">
      <Icon name="delivery" />
      {fee === 0
        ? t('product.deliveryFree')
        : t('product.deliveryFrom', { price: formatPrice(fee, t.storeCode) })}
      {freeFrom !== null ? (
        <span className="muted">
          {' '}
          · {t('product.deliveryFreeFrom', { price: formatPrice(freeFrom, t.storeCode) })}
        </span>
      ) : null}
      <span className="muted fact-country"> · {forCountry(t, countryId)}</span>
    </li>
  );
});

const DateFact = memo(function DateFact({ dates }: { dates: string }) {
  const t = useT();
  return (
    <li className="fact fact-date">
      <Icon name="date" />
      {t('product.deliveryDate', { range: dates })}
      <span className="fact-note muted">
        {t('product.deliveryCutoff', { hour: DELIVERY_RULE.cutoffHour })}
      </span>
    </li>
  );
});

const WarrantyFact = memo(function WarrantyFact({ months, days }: { months: number; days: number }) {
  const t = useT();
  return (
    <li className="fact fact-warranty">
      <Icon name="warranty" />
      {t('product.warranty', { months })} · {t('product.returns', { days })}
    </li>
  );
});

const LeasingFact = memo(function LeasingFact({ leasing }: { leasing: number }) {
  const t = useT();
  return (
    <li className="fact fact-leasing">
      <Icon name="leasing" />
      {t('product.leasing', { price: formatPrice(leasing, t.storeCode) })}
      <span className="fact-note muted">{t('product.leasingNote', { months: LEASING_TERMS.months })}</span>
    </li>
  );
});
