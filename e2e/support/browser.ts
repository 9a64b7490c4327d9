/** Debian's Chromium through playwright-core (STACK-NOTES: flags that keep it quiet on a closed network). */
import { chromium, type Browser, type BrowserContext, type Download, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { LAUNCH_OPTIONS } from './chromium.ts';

/**
 * The run's Chromium (started once by global-setup.ts, record 0135): a file connects to it, and its
 * close() closes the contexts that file opened and disconnects. Every journey works in contexts of its
 * own (newPage opens one), so a file sees no other file's cookies or storage. Without the global setup's
 * browser (another config), a Chromium of the file's own.
 */
export function launchBrowser(): Promise<Browser> {
  const endpoint = inject('browserWsEndpoint');
  return endpoint ? chromium.connect(endpoint) : chromium.launch(LAUNCH_OPTIONS);
}

/**
 * The browser for a test file: connected to (launchBrowser) before the file's tests, closed after them.
 * Answers the two calls the journeys make, so a file reads `const browser = useBrowser();` and then
 * `browser.newPage()`.
 * Every page it opens is watched for Content-Security-Policy violations, and a test during which
 * any page reported one fails (the journeys run with the shop's CSP on).
 */
export function useBrowser(): Pick<Browser, 'newPage' | 'newContext'> {
  let browser: Browser | undefined;
  const violations: string[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(() => {
    expect(violations.splice(0), 'Content-Security-Policy violations').toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
  });
  const started = () => {
    if (!browser) throw new Error('the browser is launched in beforeAll');
    return browser;
  };
  return {
    newPage: async (options) => {
      const page = await started().newPage(options);
      await watchCspViolations(page.context(), violations);
      await answerLanguageSuggestion(page.context());
      if (options?.javaScriptEnabled !== false) waitForHydrationOnLoad(page);
      return page;
    },
    newContext: async (options) => {
      const context = await started().newContext(options);
      await watchCspViolations(context, violations);
      await answerLanguageSuggestion(context);
      if (options?.javaScriptEnabled !== false) context.on('page', waitForHydrationOnLoad);
      return context;
    },
  };
}

/**
 * Chromium here reads English (--lang=en-US), so every Lithuanian page would offer the English store
 * view (components/LanguageSuggestion.tsx) over the journeys' steps: their shopper has answered it
 * already. The suggestion itself is tested in apps/web/test/language-suggestion.test.tsx.
 */
async function answerLanguageSuggestion(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    try {
      if (localStorage.getItem('vitrina.language-answered') === null)
        localStorage.setItem('vitrina.language-answered', 'journey');
    } catch {
      // a document without storage (about:blank): nothing to answer
    }
  });
}

/**
 * Collects what the pages of a context say about CSP: Chromium's own console message ("Refused to
 * ... because it violates the following Content Security Policy directive") and, for a violation it
 * reports without one, the document's `securitypolicyviolation` event, logged by an init script
 * (which the browser runs outside the page's CSP).
 */
async function watchCspViolations(context: BrowserContext, violations: string[]): Promise<void> {
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(
        `CSP violation: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} on ${e.documentURI}`,
      );
    });
  });
  context.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy|CSP violation/i.test(text)) violations.push(text);
  });
}

/**
 * A shop page starts its scripts after its first paint (apps/server/src/first-paint.ts): when
 * Playwright's `load` arrives the page reads right and its links work, but its buttons answer only
 * once React has hydrated it. A journey acts like a shopper who waits for the page to be ready, so
 * every step that loads a document (goto, reload, back, forward, and a wait for a URL, which may
 * follow a full-page redirect) also waits for `<html data-hydrated>`. A document that is not the
 * shop's React page (no module script: the payment sandbox, a file) is not waited for.
 */
function waitForHydrationOnLoad(page: Page): void {
  const hydrated = () =>
    page.waitForFunction(
      () =>
        document.documentElement.hasAttribute('data-hydrated') ||
        !document.querySelector('script[type="module"]'),
      null,
      { timeout: 20_000 },
    );
  for (const method of ['goto', 'reload', 'goBack', 'goForward', 'waitForURL'] as const) {
    const original = page[method].bind(page) as (...args: unknown[]) => Promise<unknown>;
    (page as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      const result = await original(...args);
      const waitUntil = (
        args.find((a) => typeof a === 'object' && a !== null) as { waitUntil?: string } | undefined
      )?.waitUntil;
      // a step that asked for less than `load` (domcontentloaded, commit) wants the page early
      if (waitUntil === undefined || waitUntil === 'load' || waitUntil === 'networkidle') await hydrated();
      return result;
    };
  }
}

/**
 * A download's bytes. Read as a stream: the journeys' Chromium is the run's, which files connect to,
 * and a connected browser's download has no local path (`download.path()` throws there).
 */
export async function downloadBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
