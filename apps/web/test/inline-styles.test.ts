import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { JSDOM } from 'jsdom';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStorefront } from '../../server/test/storefront-build.ts';
import { fakeApi } from './support/fake-api';

/**
 * The stylesheet is inlined in the server-rendered head (app/inline-styles.tsx, no
 * render-blocking stylesheet request), a catalogue page's by its page type (scripts/page-styles.ts);
 * the whole sheet is a file loaded after hydration, never inside client JS.
 * Checked on the real production build, the run's one build (apps/server/test/storefront-build.ts).
 */
const BRAND_RULE = '--brand:#1547c0';
let buildDir: string;
let removeBuild: (() => void) | undefined;
let handle: (request: Request, context?: Record<string, unknown>) => Promise<Response>;
const api = fakeApi();

beforeAll(async () => {
  ({ dir: buildDir, remove: removeBuild } = await buildStorefront('inline-styles'));
  await import(pathToFileURL(join(buildDir, 'server/index.js')).href).then((build: ServerBuild) => {
    const handler = createRequestHandler(build, 'production');
    handle = (request, context) => handler(request, context as never);
  });
}, 600_000);

afterAll(() => {
  removeBuild?.();
});

async function headOf(path: string) {
  const res = await handle(new Request('http://shop.test' + path), { apiFetch: api.fetch });
  return new JSDOM(await res.text()).window.document.head;
}

describe('inline stylesheet', () => {
  it.each(['/', '/en/c/laptops', '/ru/search?q=phone'])(
    '%s has the styles in <head> and no stylesheet link',
    async (path) => {
      const head = await headOf(path);
      const style = head.querySelector('style#vitrina-styles');
      expect(style?.textContent).toContain(BRAND_RULE);
      expect(head.querySelector('link[rel="stylesheet"]')).toBeNull();
    },
  );

  it('the checkout and account pages link their own stylesheet besides it (checkout-account.css)', async () => {
    for (const path of ['/checkout', '/en/my-account/orders', '/ru/order-completed']) {
      const head = await headOf(path);
      expect(head.querySelector('style#vitrina-styles')?.textContent).toContain(BRAND_RULE);
      const links = [...head.querySelectorAll('link[rel="stylesheet"]')].map((l) => l.getAttribute('href'));
      expect(links, path).toEqual([expect.stringMatching(/^\/assets\/checkout-account-[\w-]+\.css$/)]);
    }
  });

  it("a catalogue page inlines its page type's rules, fewer than the whole sheet, in their order", async () => {
    const whole = (await headOf('/checkout')).querySelector('style#vitrina-styles')!;
    expect(whole.getAttribute('data-part')).toBeNull();
    for (const [path, part] of [
      ['/', 'home'],
      ['/en/c/laptops', 'listing'],
      ['/ru/search?q=phone', 'search'],
    ] as const) {
      const style = (await headOf(path)).querySelector('style#vitrina-styles')!;
      expect(style.getAttribute('data-part'), path).toBe(part);
      const text = style.textContent!;
      expect(text.length, path).toBeLessThan(whole.textContent!.length * 0.75);
      // the fonts first, then the page's rules as a subsequence of the whole sheet's
      expect(text.startsWith('@font-face'), path).toBe(true);
      expect(text).toContain('.site-header');
    }
    const home = (await headOf('/')).querySelector('style#vitrina-styles')!.textContent!;
    // the product page's and the checkout's own rules are not the home page's
    expect(home).not.toContain('.product-main');
    expect(whole.textContent).toContain('.product-main');
  });

  it('ships the whole sheet once more, as a file without the fonts, and not inside a script', () => {
    const assets = readdirSync(join(buildDir, 'client', 'assets'));
    // the back office's own stylesheet (routes/admin), which the shop never loads, the checkout and
    // account pages' own, and the whole sheet a catalogue page loads after hydration
    const css = assets.filter((f) => f.endsWith('.css'));
    expect(css.map((f) => f.replace(/-[\w-]{8}\.css$/, '')).sort()).toEqual([
      'admin',
      'checkout-account',
      'styles',
    ]);
    const whole = readFileSync(
      join(
        buildDir,
        'client',
        'assets',
        css.find((f) => f.startsWith('styles-'))!,
      ),
      'utf8',
    );
    expect(whole).toContain(BRAND_RULE);
    expect(whole).not.toContain('@font-face');
    const scriptsWithCss = assets.filter(
      (f) =>
        f.endsWith('.js') && readFileSync(join(buildDir, 'client', 'assets', f), 'utf8').includes(BRAND_RULE),
    );
    expect(scriptsWithCss).toEqual([]);
  });
});
