import { hasOpeningHours, openingRuns, type OpeningHours as Hours } from '@vitrina/domain';
import { useCheckoutT } from '../i18n/checkout';

/**
 * A pickup point's opening hours, days with the same hours grouped ("Mon–Fri 10:00–19:00"), as a
 * definition list; nothing when the hours are not known (a parcel locker). Store pickup shows them
 * in checkout, at review and on the thank-you page.
 */
export function OpeningHours({ hours }: { hours: Hours | null | undefined }) {
  const t = useCheckoutT();
  if (!hasOpeningHours(hours)) return null;
  const day = (d: number) => t(`weekday.short.${d}` as 'weekday.short.1');
  return (
    <div className="opening-hours" data-testid="opening-hours">
      <p className="opening-hours-title">{t('checkout.openingHours')}</p>
      <dl>
        {openingRuns(hours).map((r) => (
          <div key={r.from}>
            <dt>{r.from === r.to ? day(r.from) : `${day(r.from)}–${day(r.to)}`}</dt>
            <dd>{r.opens && r.closes ? `${r.opens}–${r.closes}` : t('checkout.closed')}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
