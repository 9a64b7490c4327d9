import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Record 0151: the page's first style recalc makes a document of its own (page, frame, parse, style,
 * layout) for each SVG image its elements draw, ~4-5 ms of thread each at 1×: the save buttons' two
 * mask images were most of the home and listing pages' first recalc. The sheets draw no SVG image;
 * an icon is an inline svg (the save buttons': test/product-card.test.tsx).
 */
const SHEETS = ['styles.css', 'fonts.css', 'checkout-account.css'];
const SVG_IMAGE = /url\(\s*["']?(data:image\/svg\+xml|[^"')]*\.svg(\?[^"')]*)?["']?\s*\))/i;

describe('the stylesheets draw no SVG image', () => {
  for (const sheet of SHEETS)
    it(sheet, () => {
      const css = readFileSync(new URL(`../app/${sheet}`, import.meta.url), 'utf8');
      expect(css.match(SVG_IMAGE)?.[0]).toBeUndefined();
    });
});
