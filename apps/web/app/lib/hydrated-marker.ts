import { useEffect, useState } from 'react';

/**
 * Marks the document once React has hydrated it: `<html data-hydrated>`. The page's scripts start
 * after its first paint (apps/server/src/first-paint.ts), so a page is readable and its links work
 * some time before its buttons do; the marker says when they do, for styles and for the browser
 * journeys (e2e/support/browser.ts waits for it after each page load).
 */
export function useHydratedMarker(): void {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
}

/** false in the server's render and the hydration that matches it, true from the next render on */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
