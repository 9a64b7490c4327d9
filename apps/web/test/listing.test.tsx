import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  SEARCH_MAX_FROM,
  attributeDocumentContract,
  attributeMetadataContract,
  type AttributeDocument,
} from '@vitrina/domain';
import { facetFilters, shownValuesOnly, type FacetFilter } from '../app/features/listing/rules/facets';
import { facetSections, filterChips, pageLinks } from '../app/features/listing/rules/filter-options';
import { clearFilters, pageQuery, toggleFilter } from '../app/features/listing/rules/links';
import { parseListingQuery } from '../app/features/listing/rules/query';
import { listingFilters, pageFrom } from '../app/features/listing/rules/request';

const q = (s: string) => new URLSearchParams(s);
/** The filterable attributes of the store (memory is not one of them here). */
const CODES = ['condition', 'color', 'capacity'];

describe('listing query', () => {
  it('defaults: is_promoted:desc, page 1, no filters; unknown sort and bad page are ignored', () => {
    expect(parseListingQuery(q(''), CODES)).toEqual({
      sort: 'is_promoted:desc',
      page: 1,
      price: null,
      attributes: {},
    });
    expect(parseListingQuery(q('sort=evil;drop&page=-3&price=1-2'), CODES).sort).toBe('is_promoted:desc');
    expect(parseListingQuery(q('page=abc'), CODES).page).toBe(1);
  });

  it('starts a page where the API allows: a page beyond SEARCH_MAX_FROM is an empty one, not a refusal', () => {
    expect(pageFrom(parseListingQuery(q('page=3'), CODES))).toBe(24);
    expect(pageFrom(parseListingQuery(q('page=99999'), CODES))).toBe(SEARCH_MAX_FROM);
    expect(pageFrom(parseListingQuery(q('page=99999'), CODES), 24)).toBe(SEARCH_MAX_FROM);
  });

  it('reads sort, page, price bucket and attribute filters', () => {
    const parsed = parseListingQuery(
      q('sort=final_price:asc&page=3&price=50.0-100.0&condition=1,2&color=7&memory=9'),
      CODES,
    );
    expect(parsed).toEqual({
      sort: 'final_price:asc',
      page: 3,
      price: '50.0-100.0',
      attributes: { condition: ['1', '2'], color: ['7'] },
    });
    expect(listingFilters(parsed)).toEqual({
      condition: [1, 2],
      color: [7],
      final_price: { gte: 5000, lt: 10000 },
    });
    expect(listingFilters(parseListingQuery(q('price=150.0-*'), CODES))).toEqual({
      final_price: { gte: 15000 },
    });
  });

  it('changing a filter resets the page to 1 and keeps the sort', () => {
    const search = q('sort=final_price:asc&page=4&condition=1');
    expect(toggleFilter('/c/x', search, 'condition', '2')).toBe(
      '/c/x?sort=final_price%3Aasc&condition=1%2C2',
    );
    expect(toggleFilter('/c/x', search, 'condition', '1')).toBe('/c/x?sort=final_price%3Aasc');
    expect(toggleFilter('/c/x', q('page=2'), 'price', '0.0-50.0')).toBe('/c/x?price=0.0-50.0');
    expect(toggleFilter('/c/x', q('price=0.0-50.0'), 'price', '0.0-50.0')).toBe('/c/x');
    expect(clearFilters('/c/x', search)).toBe('/c/x?sort=final_price%3Aasc');
  });

  it('page links', () => {
    expect(pageQuery('/c/x', q('condition=1&page=2'), 3)).toBe('/c/x?condition=1&page=3');
    expect(pageQuery('/c/x', q('page=2'), 1)).toBe('/c/x');
  });
});

describe('system parameters (sort, page, utm_*, gclid, fbclid) are never filters', () => {
  const codes = [...CODES, 'sort', 'page', 'utm_source', 'utm_id', 'gclid', 'fbclid'];
  it.each(['sort=name:asc', 'page=2', 'utm_source=news', 'utm_id=7', 'gclid=abc', 'fbclid=xyz'])(
    '%s is not read as an attribute filter even when an attribute had its name',
    (param) => {
      expect(parseListingQuery(q(`${param}&color=7`), codes).attributes).toEqual({ color: ['7'] });
    },
  );
  it('a filter change drops the page and keeps the tracking parameters; clearing keeps them too', () => {
    const search = q('page=3&utm_id=7&gclid=g&color=7');
    const next = new URLSearchParams(toggleFilter('/c/tv', search, 'color', '8').split('?')[1]);
    expect(next.get('page')).toBeNull();
    expect(next.get('utm_id')).toBe('7');
    expect(next.get('color')).toBe('7,8');
    expect(clearFilters('/c/tv', search)).toBe('/c/tv?utm_id=7&gclid=g');
  });
});

