/**
 * A category page inlines only its page type's style rules; the product page's come with the whole
 * sheet, a file applied when a navigation to another page type starts. A shopper who taps a product
 * card before that file has come (here: its answer held 1.5 s, as on a slow network right after
 * hydration) must not get the product page committed without its rules: the page's first render is
 * read in the same task as its commit (a MutationObserver), before any frame is painted.
 */
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { watchErrors } from './support/page.ts';

const shopUrl = inject('shopUrl');
const browser = useBrowser();

describe('the product page opened from a category before the whole sheet has come', () => {
  it('is first shown with its rules', async () => {
    const page = await browser.newPage({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const errors = watchErrors(page);
    await page.addInitScript(() => {
      const w = window as { firstProductMain?: string };
      new MutationObserver(() => {
        const main = document.querySelector('.product-main');
        // a rule of the product page's only (styles.css "product page"): not in the listing's part
        if (main && w.firstProductMain === undefined)
          w.firstProductMain = getComputedStyle(main).gridTemplateAreas;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.route(/\/assets\/styles-[^/]*\.css$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto(`${shopUrl}/c/kompiuteriai`);
    await page.locator('main a[href*="/p/"]').first().tap();
    await page.waitForSelector('.product-main');
    const first = await page.evaluate(() => (window as { firstProductMain?: string }).firstProductMain);
    expect(first).toBe('"gallery" "info" "details"');
    expect(errors).toEqual([]);
  });
});
