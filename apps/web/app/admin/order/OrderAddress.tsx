import type { AdminT } from '../i18n';
import type { Address } from './types';

export const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/** an address of the order: the person or legal person, the address, the phone, a pickup point */
export function OrderAddress({ t, title, a }: { t: AdminT; title: string; a: Address }) {
  const street = Array.isArray(a.street) ? a.street.map(text).filter(Boolean).join(', ') : text(a.street);
  const point = a.pickup_point && typeof a.pickup_point === 'object' ? (a.pickup_point as Address) : null;
  return (
    <section>
      <h2>{title}</h2>
      <dl>
        <dt>{t('orders.customer')}</dt>
        <dd>{[text(a.firstname), text(a.lastname)].filter(Boolean).join(' ')}</dd>
        {a.company ? (
          <>
            <dt>{t('order.legalPerson')}</dt>
            <dd>{text(a.company)}</dd>
          </>
        ) : null}
        {a.company_code ? (
          <>
            <dt>{t('order.companyCode')}</dt>
            <dd>{text(a.company_code)}</dd>
          </>
        ) : null}
        {a.vat_id ? (
          <>
            <dt>{t('order.vatCode')}</dt>
            <dd>{text(a.vat_id)}</dd>
          </>
        ) : null}
        <dt>{t('order.address')}</dt>
        <dd>{[street, text(a.city), text(a.postcode), text(a.country_id)].filter(Boolean).join(', ')}</dd>
        {a.telephone ? (
          <>
            <dt>{t('order.phone')}</dt>
            <dd>{text(a.telephone)}</dd>
          </>
        ) : null}
        {point ? (
          <>
            <dt>{t('order.pickupPoint')}</dt>
            <dd>
              {[text(point.name), text(point.address), text(point.city), text(point.postcode)]
                .filter(Boolean)
                .join(', ')}
            </dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}
