/**
 * A jsdom window installed over Node's globals, for component tests that also run the real API:
 * PGlite does not start inside vitest's jsdom environment (it takes itself for a browser), so such
 * a test starts the API first, then installs the window with this, then imports the UI modules.
 * `fetch` goes to the given transport (the real shop's `app.inject`).
 */
import type { ApiFetch } from '../../app/api-client/api';

const WINDOW_GLOBALS = [
  'window',
  'document',
  'HTMLElement',
  'HTMLInputElement',
  'Node',
  'Event',
  'MouseEvent',
  'KeyboardEvent',
  'getComputedStyle',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'navigator',
  'localStorage',
  'sessionStorage',
  'location',
  'history',
  'matchMedia',
];

export async function installBrowserGlobals(fetch: ApiFetch, url = 'http://localhost/en/'): Promise<void> {
  const { JSDOM } = (await import('jsdom')) as unknown as {
    JSDOM: new (html: string, options: object) => { window: Window };
  };
  const dom = new JSDOM('<!doctype html><html><body></body></html>', { url, pretendToBeVisual: true });
  const g = globalThis as Record<string, unknown>;
  for (const key of WINDOW_GLOBALS)
    g[key] = (dom.window as unknown as Record<string, unknown>)[key] ?? g[key];
  g.requestAnimationFrame ??= (cb: () => void) => setTimeout(cb, 0);
  g.cancelAnimationFrame ??= (id: ReturnType<typeof setTimeout>) => clearTimeout(id);
  g.IS_REACT_ACT_ENVIRONMENT = true;
  g.fetch = fetch;
}
