import { describe, expect, it } from 'vitest';
import { classPresent, pageSheets, requiredClasses } from '../scripts/page-styles';

/** The split of the inlined stylesheet by page type (scripts/page-styles.ts), on small sheets. */
describe('styles by page type', () => {
  it('a selector needs its classes outside functional pseudo-classes', () => {
    expect(requiredClasses('.card .price:hover')).toEqual(['card', 'price']);
    expect(requiredClasses('.btn:not(.btn-primary)')).toEqual(['btn']);
    expect(requiredClasses(':is(.a, .b) > p')).toEqual([]);
    expect(requiredClasses('a[href]')).toEqual([]);
  });

  it('a class built from parts counts as present by its prefix or suffix', () => {
    const tokens = new Set(['badge-', '-wide', 'card']);
    expect(classPresent('card', tokens)).toBe(true);
    expect(classPresent('badge-sale', tokens)).toBe(true);
    expect(classPresent('layout-wide', tokens)).toBe(true);
    expect(classPresent('product-main', tokens)).toBe(false);
  });

  it('keeps the rules a page type can use, in their order, and drops the empty media groups', () => {
    const css =
      '@font-face{font-family:X}:root{--a:1}.card{color:red}.product-main{color:blue}' +
      '@media (min-width:900px){.product-main{color:green}}@media (min-width:600px){.card,.zoom{margin:0}}' +
      '@keyframes spin{from{opacity:0}to{opacity:1}}a{color:red}';
    const tokens = new Set(['card']);
    const empty = new Set<string>();
    const sheets = pageSheets(css, {
      home: tokens,
      listing: tokens,
      product: new Set(['product-main']),
      search: empty,
    });
    expect(sheets.home).toBe(
      '@font-face{font-family:X}:root{--a:1}.card{color:red}@media (min-width:600px){.card,.zoom{margin:0}}' +
        '@keyframes spin{from{opacity:0}to{opacity:1}}a{color:red}',
    );
    expect(sheets.product).toContain('@media (min-width:900px){.product-main{color:green}}');
    expect(sheets.product).not.toContain('.card{');
  });
});
