// @vitest-environment jsdom
/**
 * A card renders again only when what it shows changed. A filter's, sort's or "Show more"'s answer is
 * a new page of data (new objects throughout, and under an option filter the children's values too):
 * the cards whose product and shown child are the same stay as they are. Counted by the card's stock
 * line's classes, which the card asks for once at each of its renders (a Profiler around a card would count
 * the grid's renders: it reports every commit its parent took part in).
 */
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProductCard, sameCard } from '../app/components/ProductCard';
import type { Product } from '../app/lib/types';
import { childDoc, productDoc, stockDoc } from './support/documents';

afterEach(cleanup);

/** the cards' renders: each asks for its stock line's classes once */
const renders = vi.hoisted(() => ({ count: 0 }));
vi.mock('../app/components/ui/StockLine', () => ({
  stockLineClass(level: string) {
    renders.count++;
    return `stock stock-line ${level}`;
  },
}));

const OPTIONS = [
  {
    attribute_code: 'condition',
    label: 'Grade',
    values: [
      { value_index: 1, label: 'A+' },
      { value_index: 2, label: 'B' },
    ],
  },
] as unknown as Product['configurable_options'];

/** a simple product as the unfiltered listing answers it */
const simple = () =>
  productDoc({ id: 1, sku: 'S-1', name: 'Mouse', final_price_incl_tax: 1999, stock: stockDoc() });

/** a configurable: unfiltered, its children's skus and prices; `filtered`, their grades and stock too */
const configurable = (filtered: boolean) =>
  productDoc({
    id: 2,
    sku: 'C-1',
    type_id: 'configurable',
    name: 'Laptop',
    final_price_incl_tax: 30000,
    configurable_options: OPTIONS,
    configurable_children: [
      childDoc({
        sku: 'C-1-A',
        final_price_incl_tax: 40000,
        ...(filtered ? { condition: 1, status: 1, stock: stockDoc() } : {}),
      }),
      childDoc({
        sku: 'C-1-B',
        final_price_incl_tax: 30000,
        ...(filtered ? { condition: 2, status: 1, stock: stockDoc() } : {}),
      }),
    ] as Product['configurable_children'],
  });

function Cards({ products, chosen }: { products: Product[]; chosen: Record<string, string[]> }) {
  return (
    <ul>
      {products.map((p) => (
        <ProductCard key={p.id} product={p} chosen={chosen} />
      ))}
    </ul>
  );
}

/** The listing's cards as a page of the English store view shows them. */
function listing(products: Product[], chosen: Record<string, string[]>) {
  return (
    <MemoryRouter initialEntries={['/en']}>
      <Cards products={products} chosen={chosen} />
    </MemoryRouter>
  );
}

describe('a product card renders again only when what it shows changed', () => {
  it('a new answer with equal products keeps every card; a filter on a parent attribute keeps the configurable too', () => {
    const { rerender } = render(listing([simple(), configurable(false)], {}));
    renders.count = 0;
    // a brand filter: new objects, the same figures; the children carry no brand, so no child is chosen
    rerender(listing([simple(), configurable(false)], { brand: ['7'] }));
    expect(renders.count).toBe(0);
  });

  it('a grade filter that chooses another child renders that card, and the simple product not', () => {
    const { container, rerender } = render(listing([simple(), configurable(false)], {}));
    renders.count = 0;
    rerender(listing([simple(), configurable(true)], { condition: ['1'] }));
    expect(renders.count).toBe(1);
    // the configurable's card now links to the A+ child
    expect(container.querySelector('a[href*="C-1-A"]')).toBeTruthy();
  });

  it('compares what the card reads: its own fields and the shown child', () => {
    const card = (product: Product, chosen: Record<string, string[]> = {}) => ({ product, chosen });
    expect(sameCard(card(simple()), card(simple()))).toBe(true);
    expect(sameCard(card(simple()), card({ ...simple(), name: 'Mouse 2' }))).toBe(false);
    expect(
      sameCard(card(simple()), card({ ...simple(), stock: stockDoc({ qty: 2, is_in_stock: true }) })),
    ).toBe(false);
    // the same configurable with its children's grades added, no grade chosen: the same card
    expect(sameCard(card(configurable(false)), card(configurable(true)))).toBe(true);
    // a grade chosen: another child shown
    expect(sameCard(card(configurable(false)), card(configurable(true), { condition: ['1'] }))).toBe(false);
    expect(sameCard({ ...card(simple()), eager: true }, card(simple()))).toBe(false);
  });

  it("tells a card that shows another child changed without walking the product's own fields", () => {
    // the product's own fields are a deep comparison of the whole product: under a grade filter most
    // cards show another child, which their view tells at once
    let walks = 0;
    const counted = (p: Product) =>
      new Proxy(p, {
        ownKeys(target) {
          walks++;
          return Reflect.ownKeys(target);
        },
      });
    const before = { product: counted(configurable(false)), chosen: {} };
    const after = { product: counted(configurable(true)), chosen: { condition: ['1'] } };
    expect(sameCard(before, after)).toBe(false);
    expect(walks).toBe(0);
    // the same card still compares its own fields: a new name is a new card
    expect(
      sameCard(before, { product: counted({ ...configurable(false), name: 'Laptop 2' }), chosen: {} }),
    ).toBe(false);
    expect(walks).toBeGreaterThan(0);
  });
});
