// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { cardView } from '../app/components/ProductCard';
import { PRODUCT_CARD_FIELDS } from '../app/components/product-card-fields';
import { Listing } from '../app/features/listing';
import type { FacetFilter } from '../app/features/listing/rules/facets';
import { clearFilters } from '../app/features/listing/rules/links';
import { parseListingQuery } from '../app/features/listing/rules/query';
import { cardFields, listedProducts, listingFilters } from '../app/features/listing/rules/request';
import type { Product } from '../app/lib/types';

afterEach(cleanup);

const FILTERS: FacetFilter[] = [
  {
    code: 'condition',
    label: 'Condition',
    options: { '1': 'Brand New', '2': 'A+ (like new)', '4': 'B (good)', '6': 'C (visible signs of use)' },
    order: ['1', '2', '4', '6'],
  },
  {
    code: 'capacity',
    label: 'Capacity',
    options: { '65': '1 TB', '62': '128 GB', '64': '512 GB' },
    order: ['62', '64', '65'],
  },
];
const AGGREGATIONS = {
  price: [
    { key: '0.0-50.0', count: 2 },
    { key: '150.0-*', count: 9 },
  ],
  // by count, as the API answers them
  condition: [
    { key: '6', count: 40 },
    { key: '4', count: 20 },
    { key: '2', count: 9 },
    { key: '1', count: 3 },
  ],
  capacity: [
    { key: '65', count: 7 },
    { key: '62', count: 5 },
    { key: '64', count: 1 },
  ],
};

/** the category page's listing, as the route renders it: the bar opens the sheet */
function CategoryListing() {
  const location = useLocation();
  const query = parseListingQuery(new URLSearchParams(location.search), ['condition', 'capacity']);
  return (
    <>
      <button type="button">before</button>
      <Listing
        aggregations={AGGREGATIONS}
        filters={FILTERS}
        query={query}
        total={11}
        pages={1}
        pageSize={12}
        label="Laptops"
      >
        <p>products</p>
      </Listing>
      <output data-testid="url">{location.pathname + location.search}</output>
    </>
  );
}

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '*', element: <CategoryListing /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return router;
}
const url = () => screen.getByTestId('url').textContent;

describe('the listing filters: bar, sheet, chips', () => {
  it('counts the applied filters on the bar and opens the sheet as a modal dialog; Escape closes it and gives focus back', () => {
    renderAt('/en/c/laptops?condition=2,4&price=100-500');
    const toggle = screen.getByRole('link', { name: 'Filters (3)' });
    expect(screen.queryByRole('dialog')).toBeNull();
    toggle.focus();
    fireEvent.click(toggle);
    const dialog = screen.getByRole('dialog', { name: 'Filters' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.documentElement.classList.contains('sheet-open')).toBe(true);
    expect(within(dialog).getByRole('link', { name: 'Show 11 products' })).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(toggle);
    expect(document.documentElement.classList.contains('sheet-open')).toBe(false);
  });

  it('shows each applied filter as a chip; removing one keeps the others and resets the page', async () => {
    renderAt('/en/c/laptops?condition=2,4&price=100-500&page=3&sort=final_price:asc');
    const chips = screen.getByRole('region', { name: 'Applied filters' });
    expect(
      within(chips)
        .getAllByRole('link')
        .map((a) => (a.getAttribute('aria-label') ?? a.textContent)?.replace(/\u00a0/g, ' ')),
    ).toEqual([
      'Remove filter: 100.00 € – 500.00 €',
      'Remove filter: Condition: A+ (like new)',
      'Remove filter: Condition: B (good)',
      'Clear filters',
    ]);
    await act(async () => {
      fireEvent.click(within(chips).getByRole('link', { name: 'Remove filter: Condition: A+ (like new)' }));
    });
    expect(url()).toBe('/en/c/laptops?condition=4&price=100-500&sort=final_price%3Aasc');
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Clear filters' }));
    });
    expect(url()).toBe('/en/c/laptops?sort=final_price%3Aasc');
    expect(screen.queryByRole('region', { name: 'Applied filters' })).toBeNull();
  });

  it('lists grades in grade order and capacities by size, not by count', () => {
    renderAt('/en/c/laptops');
    const section = (name: string) =>
      within(screen.getByRole('heading', { name }).closest('section')!)
        .getAllByRole('link')
        .map((a) => a.textContent?.replace(/\s*\(\d+\)$/, ''));
    expect(section('Condition')).toEqual([
      'Brand New',
      'A+ (like new)',
      'B (good)',
      'C (visible signs of use)',
    ]);
    expect(section('Capacity')).toEqual(['128 GB', '512 GB', '1 TB']);
  });

  it('applies the own price range to the URL, and refuses a wrong one with a message on the fields', async () => {
    renderAt('/en/c/laptops?condition=2&page=2');
    const from = screen.getByRole('textbox', { name: 'From, €' });
    const to = screen.getByRole('textbox', { name: 'To, €' });
    fireEvent.input(from, { target: { value: '500' } });
    fireEvent.input(to, { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByRole('alert').textContent).toBe('The lowest price cannot be above the highest.');
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(url()).toBe('/en/c/laptops?condition=2&page=2');
    fireEvent.input(from, { target: { value: '99,50' } });
    fireEvent.input(to, { target: { value: '' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    });
    expect(url()).toBe('/en/c/laptops?condition=2&price=99.5-');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('link', { name: /^Remove filter: > 99\.50\s€$/ })).toBeTruthy();
  });

  it('sorts on change, without an Apply button, keeping the filters and resetting the page', async () => {
    renderAt('/en/c/laptops?condition=2&page=4');
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
    await act(async () => {
      fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), {
        target: { value: 'final_price:desc' },
      });
    });
    expect(url()).toBe('/en/c/laptops?condition=2&sort=final_price%3Adesc');
  });
});

