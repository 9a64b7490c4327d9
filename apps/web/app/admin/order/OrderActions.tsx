import { Form } from 'react-router';
import type { AdminKey, AdminT } from '../i18n';
import type { StaffOrder } from './types';

/** the lifecycle's actions the order's status allows (the API's `actions`), one form each */
export function OrderActions({
  t,
  order,
  carriers,
}: {
  t: AdminT;
  order: StaffOrder;
  carriers: { code: string; name: string }[];
}) {
  const actions = order.actions ?? [];
  if (actions.length === 0) return <p>{t('order.noActions')}</p>;
  return (
    <div className="admin-actions">
      {actions.map((a) => (
        <Form method="post" key={a}>
          <input type="hidden" name="action" value={a} />
          {a === 'ship' ? (
            <>
              <label>
                {t('order.carrier')}
                <input name="carrier" required list="admin-carriers" defaultValue={order.carrier ?? ''} />
                <datalist id="admin-carriers">
                  {carriers.map((c) => (
                    <option key={c.code} value={c.code}>
                      {c.name}
                    </option>
                  ))}
                </datalist>
              </label>
              <label>
                {t('order.trackingNumber')}
                <input name="tracking_number" required />
              </label>
            </>
          ) : null}
          {a === 'cancel' ? (
            <label>
              {t('order.reason')}
              <input name="reason" required className="admin-wide" />
            </label>
          ) : null}
          {a === 'refund' ? (
            <>
              <label>
                {t('money.refundReason')}
                <input name="reason" required maxLength={500} className="admin-wide" />
              </label>
              <label className="admin-check">
                <input type="checkbox" name="restock" />
                {t('order.restock')}
              </label>
            </>
          ) : null}
          <button type="submit" className={a === 'cancel' || a === 'refund' ? 'secondary' : undefined}>
            {t(`action.${a}` as AdminKey)}
          </button>
        </Form>
      ))}
    </div>
  );
}
