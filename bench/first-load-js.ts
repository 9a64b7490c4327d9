/**
 * First-load JavaScript (≤ 90 KiB gzip on home, category and product pages): starts the built
 * shop in its own process (`npm run build` first; bench data folder as the SSR bench), loads each page in
 * Chromium (`CHROME_PATH`, default /usr/bin/chromium) with an empty cache until the network is idle, and sums
 * every JavaScript response the page fetched, as gzip level 6 of its body (what the shop's compression sends,
 * independent of whether this request happened to be compressed). The service worker is blocked: its
 * precaching after load is not first-load code, and this counts what the page itself runs.
 * Each total is split by when the file was asked for: before React had hydrated the page
 * (`<html data-hydrated>`), and after it (what loads at idle or on the way to the screen: the cart engine's
 * idle load, parts hydrated later).
 */
import { loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import { launchBenchChromium } from './browser.ts';
import { benchPagePaths, startShopProcess } from './shop-process.ts';

export async function runFirstLoadJsBench() {
  const server = await startShopProcess();
  const base = `http://127.0.0.1:${server.port}`;
  const browser = await launchBenchChromium();
  try {
    const { product, category } = await benchPagePaths(server.port);
    const pages: [string, string][] = [
      ['home', '/'],
      ['category', category],
      ['product', product],
    ];
    console.log(
      `\nFirst-load JavaScript (gzip -6 of each .js body, until network idle, service worker blocked), load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    for (const [label, p] of pages) {
      const context = await browser.newContext({
        serviceWorkers: 'block',
        viewport: { width: 390, height: 844 },
        // a Lithuanian shopper's browser on the Lithuanian pages: no language suggestion, whose
        // other-language dictionary an English browser loads once (components/LanguageSuggestion.tsx)
        locale: 'lt-LT',
      });
      const page = await context.newPage();
      const bodies: Promise<{ url: string; raw: number; gzip: number; afterHydration: boolean } | null>[] =
        [];
      let hydrated = false;
      const askedAfterHydration = new WeakSet<object>();
      page.on('request', (request) => {
        if (hydrated) askedAfterHydration.add(request);
      });
      page.on('response', (response) => {
        const type = response.headers()['content-type'] ?? '';
        if (!/javascript/.test(type) && !/\.m?js(\?|$)/.test(response.url())) return;
        const afterHydration = askedAfterHydration.has(response.request());
        bodies.push(
          response.body().then(
            (body) => ({
              url: response.url(),
              raw: body.length,
              gzip: gzipSync(body, { level: 6 }).length,
              afterHydration,
            }),
            // a response still arriving when the context closes (after network idle) is not first-load
            // code; unread, its rejection would end the whole bench
            () => null,
          ),
        );
      });
      const hydration = page
        .waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'), null, {
          polling: 'raf',
        })
        .then(
          () => (hydrated = true),
          () => undefined,
        );
      const answer = await page.goto(base + p, { waitUntil: 'networkidle' });
      if (!answer?.ok()) throw new Error(`${p} answered ${answer?.status()}`);
      await hydration;
      const files = (await Promise.all(bodies)).filter((f) => f !== null);
      await context.close();
      const kib = (n: number) => (n / 1024).toFixed(1);
      const gzip = files.reduce((s, f) => s + f.gzip, 0);
      const raw = files.reduce((s, f) => s + f.raw, 0);
      const later = files.filter((f) => f.afterHydration);
      const laterGzip = later.reduce((s, f) => s + f.gzip, 0);
      console.log(
        `${label.padEnd(9)} ${p.slice(0, 50).padEnd(52)} ${kib(gzip).padStart(6)} KiB gzip (${kib(raw)} KiB raw) in ${files.length} files` +
          `: ${kib(gzip - laterGzip)} KiB before hydration, ${kib(laterGzip)} KiB in ${later.length} files after it`,
      );
      if (process.env.BENCH_VERBOSE)
        for (const f of files.sort((a, b) => b.gzip - a.gzip))
          console.log(
            `    ${kib(f.gzip).padStart(6)} KiB  ${f.afterHydration ? 'after ' : 'before'}  ${new URL(f.url).pathname}`,
          );
    }
  } finally {
    await browser.close();
    await server.close();
  }
}