describe('the card under a filter', () => {
  const child = (sku: string, condition: number, final: number, extra = {}) => ({
    id: final,
    sku,
    condition,
    price: final,
    price_incl_tax: final,
    final_price: final,
    final_price_incl_tax: final,
    status: 1,
    stock: { is_in_stock: true, qty: 3 },
    ...extra,
  });
  const laptop = {
    id: 1,
    sku: 'LAP',
    slug: 'lap',
    type_id: 'configurable',
    name: 'Laptop',
    price: 40000,
    price_incl_tax: 40000,
    final_price: 40000,
    final_price_incl_tax: 40000,
    condition_label: null,
    stock: { is_in_stock: true, qty: 5 },
    configurable_options: [
      {
        attribute_id: 141,
        attribute_code: 'condition',
        label: 'Condition',
        values: [
          { value_index: 2, label: 'A+ (like new)' },
          { value_index: 5, label: 'C+ (fair)' },
        ],
      },
    ],
    configurable_children: [
      child('LAP-C+', 5, 40000),
      child('LAP-A+', 2, 70000, { stock: { is_in_stock: true, qty: 1 } }),
    ],
  } as unknown as Product;

  it('without a filter: the cheapest price with "from", no grade of its own', () => {
    expect(cardView(laptop)).toMatchObject({ variant: null, final: 40000, from: true, grade: null });
  });
  it('names the grade of the "from" price: the document’s price_condition_label (its cheapest child’s)', () => {
    expect(cardView({ ...laptop, price_condition_label: 'C+ (fair)' } as Product)).toMatchObject({
      from: true,
      priceGrade: 'c_plus',
    });
    // under a filter the card is the chosen child's: its own grade, none on the price line
    expect(
      cardView({ ...laptop, price_condition_label: 'C+ (fair)' } as Product, { condition: ['2'] }),
    ).toMatchObject({ priceGrade: null, grade: 'A+ (like new)' });
  });
  it('under A+: the A+ unit’s price, grade, stock, and no "from"', () => {
    const view = cardView(laptop, { condition: ['2'] });
    expect(view).toMatchObject({ final: 70000, from: false, grade: 'A+ (like new)', stock: { qty: 1 } });
    expect(view.variant?.sku).toBe('LAP-A+');
  });
});

describe('the listing query: the own price range and the card fields', () => {
  const q = (s: string) => parseListingQuery(new URLSearchParams(s), ['condition']);
  it('reads price=min-max as the own range, filtering the final price in cents with inclusive bounds', () => {
    expect(q('price=100-500')).toMatchObject({ price: '100-500', priceBounds: { min: 100, max: 500 } });
    expect(listingFilters(q('price=100-500'))).toEqual({ final_price: { gte: 10000, lte: 50000 } });
    expect(listingFilters(q('price=-20.5'))).toEqual({ final_price: { lte: 2050 } });
    // a spec bucket stays a bucket (upper bound exclusive)
    expect(listingFilters(q('price=50.0-100.0'))).toEqual({ final_price: { gte: 5000, lt: 10000 } });
    expect(q('price=500-100').price).toBeNull();
  });
  it('reads the no-JavaScript form’s price_min/price_max, and names what is wrong instead of applying it', () => {
    expect(q('price_min=10&price_max=20')).toMatchObject({
      price: '10-20',
      priceBounds: { min: 10, max: 20 },
    });
    expect(q('price_min=abc')).toMatchObject({ price: null, priceIssue: 'validation.priceBound' });
    expect(q('price_min=30&price_max=20')).toMatchObject({
      price: null,
      priceIssue: 'validation.priceBoundsOrder',
    });
  });
  it('clearing filters on the search page keeps the words searched', () => {
    expect(clearFilters('/en/search', new URLSearchParams('q=dell&condition=2&sort=_score:desc'))).toBe(
      '/en/search?q=dell&sort=_score%3Adesc',
    );
  });
  it('asks for the children’s values of the filtered codes only when filtered', () => {
    expect(cardFields(q(''))).toEqual(PRODUCT_CARD_FIELDS);
    expect(cardFields(q('condition=2'))).toEqual(
      expect.arrayContaining(['configurable_children.condition', 'configurable_children.stock']),
    );
  });
  it('sends of a configurable under a grade filter the children its card stands for, the same card', () => {
    const child = (sku: string, condition: number, price: number) => ({
      sku,
      condition,
      status: 1,
      final_price_incl_tax: price,
      stock: { is_in_stock: true, qty: 3 },
    });
    const laptop = {
      id: 7,
      sku: 'LAP',
      type_id: 'configurable',
      configurable_children: [
        child('LAP-A+', 2, 50000),
        child('LAP-B', 4, 40000),
        child('LAP-A+2', 2, 45000),
      ],
    } as unknown as Product;
    const simple = { id: 8, sku: 'MOUSE', type_id: 'simple' } as unknown as Product;
    const [sent, same] = listedProducts([laptop, simple], q('condition=2'));
    expect(sent?.configurable_children.map((c) => c.sku)).toEqual(['LAP-A+', 'LAP-A+2']);
    expect(same).toBe(simple);
    expect(cardView(sent as Product, { condition: ['2'] })).toEqual(cardView(laptop, { condition: ['2'] }));
    // unfiltered, the products as the search answered them
    const all = [laptop, simple];
    expect(listedProducts(all, q(''))).toBe(all);
  });
});
