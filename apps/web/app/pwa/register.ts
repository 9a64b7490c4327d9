/**
 * Registers the service worker (loaded with a dynamic import after hydration, so it costs the first
 * load nothing). Tracks a waiting new version for the update prompt and reloads once the accepted
 * version controls the page.
 */
import { setWaitingWorker } from './update';

export async function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  let controlled = Boolean(navigator.serviceWorker.controller);
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // the first worker claiming a fresh page is no update; a replaced version (accepted here or in
    // another tab) reloads, as this page's chunks belong to the old one
    if (!controlled) {
      controlled = true;
      return;
    }
    if (reloading) return;
    reloading = true;
    window.location.reload();
  });

  const registration = await navigator.serviceWorker.register('/service-worker.js', { scope: '/' });
  // some automation and privacy modes answer without a registration
  if (!registration) return null;
  const offer = () => {
    // a waiting worker with a controller present is a new version; without one it is the first install
    if (registration.waiting && navigator.serviceWorker.controller) setWaitingWorker(registration.waiting);
  };
  offer();
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offer();
    });
  });
  return registration;
}
