/**
 * The look and the way to subcategories ("Finding products", "Verified by"):
 *  - at 320, 390 and 1366 px in lt, en and ru the home, a category and a product page do not scroll
 *    sideways (the Russian category page was 552 px wide on a 390 px phone; at 320 px also in the
 *    fallback font, before the web font arrives; a C+ grade's cards, whose badge once pushed the
 *    Russian page to 330 px), and axe finds nothing
 *    on them (at 390 and 1366 px);
 *  - on a phone the header takes at most two rows before the content, and a category's first product
 *    card is in the first screen (320 and 390 px);
 *  - on a desktop every top category is in the bar's one row or under "More", and a shopper reaches
 *    a subcategory from the menu with the keyboard alone (Tab, Enter, Escape);
 *  - the checkout's summary beside the steps keeps a long Russian word of a product's name whole at 1366 px
 *    (it broke "(восстановле|нный" in a 20rem column).
 */
import { describe, expect, inject, it } from 'vitest';
import type { StoreCode } from '@vitrina/domain';
import { getT } from '../apps/web/app/i18n/index.ts';
import { axeViolations } from './support/axe.ts';
import { useBrowser } from './support/browser.ts';
import { expectNoHorizontalScroll, watchErrors } from './support/page.ts';

const shopUrl = inject('shopUrl');
const browser = useBrowser();

type Doc = { id: number; url_path: string; name: string; children_data?: Doc[]; is_active?: boolean };

async function searchDocs<T>(store: StoreCode, type: string, request: unknown, extra = ''): Promise<T[]> {
  const index = store === 'lt' ? 'vue_storefront_catalog' : `vue_storefront_catalog_${store}`;
  const q = encodeURIComponent(JSON.stringify(request));
  const res = await fetch(`${shopUrl}/vsbridge/catalog/${index}/${type}/_search?request=${q}${extra}`);
  return ((await res.json()) as { hits: { hits: { _source: T }[] } }).hits.hits.map((h) => h._source);
}

/** The top categories in menu order, the first one's first product. */
async function pagesOf(store: StoreCode) {
  const prefix = store === 'lt' ? '' : `/${store}`;
  const tops = (
    await searchDocs<Doc>(store, 'category', { filters: { level: 2 } }, '&size=50&sort=position:asc')
  ).filter((c) => c.is_active !== false);
  const first = tops[0]!;
  const [product] = await searchDocs<Doc>(
    store,
    'product',
    { filters: { category_ids: first.id } },
    '&size=1',
  );
  // the lowest grades carry the longest labels ("C+ (удовлетворительное состояние)"): their cards at 320 px
  const [condition] = await searchDocs<{ options: { value: number; label: string }[] }>(store, 'attribute', {
    filters: { attribute_code: 'condition' },
  });
  const cPlus = condition!.options.find((o) => o.label.startsWith('C+'))!;
  return {
    prefix,
    tops,
    urls: [`${prefix}/`, `${prefix}/${first.url_path}`, `${prefix}/${product!.url_path}`],
    gradeListing: `${prefix}/${first.url_path}?condition=${cPlus.value}`,
  };
}

