import { useT } from '../i18n';
import { notifications, useNotifications } from '../state/notifications';

/** Toasts: each with its message, an OK button and at most one extra action. */
export function Notifications() {
  const list = useNotifications();
  const t = useT();
  return (
    <div className="toasts" role="status" aria-live="polite" aria-label={t('common.notifications')}>
      {list.map((n) => (
        <div key={n.id} className={`toast toast-${n.type}`}>
          <p>{n.message}</p>
          <div className="toast-actions">
            {n.action2 ? (
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => notifications.run(n.id, 'action2')}
              >
                {n.action2.label}
              </button>
            ) : null}
            <button type="button" className="btn" onClick={() => notifications.run(n.id, 'action1')}>
              {n.action1?.label ?? t('common.ok')}
            </button>
          </div>
        </div>
      ))}
    </div>
  );
}
