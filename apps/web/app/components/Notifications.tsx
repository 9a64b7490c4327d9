import { storeCodeFromPath } from '@vitrina/domain';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useT } from '../i18n';
import { notifications, useNotifications } from '../state/notifications';
import { GradeTitle } from './ui/GradeTitle';

/** Whether a path is the checkout's (any store view). */
export function isCheckoutPath(pathname: string): boolean {
  return /^\/checkout(\/|$)/.test(storeCodeFromPath(pathname).rest);
}

/**
 * Toasts: each with its message, the item's grade and details (the added item's cart total), an OK
 * button and at most one extra action. Where they sit is the stylesheet's: at the top of the
 * viewport, away from the drawer's coupon field and checkout button, the phone's buy bar and the
 * page's buy button (styles.css, "notices"). A page change drops the notices held by their action;
 * the way into checkout drops them all (state/notifications.ts `navigated`).
 */
export function Notifications() {
  const list = useNotifications();
  const t = useT();
  const { pathname } = useLocation();
  const last = useRef(pathname);
  useEffect(() => {
    if (last.current === pathname) return;
    last.current = pathname;
    notifications.navigated(isCheckoutPath(pathname));
  }, [pathname]);
  return (
    <div className="toasts" role="status" aria-live="polite" aria-label={t('common.notifications')}>
      {list.map((n) => (
        <div key={n.id} className={`toast toast-${n.type}`} data-group={n.group}>
          <p>{n.message}</p>
          {n.item ? <p className="toast-item">{n.item}</p> : null}
          {n.grade ? (
            <p className="toast-grade">
              <GradeTitle grade={n.grade} />
            </p>
          ) : null}
          {n.details?.map((line) => (
            <p key={line} className="toast-detail">
              {line}
            </p>
          ))}
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
