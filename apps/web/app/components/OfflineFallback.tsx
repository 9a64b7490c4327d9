import { useEffect, useState } from 'react';
import { getT, useT } from '../i18n';
import { CACHE_NAMES } from '../pwa/cache-plan';
import {
  OFFLINE_REDIRECT_MS,
  homeOf,
  offlinePageKind,
  offlineText,
  redirectsHomeOffline,
} from '../pwa/offline';
import { storeCodeOf } from '../lib/store';

type Outcome = 'checking' | 'redirect' | 'no-products' | 'not-saved';

/** A reload of the same URL within this time is not repeated (no reload loop). */
const RELOAD_GUARD_MS = 10_000;

/**
 * A page whose data could not be loaded because the device is offline (the root error boundary):
 * - the page's document is kept on the device: reload, the service worker answers it;
 * - a category seen with other filters: "No products synchronized for this category…" with OK;
 * - a product, category or CMS page never seen: the spec's message, then home
 *   (accounts-checkout-routes.md §8 "Offline with empty query result");
 * - anything else: a note that the page is not saved on this device.
 */
export function OfflineFallback({ pathname, search }: { pathname: string; search: string }) {
  const storeCode = storeCodeOf(pathname);
  const t = getT(storeCode);
  const home = homeOf(pathname);
  const [outcome, setOutcome] = useState<Outcome>('checking');

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const href = pathname + search;
    const decide = async (): Promise<Outcome> => {
      const cache = 'caches' in window ? await caches.open(CACHE_NAMES.pages) : null;
      if (cache && (await cache.match(href)) && reloadAllowed(href)) return 'checking';
      const kind = offlinePageKind(pathname);
      if (kind === 'category' && cache && (await cache.match(pathname, { ignoreSearch: true })))
        return 'no-products';
      return redirectsHomeOffline(kind) ? 'redirect' : 'not-saved';
    };
    void decide()
      .catch((): Outcome => 'not-saved')
      .then((next) => {
        if (cancelled) return;
        if (next === 'checking') {
          window.location.reload();
          return;
        }
        setOutcome(next);
        if (next === 'redirect') timer = setTimeout(() => window.location.assign(home), OFFLINE_REDIRECT_MS);
      });
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [pathname, search, home]);

  if (outcome === 'checking') return null;
  if (outcome === 'no-products') return <NoProductsOffline />;
  return (
    <section className="not-found offline-page">
      <h1>{offlineText(storeCode).title}</h1>
      <p role="alert">
        {outcome === 'redirect' ? t.msg('error.offlineNotAvailable') : offlineText(storeCode).notSaved}
      </p>
      <p>
        <a href={home}>{offlineText(storeCode).home}</a>
      </p>
    </section>
  );
}

/** An empty or failed product list while offline (spec message `catalog.noProductsOffline`). */
export function NoProductsOffline() {
  const t = useT();
  const back = () => {
    if (window.history.length > 1) window.history.back();
    else window.location.assign(homeOf(window.location.pathname));
  };
  return (
    <div className="offline-empty" role="alert">
      <p>{t.msg('catalog.noProductsOffline')}</p>
      <button type="button" className="btn btn-primary" onClick={back}>
        {t('common.ok')}
      </button>
    </div>
  );
}

function reloadAllowed(href: string): boolean {
  const key = `vitrina:offline-reload:${href}`;
  try {
    const last = Number(sessionStorage.getItem(key) ?? 0);
    if (Date.now() - last < RELOAD_GUARD_MS) return false;
    sessionStorage.setItem(key, String(Date.now()));
  } catch {
    // no session storage: reload once per page anyway (the worker answers from the device)
  }
  return true;
}
