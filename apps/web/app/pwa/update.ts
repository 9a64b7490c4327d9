import { useSyncExternalStore } from 'react';
import type { PwaMessage } from './messages';

/**
 * A new version of the shop (service worker) that is installed and waiting. It does not take over
 * the running page, whose HTML points at the old build's chunks (a prompt instead of a broken
 * page): accepting posts SKIP_WAITING and the page reloads once it controls.
 */
let waiting: ServiceWorker | null = null;
const listeners = new Set<() => void>();

export function setWaitingWorker(worker: ServiceWorker | null) {
  if (worker === waiting) return;
  waiting = worker;
  for (const l of listeners) l();
}

export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => waiting !== null,
    () => false,
  );
}

/** The shopper accepted: the waiting worker activates; register.ts reloads on `controllerchange`. */
export function acceptUpdate() {
  const message: PwaMessage = { type: 'SKIP_WAITING' };
  waiting?.postMessage(message);
}

/** "Later": the prompt goes away; the new version starts when every tab of the shop is closed. */
export function dismissUpdate() {
  setWaitingWorker(null);
}
