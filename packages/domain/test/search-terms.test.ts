import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  AVAILABLE_FILTERS,
  SEARCHABLE_FIELDS,
  baseProductFilters,
  isListedAvailable,
  soldOutLast,
  isSearchTermLongEnough,
  normalisePaging,
  normaliseSearchTerm,
  parseSort,
} from '../src/index.ts';

describe('search terms (catalogue-and-cart.md §5)', () => {
  it.each([
    ['usb-c #hub', 'usb-c hub', ['usb-c', 'usb', 'c', 'hub']],
    ['#macbook', 'macbook', ['macbook']],
    ['  wi-fi  router ', 'wi-fi router', ['wi-fi', 'wi', 'fi', 'router']],
    ['a-b-a', 'a-b-a', ['a-b-a', 'a', 'b']],
    ['###', '', []],
  ])('"%s" → "%s" %j', (term, text, terms) => {
    expect(normaliseSearchTerm(term)).toEqual({ text, terms });
  });

  it.each([
    ['tv', false],
    ['tvs', true],
    ['#tv', false],
    [' a b ', true],
    ['ąčę', true],
  ])('"%s" long enough: %s', (term, ok) => {
    expect(isSearchTermLongEnough(term)).toBe(ok);
  });

  it('never leaves # or empty terms', () => {
    fc.assert(
      fc.property(fc.string(), (t) => {
        const n = normaliseSearchTerm(t);
        expect(n.text.includes('#')).toBe(false);
        expect(n.terms.every((x) => x.length > 0 && !/\s/.test(x))).toBe(true);
      }),
    );
  });

  it.each([
    [
      { from: 0, size: 0 },
      { from: 0, size: 50 },
    ],
    [
      { from: -5, size: -1 },
      { from: 0, size: 50 },
    ],
    [
      { from: 10, size: 24 },
      { from: 10, size: 24 },
    ],
    [{}, { from: 0, size: 50 }],
    [
      { from: NaN, size: NaN },
      { from: 0, size: 50 },
    ],
  ])('normalisePaging(%j) → %j', (p, out) => {
    expect(normalisePaging(p)).toEqual(out);
  });

  it('parses sort parameters', () => {
    expect(parseSort('final_price:asc,updated_at:desc')).toEqual([
      { field: 'final_price', dir: 'asc' },
      { field: 'updated_at', dir: 'desc' },
    ]);
    expect(parseSort('name')).toEqual([{ field: 'name', dir: 'asc' }]);
    expect(parseSort('price:up')).toBeNull();
    expect(parseSort('x;drop table:asc')).toBeNull();
  });

  it('searchable fields (§9)', () => {
    expect(SEARCHABLE_FIELDS).toEqual(['name', 'sku', 'mpn', 'brand', 'category.name']);
  });

  // §5 coverage, and with out-of-stock listing on (the default) sold-out products
  // are listed (after the available ones); off, the spec's total_qty and in-stock rules
  const visible = { visibility: [2, 3, 4], status: [0, 1], final_price: { gt: 0 } };
  it.each([
    ['listing on (default)', {}, visible, true],
    ['listing on', { showOutOfStock: true }, visible, true],
    ['listing on, by id', { showOutOfStock: true, byIdOrUrlPath: true }, visible, true],
    [
      'listing on, search visibility',
      { searchVisibilityOnly: true },
      { ...visible, visibility: [3, 4] },
      true,
    ],
    [
      'listing off',
      { showOutOfStock: false },
      { ...visible, total_qty: { gt: 0 }, 'stock.is_in_stock': true },
      false,
    ],
    [
      'listing off, by id or url_path',
      { showOutOfStock: false, byIdOrUrlPath: true },
      { ...visible, 'stock.is_in_stock': true },
      false,
    ],
    [
      'listing off, by id, search visibility',
      { byIdOrUrlPath: true, searchVisibilityOnly: true, showOutOfStock: false },
      { ...visible, visibility: [3, 4], 'stock.is_in_stock': true },
      false,
    ],
  ] as const)('base filters, %s', (_name, opts, filters, last) => {
    expect(baseProductFilters(opts)).toEqual(filters);
    expect(soldOutLast(opts)).toBe(last);
  });

  it('available: in stock and total_qty above 0 (the filters the home lists add)', () => {
    expect(AVAILABLE_FILTERS).toEqual({ total_qty: { gt: 0 }, 'stock.is_in_stock': true });
    expect(isListedAvailable({ total_qty: 3, stock: { is_in_stock: true } })).toBe(true);
    expect(isListedAvailable({ total_qty: 0, stock: { is_in_stock: true } })).toBe(false);
    expect(isListedAvailable({ total_qty: 5, stock: { is_in_stock: false } })).toBe(false);
    expect(isListedAvailable({ stock: { is_in_stock: false } })).toBe(false);
    expect(isListedAvailable({ stock: { is_in_stock: true } })).toBe(true);
    expect(isListedAvailable({})).toBe(true);
  });
});