describe('facet filters are labelled by the search answer attributeMetadata first (spec §3 "Search response")', () => {
  /** an attribute document as `attribute/_search` answers it (the contract parses it) */
  const attribute = (
    id: number,
    fields: Pick<
      AttributeDocument,
      'attribute_code' | 'frontend_label' | 'default_frontend_label' | 'options'
    >,
  ) =>
    attributeDocumentContract.parse({
      id,
      attribute_id: id,
      frontend_input: 'select',
      is_comparable: false,
      is_filterable: true,
      is_visible_on_front: true,
      is_user_defined: true,
      position: 0,
      ...fields,
    });
  const attributes = [
    attribute(93, {
      attribute_code: 'color',
      frontend_label: 'Color (admin)',
      default_frontend_label: 'Color (admin)',
      options: [{ value: 7, label: 'Black (admin)' }],
    }),
    // no label in this store view: the English one
    attribute(81, {
      attribute_code: 'brand',
      frontend_label: '',
      default_frontend_label: 'Brand',
      options: [{ value: 3, label: 'Acme' }],
    }),
  ];
  it('the metadata label and option labels win; others fall back to the attribute documents', () => {
    const metadata = [
      attributeMetadataContract.parse({
        attribute_id: 93,
        attribute_code: 'color',
        frontend_label: 'Spalva',
        options: [{ value: 7, label: 'Juoda' }],
      }),
    ];
    expect(facetFilters(attributes, metadata, [])).toEqual([
      { code: 'color', label: 'Spalva', options: { '7': 'Juoda' }, order: ['7'] },
      { code: 'brand', label: 'Brand', options: { '3': 'Acme' }, order: ['3'] },
    ]);
  });
  it('without metadata the attribute documents label the filters', () => {
    expect(facetFilters(attributes, [], [])[0]).toEqual({
      code: 'color',
      label: 'Color (admin)',
      options: { '7': 'Black (admin)' },
      order: ['7'],
    });
  });
});

describe('the filters a page sends (features/listing/rules/facets.ts shownValuesOnly)', () => {
  const maker: FacetFilter = {
    code: 'manufacturer',
    label: 'Maker',
    options: { '1': 'Acer', '2': 'Apple', '3': 'Asus', '4': 'Bosch', '5': 'Dell' },
    order: ['5', '4', '3', '2', '1'],
  };
  type Case = [
    string,
    Parameters<typeof shownValuesOnly>[1],
    Parameters<typeof shownValuesOnly>[2],
    string[],
  ];
  it.each<Case>([
    [
      'values with products',
      {
        manufacturer: [
          { key: '3', count: 4 },
          { key: '1', count: 2 },
        ],
      },
      {},
      ['1', '3'],
    ],
    [
      'and the chosen ones, with products or not',
      { manufacturer: [{ key: '3', count: 4 }] },
      { manufacturer: ['4'] },
      ['3', '4'],
    ],
    ['none: an attribute without products on this page', {}, {}, []],
    ['a chosen value the shop does not know stays out', {}, { manufacturer: ['99'] }, []],
  ])('keeps %s', (_case, aggregations, chosen, kept) => {
    const [filter] = shownValuesOnly([maker], aggregations, chosen);
    expect(Object.keys(filter!.options).sort()).toEqual(kept);
    expect(filter!.order).toEqual(maker.order!.filter((key) => kept.includes(key)));
    expect(filter!.label).toBe('Maker');
  });

  it('never changes what the filters and the chips show', () => {
    const here = { pathname: '/en/c/laptops', search: q('') };
    const key = fc.constantFrom('1', '2', '3', '4', '5', '6', '7', '8');
    const filter = fc.record({
      code: fc.constantFrom('color', 'manufacturer', 'screen_size'),
      label: fc.string({ maxLength: 8 }),
      options: fc.dictionary(key, fc.constantFrom('8 GB', '16 GB', 'Juoda', 'Balta', '13"', 'A+', 'Nauja')),
      order: fc.option(fc.uniqueArray(key), { nil: undefined }),
    });
    const buckets = fc.uniqueArray(fc.record({ key, count: fc.nat(50) }), { selector: (b) => b.key });
    fc.assert(
      fc.property(
        fc.uniqueArray(filter, { selector: (f) => f.code, maxLength: 3 }),
        fc.dictionary(fc.constantFrom('color', 'manufacturer', 'screen_size'), buckets),
        fc.dictionary(
          fc.constantFrom('color', 'manufacturer', 'screen_size'),
          fc.uniqueArray(key, { maxLength: 3 }),
        ),
        (filters, aggregations, chosen) => {
          const query = { sort: 'is_promoted:desc', page: 1, price: null, attributes: chosen };
          const trimmed = shownValuesOnly(filters, aggregations, chosen);
          expect(facetSections(here, query, trimmed, aggregations)).toEqual(
            facetSections(here, query, filters, aggregations),
          );
          expect(filterChips(here, query, trimmed, 'en')).toEqual(filterChips(here, query, filters, 'en'));
        },
      ),
    );
  });
});

describe('page links (features/listing/rules/filter-options.ts)', () => {
  const here = { pathname: '/en/c/laptops', search: q('condition=2&page=6') };
  it('link the first, the last and two either side of the current page, a gap marked where pages are skipped', () => {
    const links = pageLinks(here, 6, 12);
    expect(links?.pages.map((p) => (p.gap ? `…${p.page}` : String(p.page)))).toEqual([
      '1',
      '…4',
      '5',
      '6',
      '7',
      '8',
      '…12',
    ]);
    expect(links?.pages.find((p) => p.current)?.page).toBe(6);
    expect(links?.previous).toBe('/en/c/laptops?condition=2&page=5');
    expect(links?.pages[0]?.to).toBe('/en/c/laptops?condition=2');
  });
  it('have no previous link on the first page, no next on the last, and none at all for one page', () => {
    expect(pageLinks(here, 1, 3)).toMatchObject({ previous: null, next: '/en/c/laptops?condition=2&page=2' });
    expect(pageLinks(here, 3, 3)?.next).toBeNull();
    expect(pageLinks(here, 1, 1)).toBeNull();
  });
});
