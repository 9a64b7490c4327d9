import { useEffect, useRef, useState } from 'react';
import { useT } from '../i18n';
import { useOnline } from '../pwa/connection';
import { acceptUpdate, dismissUpdate, useUpdateWaiting } from '../pwa/update';

/** How long "You are back online" stays after the connection returns. */
const BACK_ONLINE_MS = 4000;

/**
 * Under the header: whether the shop is offline (the shopper must know why a page cannot load
 * or an order waits) and the "new version available" prompt. One polite live region announces both.
 */
export function PwaStatus() {
  const t = useT();
  const online = useOnline();
  const update = useUpdateWaiting();
  const [backOnline, setBackOnline] = useState(false);
  const wasOffline = useRef(false);

  useEffect(() => {
    if (!online) {
      wasOffline.current = true;
      setBackOnline(false);
      return;
    }
    if (!wasOffline.current) return;
    wasOffline.current = false;
    setBackOnline(true);
    const timer = setTimeout(() => setBackOnline(false), BACK_ONLINE_MS);
    return () => clearTimeout(timer);
  }, [online]);

  return (
    <div className="pwa-status" role="status" aria-live="polite" aria-label={t('pwa.status')}>
      {online ? null : (
        <p className="pwa-banner pwa-offline" data-connection="offline">
          <span className="pwa-dot" aria-hidden="true" />
          {t('pwa.offline')}
        </p>
      )}
      {online && backOnline ? (
        <p className="pwa-banner pwa-online" data-connection="online">
          <span className="pwa-dot" aria-hidden="true" />
          {t('pwa.backOnline')}
        </p>
      ) : null}
      {update ? (
        <div className="pwa-banner pwa-update">
          <p>{t('pwa.updateAvailable')}</p>
          <button type="button" className="btn btn-primary" onClick={acceptUpdate}>
            {t('pwa.reload')}
          </button>
          <button type="button" className="btn" onClick={dismissUpdate}>
            {t('pwa.later')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
