/** Debian's Chromium through playwright-core (STACK-NOTES: flags that keep it quiet on a closed network). */
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

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
 */
export function useBrowser(): Pick<Browser, 'newPage' | 'newContext'> {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  const started = () => {
    if (!browser) throw new Error('the browser is launched in beforeAll');
    return browser;
  };
  return {
    newPage: (options) => started().newPage(options),
    newContext: (options) => started().newContext(options),
  };
}
