import { PAYMENT_MOKILIZINGAS, PAYMENT_NEOPAY, localizedPath } from '@vitrina/domain';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { useCheckoutT } from '../i18n/checkout';
import { useApi } from '../api-client/use-api';
import { updateCheckout } from '../state/checkout';
import {
  isOrderTask,
  markThankYouPage,
  orderCompletedQuery,
  orderResultOf,
  transmitOrders,
} from '../sync/offline-orders';
import { syncQueue, type SyncTask } from '../sync/queue';

function subscribeOnline(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}
const useOnLine = () =>
  useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );

/** The task as stored (undefined while it is read), following changes made in any tab. */
function useTask(taskId: string): SyncTask | null | undefined {
  const [task, setTask] = useState<SyncTask | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    const read = () => void syncQueue.get(taskId).then((x) => live && setTask(x));
    read();
    const off = syncQueue.subscribe(read);
    return () => {
      live = false;
      off();
    };
  }, [taskId]);
  return task;
}

const REDIRECT_METHODS = new Set([PAYMENT_NEOPAY, PAYMENT_MOKILIZINGAS]);

/**
 * The thank-you page of an order queued on the device: shown as
 * queued, not placed. Back online, the order is sent at once (spec §4: "sent automatically ... if
 * the thank-you page shows"); once the server has it, the shopper goes to the order's thank-you
 * page (or to the payment provider's page for NEOPAY / MOKILIZINGAS).
 */
export function QueuedOrderPanel({ taskId, onBack }: { taskId: string; onBack?: () => void }) {
  const t = useCheckoutT();
  const api = useApi();
  const navigate = useNavigate();
  const online = useOnLine();
  const task = useTask(taskId);
  const [sending, setSending] = useState(false);
  const sentFor = useRef<boolean | null>(null);

  useEffect(() => markThankYouPage(), []);

  const send = () => {
    setSending(true);
    void transmitOrders([taskId]).finally(() => setSending(false));
  };

  // on this page, each time the device is (back) online: send it
  const pending = task != null && !task.transmited;
  useEffect(() => {
    if (!pending || !online || sentFor.current === online) return;
    sentFor.current = online;
    send();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pending, online]);
  useEffect(() => {
    if (!online) sentFor.current = null;
  }, [online]);

  const result = orderResultOf(task ?? null);
  useEffect(() => {
    if (!result || !task || !isOrderTask(task)) return;
    // placed: no longer queued; the thank-you state stays (isThankYouPage) for the order's page
    updateCheckout({ queuedOrderId: null, isThankYouPage: true });
    const info = task.payload.addressInformation;
    if (REDIRECT_METHODS.has(info.payment_method_code)) {
      const bank = (info.payment_method_additional as { bank?: string } | undefined)?.bank;
      window.location.assign(api.payment.redirectUrl(info.payment_method_code, task.payload.cart_id, bank));
      return;
    }
    void navigate(`${localizedPath(t.storeCode, '/order-completed')}${orderCompletedQuery(result)}`, {
      replace: true,
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result?.orderNumber]);

  const failed = task?.transmited && task.resultCode !== 200;
  // a refused order was not created: forgotten, so placing it again sends it again
  const back = () => {
    void syncQueue.forgetFailed(taskId);
    updateCheckout({ queuedOrderId: null, isThankYouPage: false });
    onBack?.();
  };

  return (
    <section
      className="narrow thank-you queued-order"
      data-testid="queued-order"
      aria-labelledby="queued-title"
    >
      <h1 id="queued-title">{t('offlineOrder.title')}</h1>
      <div role="status">
        {failed ? (
          <p className="field-error">
            {t('offlineOrder.failed', {
              message: t.msg(typeof task.result === 'string' ? task.result : 'error.generic'),
            })}
          </p>
        ) : task === null ? null : (
          <p>{sending || (online && pending) ? t('offlineOrder.sending') : t('offlineOrder.text')}</p>
        )}
      </div>
      {pending && online ? (
        <p>
          <button type="button" className="btn btn-primary" onClick={send} disabled={sending}>
            {t('offlineOrder.sendNow')}
          </button>
        </p>
      ) : null}
      {failed || task === null ? (
        <p>
          <button type="button" className="btn" onClick={back}>
            {t('offlineOrder.backToCheckout')}
          </button>
        </p>
      ) : null}
    </section>
  );
}
