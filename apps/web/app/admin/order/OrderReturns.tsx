import { formatDateTime } from '@vitrina/domain';
import { Form } from 'react-router';
import { Link } from '../../lib/link';
import { adminPath, type AdminKey, type AdminT } from '../i18n';
import type { OrderReturns as Returns } from './types';

/** the order's returns, and the form that records a new one for the lines with units left to return */
export function OrderReturns({ t, lang, data }: { t: AdminT; lang: 'lt' | 'en'; data: Returns | null }) {
  if (!data) return null;
  const open = data.lines.filter((l) => l.left > 0);
  return (
    <section aria-labelledby="order-returns">
      <h2 id="order-returns">{t('returns.ofOrder')}</h2>
      {data.items.length === 0 ? (
        <p>{t('returns.none')}</p>
      ) : (
        <ul>
          {data.items.map((r) => (
            <li key={r.id}>
              <Link to={adminPath(lang, `/returns/${r.id}`)}>{t('returns.title', { id: r.id })}</Link> —{' '}
              {formatDateTime(r.created_at)}, {t(`returns.reason.${r.reason}` as AdminKey)},{' '}
              {t(`returns.state.${r.state}` as AdminKey)}, {t('returns.units')}: {r.units}
            </li>
          ))}
        </ul>
      )}
      {open.length ? (
        <details>
          <summary>{t('returns.create')}</summary>
          <Form method="post" className="admin-return-form">
            <input type="hidden" name="action" value="create_return" />
            <p>{t('returns.createHint')}</p>
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('order.product')}</th>
                  <th scope="col" className="num">
                    {t('returns.left')}
                  </th>
                  <th scope="col" className="num">
                    {t('returns.returned')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {open.map((l) => (
                  <tr key={l.item_id}>
                    <td>
                      {l.name} ({l.sku})
                    </td>
                    <td className="num">{l.left}</td>
                    <td className="num">
                      <input
                        type="number"
                        name={`qty_${l.item_id}`}
                        min={0}
                        max={l.left}
                        defaultValue={0}
                        aria-label={`${t('returns.returned')}: ${l.name}`}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <label>
              {t('returns.reason')}
              <select name="reason" required defaultValue="money_back">
                {(['withdrawal', 'money_back', 'warranty'] as const).map((r) => (
                  <option key={r} value={r}>
                    {t(`returns.reason.${r}`)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t('returns.note')}
              <input name="note" className="admin-wide" />
            </label>
            <button type="submit">{t('returns.create')}</button>
          </Form>
        </details>
      ) : null}
    </section>
  );
}
