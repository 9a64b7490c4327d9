/**
 * How the journeys start Debian's Chromium (STACK-NOTES: flags that keep it quiet on a closed network):
 * once per run in global-setup.ts, or by a file of its own (browser.ts); the screenshots script and the Lighthouse bench use the same. No vitest import here, so the
 * global setup (in vitest's main process) can read it.
 */
import type { LaunchOptions } from 'playwright-core';

export const LAUNCH_OPTIONS: LaunchOptions = {
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
};
