/**
 * What the shop does with a page it cannot load while offline (accounts-checkout-routes.md §8:
 * "Offline with empty query result: 'The product, category or CMS page is not available in Offline
 * mode. Redirecting to Home.' and redirect to home. Other route data errors show the message.").
 * Pure: used by the service worker (its offline document) and by the app's error boundary.
 */
import {
  STATIC_PAGES,
  localizedPath,
  staticPageSlug,
  storeCodeFromPath,
  translateMessage,
  type StaticPageKey,
  type StoreCode,
} from '@vitrina/domain';

/** catalogue: product, category, CMS or static page; home; search; anything else. */
export type OfflinePageKind = 'product' | 'category' | 'cms' | 'home' | 'search' | 'other';

/** The kind of page at a pathname, by the route table (routes.ts). */
export function offlinePageKind(pathname: string): OfflinePageKind {
  const { storeCode, rest } = storeCodeFromPath(pathname);
  const path = rest.replace(/\/+$/, '') || '/';
  if (path === '/' || path === '/pwa.html') return 'home';
  if (path.startsWith('/p/')) return 'product';
  if (path.startsWith('/c/')) return 'category';
  if (path.startsWith('/i/')) return 'cms';
  if (path === '/search') return 'search';
  const slug = path.slice(1);
  const isStatic = (Object.keys(STATIC_PAGES) as StaticPageKey[]).some(
    (page) => staticPageSlug(page, storeCode) === slug,
  );
  return isStatic ? 'cms' : 'other';
}

/** Product, category and CMS pages never seen offline: the message, then home (spec §8). */
export function redirectsHomeOffline(kind: OfflinePageKind): boolean {
  return kind === 'product' || kind === 'category' || kind === 'cms';
}

/** How long the offline message stays before going home. */
export const OFFLINE_REDIRECT_MS = 3000;

/**
 * A failed load that means "no network": the browser reports offline, or fetch itself failed
 * (Chromium: "Failed to fetch", Firefox: "NetworkError…", Safari: "Load failed").
 */
export function isOfflineFailure(error: unknown, onLine: boolean): boolean {
  if (!onLine) return true;
  return (
    error instanceof TypeError && /failed to fetch|networkerror|load failed|network/i.test(error.message)
  );
}

/** The store view's home path. */
export function homeOf(pathname: string): string {
  return localizedPath(storeCodeFromPath(pathname).storeCode, '/');
}

const OFFLINE_TEXT: Record<StoreCode, { title: string; notSaved: string; home: string }> = {
  en: {
    title: 'No internet connection',
    notSaved:
      'This page is not saved on this device, so it cannot open without the internet. Try again when you are back online.',
    home: 'Go to the home page',
  },
  lt: {
    title: 'Nėra ryšio',
    notSaved:
      'Šis puslapis neišsaugotas šiame įrenginyje, todėl be interneto jo atidaryti negalima. Pabandykite, kai grįš ryšys.',
    home: 'Į pagrindinį puslapį',
  },
  ru: {
    title: 'Нет интернета',
    notSaved:
      'Эта страница не сохранена на устройстве, поэтому без интернета она не откроется. Попробуйте снова, когда связь появится.',
    home: 'На главную страницу',
  },
};

/** The UI text of the offline pages in a store view (also used by the app's error boundary). */
export function offlineText(storeCode: StoreCode) {
  return OFFLINE_TEXT[storeCode];
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The document the service worker answers for a navigation it has no copy of while offline: for a
 * product, category or CMS page the spec's message and a redirect home; otherwise a short note with
 * a link home. Self-contained (no scripts, inline style) so it renders with nothing else cached.
 */
export function offlineDocument(pathname: string): { html: string; redirect: string | null } {
  const { storeCode } = storeCodeFromPath(pathname);
  const home = homeOf(pathname);
  const text = OFFLINE_TEXT[storeCode];
  const kind = offlinePageKind(pathname);
  const redirect = redirectsHomeOffline(kind) ? home : null;
  const message = redirect ? translateMessage('error.offlineNotAvailable', storeCode) : text.notSaved;
  const refresh = redirect
    ? `<meta http-equiv="refresh" content="${OFFLINE_REDIRECT_MS / 1000};url=${escapeHtml(redirect)}">`
    : '';
  const html = `<!doctype html>
<html lang="${storeCode}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">${refresh}<title>${escapeHtml(text.title)} | Vitrina</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:2rem;color:#1a1a1a}main{max-width:36rem;margin:0 auto}a{color:#0b5cad}</style>
</head><body><main><h1>${escapeHtml(text.title)}</h1><p role="alert">${escapeHtml(message)}</p>
<p><a href="${escapeHtml(home)}">${escapeHtml(text.home)}</a></p></main></body></html>`;
  return { html, redirect };
}