describe.each<StoreCode>(['lt', 'en', 'ru'])('look (%s)', (store) => {
  const t = getT(store);

  it('home, category and product fit 320, 390 and 1366 px and pass axe', async () => {
    const { urls, gradeListing } = await pagesOf(store);
    for (const width of [320, 390, 1366]) {
      const page = await browser.newPage({ viewport: { width, height: width > 800 ? 900 : 844 } });
      const errors = watchErrors(page);
      for (const url of urls) {
        await page.goto(shopUrl + url, { waitUntil: 'networkidle' });
        await page.evaluate(() => document.fonts.ready);
        await expectNoHorizontalScroll(page, url);
        if (width !== 320) expect(await axeViolations(page), `axe on ${url} at ${width} px`).toEqual([]);
        if (width === 390) {
          // at most two rows before the content: the header ends within 2 × 56 px (+ border)
          const bottom = await page.locator('.site-header').evaluate((h) => h.getBoundingClientRect().bottom);
          expect(bottom, `header height on ${url}`).toBeLessThanOrEqual(2 * 56 + 8);
        }
        if (width !== 1366 && url === urls[1]) {
          // the category's first product card (its image) is in the phone's first screen
          const image = page.locator('.listing-products .card:not(.card-banner) img').first();
          const box = await image.boundingBox();
          expect(box, `a first card on ${url}`).not.toBeNull();
          expect(box!.y + box!.height, `first card on ${url} at ${width} px`).toBeLessThanOrEqual(844);
        }
      }
      if (width === 320) {
        await page.goto(shopUrl + gradeListing, { waitUntil: 'networkidle' });
        await page.evaluate(() => document.fonts.ready);
        await expectNoHorizontalScroll(page, gradeListing);
      }
      expect(errors).toEqual([]);
      await page.close();
    }
    // before the web font arrives (or if it never does) the fallback font is wider: a 320 px phone
    // still does not scroll sideways (a Russian banner title's longest word once widened its column)
    const fallback = await browser.newPage({ viewport: { width: 320, height: 844 } });
    await fallback.route(/\.woff2(\?|$)/, (route) => route.abort());
    for (const url of urls) {
      await fallback.goto(shopUrl + url, { waitUntil: 'networkidle' });
      await expectNoHorizontalScroll(fallback, `${url} (fallback font)`);
    }
    await fallback.close();
  });

  it('desktop: every top category is in the bar or under More; a subcategory by keyboard', async () => {
    const { prefix, tops } = await pagesOf(store);
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.goto(`${shopUrl}${prefix}/`, { waitUntil: 'networkidle' });
    await page.evaluate(() => document.fonts.ready);
    const nav = page.getByRole('navigation', { name: t('header.categories') });

    // one row: the visible tops plus the ones under More are all of them, none cut off (the bar
    // re-measures when the web font has changed the names' widths: polled)
    const shownItems = () =>
      nav.locator('.category-nav-list > li:not([inert])').evaluateAll((lis) =>
        lis.map((li) => {
          const r = li.getBoundingClientRect();
          return { text: (li.firstElementChild?.textContent ?? '').trim(), right: r.right, top: r.top };
        }),
      );
    const offRow = async () => {
      const items = await shownItems();
      return items.filter((s) => s.top !== items[0]!.top || s.right > 1366).map((s) => s.text);
    };
    await expect.poll(offRow, { timeout: 5_000 }).toEqual([]);
    const shown = await shownItems();
    // the graded goods, the shop's difference, are never behind More (the demo puts them first)
    expect(shown[0]?.text).toBe(
      { lt: 'Atnaujinta technika', en: 'Refurbished', ru: 'Восстановленная техника' }[store],
    );
    const more = nav.getByRole('button', { name: t('header.moreLabel') });
    let underMore: string[] = [];
    if (await more.isVisible()) {
      await more.click();
      underMore = (await nav.locator('.nav-more .nav-panel > ul > li > a').allTextContents()).map((s) =>
        s.trim(),
      );
      await more.click();
    }
    expect([...shown.map((s) => s.text), ...underMore].sort()).toEqual(tops.map((c) => c.name).sort());

    // keyboard only: from the search field, Tab to the first category's button, open it, Tab to
    // "All in …" and on to the first subcategory, Escape closes and returns, then open and follow
    const first = tops.find((c) => (c.children_data ?? []).length > 0)!;
    const child = first.children_data![0]!;
    await page.getByLabel(t('header.searchLabel')).focus();
    const button = nav.getByRole('button', { name: first.name, exact: true });
    for (let i = 0; i < 15 && !(await button.evaluate((b) => b === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    await expect.poll(() => button.evaluate((b) => b === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      t('header.allIn', { name: first.name }),
    );
    await page.keyboard.press('Escape');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await button.evaluate((b) => b === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(child.name);
    expect(await axeViolations(page), 'axe with the menu open').toEqual([]);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === `${prefix}/${child.url_path}`);
    await page.getByRole('heading', { level: 1, name: child.name }).waitFor();
    await page.close();
  });
});

describe('the web font (lib/fonts.ts)', () => {
  it('a first visit paints in the font sized like Inter and fetches Inter after hydration; the next page draws Inter from its first paint, with no layout shift', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addInitScript(() => {
      type Shift = { value: number; sources?: { node?: Node | null }[] };
      const w = window as unknown as { shifts: number; moved: string[] };
      w.shifts = 0;
      w.moved = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as Shift[]) {
          w.shifts += e.value;
          // what moved, for the failure's message
          for (const { node } of e.sources ?? [])
            w.moved.push(node instanceof Element ? node.outerHTML.slice(0, 160) : String(node?.nodeName));
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const fonts: string[] = [];
    context.on('request', (r) => {
      if (/\.woff2(\?|$)/.test(r.url())) fonts.push(r.url());
    });
    const page = await context.newPage();
    const html = page.locator('html');
    const bodyFont = () => page.evaluate(() => getComputedStyle(document.body).fontFamily);

    await page.goto(`${shopUrl}/`, { waitUntil: 'load' });
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    expect(await html.getAttribute('data-fonts')).toBeNull();
    expect(await bodyFont()).toMatch(/^"Inter Fallback"/);
    // fetched after hydration (all three files, not applied), and remembered
    await expect.poll(() => page.evaluate(() => localStorage.getItem('vitrina:fonts'))).toBeTruthy();
    expect(new Set(fonts).size).toBe(3);
    // none asked for before the page's load and its first paint (they start with the scripts)
    const timing = await page.evaluate(() => ({
      load: performance.getEntriesByType('navigation')[0]!.toJSON().loadEventEnd as number,
      paint: performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
      starts: performance
        .getEntriesByType('resource')
        .filter((e) => /\.woff2(\?|$)/.test(e.name))
        .map((e) => e.startTime),
    }));
    expect(timing.starts.length).toBeGreaterThan(0);
    for (const start of timing.starts) expect(start).toBeGreaterThan(Math.max(timing.load, timing.paint));
    expect(await html.getAttribute('data-fonts')).toBeNull();
    // the shopper's next navigation turns the page to Inter
    const category = page.locator('main a[href^="/c/"]').first();
    const href = (await category.getAttribute('href'))!;
    await category.click();
    await page.waitForURL((u) => u.pathname === href);
    await expect.poll(() => html.getAttribute('data-fonts')).toBe('');
    expect(await bodyFont()).toMatch(/^Inter/);

    // a new page load on this device: Inter from the first paint, nothing moves
    const next = await context.newPage();
    await next.goto(`${shopUrl}${href}`, { waitUntil: 'load' });
    expect(await next.locator('html').getAttribute('data-fonts')).toBe('');
    await next.evaluate(() => document.fonts.ready);
    expect(
      await next.evaluate(() =>
        [...document.fonts].some((f) => f.family === 'Inter' && f.status === 'loaded'),
      ),
    ).toBe(true);
    const { shifts, moved } = await next.evaluate(() => {
      const w = window as unknown as { shifts: number; moved: string[] };
      return { shifts: w.shifts, moved: w.moved };
    });
    // Under a loaded CI machine a text node has twice moved by a hair on this load (0.00017 and
    // 0.00032, where Lighthouse shows CLS 0 below 0.005 and "good" is 0.1), not reproduced locally in
    // 8 runs; a font swap moves whole blocks and scores in the hundredths, so this bound still catches it.
    expect(shifts, `layout shifts of ${moved.join(' | ')}`).toBeLessThan(0.001);
    await context.close();
  });
});

describe('the shop Link (lib/link.tsx)', () => {
  it('prefetches a product on hover and opens it without loading a document', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const documents: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'document') documents.push(r.url());
    });
    await page.goto(`${shopUrl}/c/kompiuteriai`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const card = page.locator('a[href^="/p/"]').first();
    const href = (await card.getAttribute('href'))!;
    // no lazy route discovery mark: every route is listed up front
    expect(await card.getAttribute('data-discover')).toBeNull();
    await card.hover();
    await expect
      .poll(() => page.locator(`link[rel="prefetch"][href^="${href.split('?')[0]}.data"]`).count())
      .toBeGreaterThan(0);
    await card.click();
    await page.waitForURL((url) => url.pathname === href);
    await page.locator('h1').waitFor();
    expect(documents).toHaveLength(1); // the category page's own
    await context.close();
  });
});

/**
 * Hydration adopts the page the server sent instead of rebuilding it (a mismatch makes the framework render
 * that part again on the client: a rebuilt <style> is parsed again, a replaced image loads again, and a
 * renderer that keeps the server's attributes, as Preact did when it was tried for leaves ids
 * pointing nowhere). Every element of the first paint is the same node after hydration, and hydration added
 * or removed no element but React Router's preloads and scripts.
 */
describe('hydration', () => {
  it('keeps the server’s nodes on the home, a category and a product page in lt, en and ru', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const errors = watchErrors(page);
    await page.addInitScript(() => {
      const changes: string[] = [];
      Object.assign(window, { hydrationChanges: changes });
      new MutationObserver((records) => {
        if (document.readyState === 'loading' || document.documentElement.hasAttribute('data-hydrated'))
          return;
        for (const r of records)
          for (const [sign, nodes] of [
            ['+', r.addedNodes],
            ['-', r.removedNodes],
          ] as const)
            for (const n of nodes)
              if (n instanceof Element && !['LINK', 'SCRIPT'].includes(n.tagName))
                changes.push(`${sign} <${n.tagName.toLowerCase()} class="${n.className}">`);
      }).observe(document, { subtree: true, childList: true });
      document.addEventListener('DOMContentLoaded', () => {
        const seen = [
          ...document.querySelectorAll('head > :not(link):not(script), body *:not(link):not(script)'),
        ];
        Object.assign(window, { firstPaintNodes: seen });
      });
    });
    for (const store of ['lt', 'en', 'ru'] as const) {
      const { urls } = await pagesOf(store);
      for (const url of urls) {
        await page.goto(`${shopUrl}${url}`);
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
        const { changes, lost } = await page.evaluate(() => {
          const w = window as unknown as { hydrationChanges: string[]; firstPaintNodes: Element[] };
          return {
            changes: w.hydrationChanges,
            lost: w.firstPaintNodes.filter((n) => !n.isConnected).length,
          };
        });
        expect(changes, url).toEqual([]);
        expect(lost, `${url}: elements of the first paint replaced`).toBe(0);
      }
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a click on a part below the first screen before it hydrated still works: the footer’s link opens its page without a document load', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const errors = watchErrors(page);
    const documents: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'document') documents.push(r.url());
    });
    await page.goto(`${shopUrl}/`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    // the footer waits for the screen, a first interaction or the first idle moment (components/ui/HydrateLater.tsx)
    expect(await page.locator('template[data-hydrate-later] + footer.site-footer').count()).toBe(1);
    const link = page.locator('footer.site-footer nav a').first();
    const href = (await link.getAttribute('href'))!;
    // a click alone, with no scroll and no pointer before it: only the click reaches the page
    await link.evaluate((a: HTMLElement) => a.click());
    await page.waitForURL((url) => url.pathname === href);
    await page.locator('h1').waitFor();
    expect(documents).toHaveLength(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the home page’s first layout leaves its parts below the first screen for later, and nothing seen moves when they come', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const errors = watchErrors(page);
    await page.addInitScript(() => {
      const shifts: number[] = [];
      Object.assign(window, { shifts });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number })[]) shifts.push(e.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`${shopUrl}/`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const visibility = await page.evaluate(() =>
      [...document.querySelectorAll('#main > section, footer.site-footer')].map(
        (e) => `${e.className}: ${getComputedStyle(e).getPropertyValue('content-visibility')}`,
      ),
    );
    // the first screen and the new products are laid out at once; the rest when near the screen
    expect(visibility[0]).toBe('hero: visible');
    expect(visibility[1]).toBe('home-list: visible');
    expect(
      visibility.slice(2).every((v) => v.endsWith(': auto')),
      visibility.join(', '),
    ).toBe(true);
    // down the page a screen at a time, then back up: the parts take their own sizes off the screen
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y < height + 844; y += 600) {
      await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    }
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
    expect(shifts.reduce((a, b) => a + b, 0)).toBeLessThan(0.01);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('the checkout summary', () => {
  it('keeps each word of a long Russian product name whole beside the steps at 1366 px', async () => {
    const t = getT('ru');
    const docs = await searchDocs<Doc & { stock?: { is_in_stock?: boolean } }>(
      'ru',
      'product',
      { filters: { type_id: 'simple' } },
      '&size=200',
    );
    const longestWord = (d: Doc) => Math.max(...d.name.split(/\s+/).map((w) => w.length));
    const doc = docs.filter((d) => d.stock?.is_in_stock !== false).sort((a, b) => longestWord(b) - longestWord(a))[0]!;
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    const errors = watchErrors(page);
    await page.goto(`${shopUrl}/ru/${doc.url_path}`);
    const add = page.getByRole('button', { name: t('product.addToCart'), exact: true });
    await expect.poll(() => add.isEnabled()).toBe(true);
    await add.click();
    await page.getByRole('button', { name: t('header.cartCount', { count: 1 }) }).waitFor();
    await page.goto(`${shopUrl}/ru/checkout`);
    const name = page.locator('.checkout-summary .summary-line-name').first();
    await name.waitFor();
    // a word drawn on two lines has two boxes of different tops
    const split = await name.evaluate((el) => {
      const text = el.firstChild!;
      const words: string[] = [];
      for (const m of (text.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(text, m.index);
        range.setEnd(text, m.index + m[0].length);
        if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1) words.push(m[0]);
      }
      return words;
    });
    expect(split, doc.name).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
