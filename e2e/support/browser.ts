/** Debian's Chromium through playwright-core (STACK-NOTES: flags that keep it quiet on a closed network). */
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * One Chromium per test file: launched before the file's tests, closed after them. Answers the two
 * calls the journeys make, so a file reads `const browser = useBrowser();` and then `browser.newPage()`.
 * Every page it opens is watched for Content-Security-Policy violations, and a test during which
 * any page reported one fails (issue #12: the journeys run with the shop's CSP on).
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
      return page;
    },
    newContext: async (options) => {
      const context = await started().newContext(options);
      await watchCspViolations(context, violations);
      return context;
    },
  };
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
      console.error(`CSP violation: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} on ${e.documentURI}`);
    });
  });
  context.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy|CSP violation/i.test(text)) violations.push(text);
  });
}
