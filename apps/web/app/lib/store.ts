import { STORE_VIEWS, localizedPath, storeCodeFromPath, type StoreCode } from '@vitrina/domain';
import { createContext, useContext } from 'react';
import { useLocation } from 'react-router';

export { localizedPath };

/** The store view of a pathname ('/en/...' → en, '/ru/...' → ru, otherwise lt). */
export function storeCodeOf(pathname: string): StoreCode {
  return storeCodeFromPath(pathname).storeCode;
}

/** The store view of a loader request. */
export function storeCodeOfRequest(request: Request): StoreCode {
  return storeCodeOf(new URL(request.url).pathname);
}

/**
 * `/en/ru` and below: a path of no store view that the routes' optional prefix `en?/ru?` still
 * matches (routes.ts); the root loader answers it 404, as the per-store routes did.
 */
export function isStorePrefixPair(pathname: string): boolean {
  return /^\/en\/ru(?:\/|$)/.test(pathname);
}

export function catalogIndex(storeCode: StoreCode): string {
  return STORE_VIEWS[storeCode].index;
}

/**
 * The store view of the page shown, given once by the document's layout (root.tsx): a component
 * reading it renders again when the language changes, not at every navigation, as one reading the
 * location would (every text on the page calls useT, which reads it: under 4× CPU slowdown every
 * product card rendered again at a filter's tick, and the header at a grade's choice).
 */
export const StoreCodeContext = createContext<StoreCode | null>(null);

/** The current store view, from the URL (the same on the server and during hydration). */
export function useStoreCode(): StoreCode {
  const given = useContext(StoreCodeContext);
  // Without the layout above (a component rendered alone), from the location. Whether a provider is
  // above a component never changes during its life, so the hooks it calls stay the same.
  // eslint-disable-next-line react-hooks/rules-of-hooks
  return given ?? storeCodeOf(useLocation().pathname);
}

/** A function that prefixes a path with the current store view's prefix. */
export function useLocalizedPath(): (path: string) => string {
  const storeCode = useStoreCode();
  return (path: string) => localizedPath(storeCode, path);
}
