/**
 * Newsletter subscribers and stock-alert requests in the back office: the newest of each
 * listed, and the whole list as a formula-safe CSV (the API's `?format=csv`, audited there; the
 * browser's same-site link carries the staff cookie).
 */
import { formatDateTime } from '@vitrina/domain';
import { useLoaderData } from 'react-router';
import type { Route } from './+types/subscribers';
import { ScrollRegion } from '../../admin/ScrollRegion';
import { adminT, type AdminKey } from '../../admin/i18n';
import { langOf, resultOrThrow, staffApi } from '../../admin/staff-api.server';

const SHOWN = 200;

type Subscriber = { email: string; status: string; store_code: string; created_at: string; confirmed_at: string | null };
type StockAlert = { id: number; email: string; sku: string; store_code: string; created_at: string; notified_at: string | null };

export async function loader(args: Route.LoaderArgs) {
  const subscribers = resultOrThrow(await staffApi<Subscriber[]>(args, '/subscribers'), args.request);
  const alerts = resultOrThrow(await staffApi<StockAlert[]>(args, '/stock-alerts'), args.request);
  return {
    lang: langOf(args.request),
    subscribers: subscribers.slice(0, SHOWN),
    subscriberCount: subscribers.length,
    alerts: alerts.slice(0, SHOWN),
    alertCount: alerts.length,
  };
}

export default function AdminSubscribers() {
  const { lang, subscribers, subscriberCount, alerts, alertCount } = useLoaderData<typeof loader>();
  const t = adminT(lang);
  const when = (d: string | null) => (d ? formatDateTime(d) : '');
  return (
    <>
      <h1>{t('area.subscribers')}</h1>
      <section aria-labelledby="newsletter-title">
        <h2 id="newsletter-title">
          {t('subscribers.newsletter')} ({subscriberCount})
        </h2>
        <p>
          <a href={`/vsbridge/staff/subscribers?format=csv&storeCode=${lang}`} download>
            {t('subscribers.export')}: {t('subscribers.newsletter')}
          </a>
          {subscriberCount > SHOWN ? ` ${t('subscribers.shownFirst', { count: SHOWN })}` : ''}
        </p>
        {subscribers.length === 0 ? (
          <p>{t('common.none')}</p>
        ) : (
          <ScrollRegion label={t('subscribers.newsletter')}>
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('common.email')}</th>
                  <th scope="col">{t('common.status')}</th>
                  <th scope="col">{t('subscribers.language')}</th>
                  <th scope="col">{t('common.date')}</th>
                  <th scope="col">{t('subscribers.confirmed')}</th>
                </tr>
              </thead>
              <tbody>
                {subscribers.map((s) => (
                  <tr key={s.email}>
                    <td>{s.email}</td>
                    <td>{['pending', 'subscribed', 'unsubscribed'].includes(s.status) ? t(`subscription.${s.status}` as AdminKey) : s.status}</td>
                    <td>{s.store_code}</td>
                    <td>{when(s.created_at)}</td>
                    <td>{when(s.confirmed_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </section>
      <section aria-labelledby="alerts-title">
        <h2 id="alerts-title">
          {t('subscribers.stockAlerts')} ({alertCount})
        </h2>
        <p>
          <a href={`/vsbridge/staff/stock-alerts?format=csv&storeCode=${lang}`} download>
            {t('subscribers.export')}: {t('subscribers.stockAlerts')}
          </a>
          {alertCount > SHOWN ? ` ${t('subscribers.shownFirst', { count: SHOWN })}` : ''}
        </p>
        {alerts.length === 0 ? (
          <p>{t('common.none')}</p>
        ) : (
          <ScrollRegion label={t('subscribers.stockAlerts')}>
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('common.email')}</th>
                  <th scope="col">{t('subscribers.sku')}</th>
                  <th scope="col">{t('subscribers.language')}</th>
                  <th scope="col">{t('common.date')}</th>
                  <th scope="col">{t('subscribers.notified')}</th>
                </tr>
              </thead>
              <tbody>
                {alerts.map((a) => (
                  <tr key={a.id}>
                    <td>{a.email}</td>
                    <td>{a.sku}</td>
                    <td>{a.store_code}</td>
                    <td>{when(a.created_at)}</td>
                    <td>{when(a.notified_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </section>
    </>
  );
}
