/**
 * What the browser benches share (first-load-js.ts, hydration.ts, interactions.ts): Debian's Chromium
 * launched the same way (never a downloaded browser), and the trace events they read.
 */
import { chromium } from 'playwright-core';

/** Chromium at CHROME_PATH (default /usr/bin/chromium), headless, no background traffic to skew bytes or time */
export function launchBenchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking'],
  });
}

/** one event of a Chromium trace (Trace Event Format), the fields the benches read */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** thread (CPU) time of a complete event */
  tdur?: number;
  args?: { name?: string; data?: { type?: string } };
}
