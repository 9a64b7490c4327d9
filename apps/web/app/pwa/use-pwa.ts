import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type { PwaMessage } from './messages';
import { offlinePageKind } from './offline';

/**
 * The page side of the service worker: registers it after hydration (the registration code is a
 * separate chunk) and, after each client-side navigation to a page worth keeping, asks the worker
 * to keep that page's document so a reload offline renders it from the device.
 */
export function usePwa() {
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const start = () =>
      void import('./register')
        .then((m) => m.registerServiceWorker())
        .catch((e: unknown) => console.warn('service worker', e));
    // after the load event so the worker's precache does not compete with the page's own requests
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => window.removeEventListener('load', start);
  }, []);

  const location = useLocation();
  const href = location.pathname + location.search;
  useEffect(() => {
    const controller = typeof navigator !== 'undefined' ? navigator.serviceWorker?.controller : null;
    if (!controller || offlinePageKind(location.pathname) === 'other') return;
    const message: PwaMessage = { type: 'CACHE_PAGE', url: href };
    controller.postMessage(message);
  }, [href, location.pathname]);
}
