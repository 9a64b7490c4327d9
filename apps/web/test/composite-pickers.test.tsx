// @vitest-environment jsdom
import { cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { formatPrice } from '@vitrina/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { BundlePicker } from '../app/features/product/components/BundlePicker';
import { GroupedPicker } from '../app/features/product/components/GroupedPicker';
import { useBundleChoice } from '../app/features/product/hooks/use-bundle-choice';
import type { LinkedProduct } from '../app/features/product/rules/composite';
import type { Product } from '../app/lib/types';
import type { CartItem } from '../app/state/cart';
import { bundleLink, productDoc, productLink, stockDoc } from './support/documents';

afterEach(cleanup);

const linked = (sku: string, price: number, inStock = true): LinkedProduct => ({
  id: sku.charCodeAt(0) + sku.length,
  sku,
  name: `Item ${sku}`,
  slug: sku.toLowerCase(),
  image: null,
  status: 1,
  type_id: 'simple',
  final_price_incl_tax: price,
  stock: stockDoc({ is_in_stock: inStock, qty: inStock ? 10 : 0 }),
});

const base = {
  id: 900,
  name: 'Set',
  slug: 'set',
  price: 0,
  price_incl_tax: 0,
  final_price: 0,
  final_price_incl_tax: 0,
};

function renderIn(ui: React.ReactElement) {
  return render(<MemoryRouter initialEntries={['/en/p/X/x']}>{ui}</MemoryRouter>);
}

describe('grouped picker', () => {
  const grouped: Product = productDoc({
    ...base,
    sku: 'SET-1',
    type_id: 'grouped',
    product_links: [
      productLink('TV', 1),
      productLink('CABLE', 2),
      productLink('GONE', 1),
      productLink('OUT', 1),
    ],
  });
  const children = [linked('TV', 100000), linked('CABLE', 1250), linked('OUT', 500, false)];

  it('starts at the link quantities, totals Σ price × qty, and adds one line per chosen product', () => {
    const added: CartItem[][] = [];
    renderIn(
      <GroupedPicker product={grouped} linked={children} adding={false} onAdd={(i) => added.push(i)} />,
    );
    // a link to a product the catalogue does not show is left out; an out-of-stock one is disabled at 0
    expect(screen.queryByText('Item GONE')).toBeNull();
    const out = screen.getByLabelText('Quantity of Item OUT') as HTMLInputElement;
    expect(out.disabled).toBe(true);
    expect(out.value).toBe('0');
    const total = screen.getByText((_, el) => el?.tagName === 'OUTPUT');
    expect(total.textContent).toBe(formatPrice(102500, 'en'));
    fireEvent.input(screen.getByLabelText('Quantity of Item TV'), { target: { value: '2' } });
    fireEvent.input(screen.getByLabelText('Quantity of Item CABLE'), { target: { value: '0' } });
    expect(total.textContent).toBe(formatPrice(200000, 'en'));
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(added).toHaveLength(1);
    expect(added[0]!.map((i) => [i.sku, i.qty, i.price, i.parentSku])).toEqual([['TV', 2, 100000, 'SET-1']]);
  });

  it('refuses to add nothing', () => {
    renderIn(<GroupedPicker product={grouped} linked={children} adding={false} onAdd={() => undefined} />);
    fireEvent.input(screen.getByLabelText('Quantity of Item TV'), { target: { value: '0' } });
    fireEvent.input(screen.getByLabelText('Quantity of Item CABLE'), { target: { value: '-3' } });
    expect((screen.getByRole('button', { name: 'Add to cart' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Choose a quantity of at least one product.')).toBeTruthy();
  });
});

describe('bundle picker', () => {
  const bundle: Product = productDoc({
    ...base,
    sku: 'BND-1',
    type_id: 'bundle',
    bundle_options: [
      {
        option_id: 1,
        title: 'Laptop',
        required: true,
        type: 'radio',
        product_links: [
          bundleLink({ sku: 'L1', qty: 1, is_default: true, price: 1 }),
          bundleLink({ sku: 'L2', qty: 1, is_default: false }),
        ],
      },
      {
        option_id: 2,
        title: 'Warranty',
        required: false,
        type: 'radio',
        product_links: [bundleLink({ sku: 'W1', qty: 1, is_default: false })],
      },
      {
        option_id: 3,
        title: 'Extras',
        required: false,
        type: 'checkbox',
        product_links: [
          bundleLink({ sku: 'M', qty: 2, is_default: false }),
          bundleLink({ sku: 'K', qty: 1, is_default: false }),
        ],
      },
    ],
  });
  const children = [
    linked('L1', 50000),
    linked('L2', 60000),
    linked('W1', 3000),
    linked('M', 1000),
    linked('K', 2500),
  ];

  it('prices the default selection, follows the choices, and adds one line with bundle_options', () => {
    const added: CartItem[][] = [];
    renderIn(
      <BundlePicker
        product={bundle}
        linked={children}
        adding={false}
        disabled={false}
        onAdd={(i) => added.push(i)}
      />,
    );
    const total = screen.getByText((_, el) => el?.tagName === 'OUTPUT');
    // defaults: L1 only (the link's own price field is not trusted: the linked product's price is)
    expect(total.textContent).toBe(formatPrice(50000, 'en'));
    expect((screen.getByRole('radio', { name: 'None' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: /Item L2/ }));
    fireEvent.click(screen.getByRole('radio', { name: /Item W1/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Item M/ }));
    expect(total.textContent).toBe(formatPrice(65000, 'en')); // 600 + 30 + 2 × 10
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    const item = added[0]![0]!;
    expect(item).toMatchObject({ sku: 'BND-1', qty: 1, price: 65000, product_type: 'bundle' });
    expect(item.product_option?.extension_attributes?.bundle_options).toEqual([
      { option_id: 1, option_qty: 1, option_selections: ['L2'] },
      { option_id: 2, option_qty: 1, option_selections: ['W1'] },
      { option_id: 3, option_qty: 2, option_selections: ['M'] },
    ]);
  });

  it('cannot add while a required option has nothing chosen', () => {
    const noDefault: Product = productDoc({
      ...bundle,
      bundle_options: [
        {
          ...bundle.bundle_options![0]!,
          product_links: [bundleLink({ sku: 'L1', qty: 1, is_default: false })],
        },
      ],
    });
    renderIn(
      <BundlePicker
        product={noDefault}
        linked={children}
        adding={false}
        disabled={false}
        onAdd={() => undefined}
      />,
    );
    const add = screen.getByRole('button', { name: 'Add to cart' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: /Item L1/ }));
    expect(add.disabled).toBe(false);
  });

  it('a chosen product out of stock cannot be chosen; a required option with none in stock leaves the bundle not orderable', () => {
    // the default laptop L1 is sold out: not chosen, marked, its radio disabled; L2 can be chosen
    const soldOut = children.map((c) => (c.sku === 'L1' ? linked('L1', 50000, false) : c));
    renderIn(
      <BundlePicker
        product={bundle}
        linked={soldOut}
        adding={false}
        disabled={false}
        onAdd={() => undefined}
      />,
    );
    const l1 = screen.getByRole('radio', { name: /Item L1/ }) as HTMLInputElement;
    expect(l1.checked).toBe(false);
    expect(l1.disabled).toBe(true);
    expect(l1.closest('label')?.textContent).toContain('Out of stock');
    const add = screen.getByRole('button', { name: 'Add to cart' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: /Item L2/ }));
    expect(add.disabled).toBe(false);
    cleanup();

    // both laptops sold out: nothing can be chosen for the required option
    const none = children.map((c) => (c.sku.startsWith('L') ? linked(c.sku, 50000, false) : c));
    renderIn(
      <BundlePicker product={bundle} linked={none} adding={false} disabled={false} onAdd={() => undefined} />,
    );
    expect((screen.getByRole('button', { name: 'Add to cart' }) as HTMLButtonElement).disabled).toBe(true);
  });

  // the server counts a bundle's stock by its links' quantities (domain bundleStock): a link of
  // 2 per bundle with 1 in stock makes no bundle, so the page must not offer to add it
  it('a chosen product with fewer units than its link quantity cannot be added', () => {
    const oneMouse = children.map((c) =>
      c.sku === 'M' ? { ...c, stock: stockDoc({ is_in_stock: true, qty: 1 }) } : c,
    );
    renderIn(
      <BundlePicker
        product={bundle}
        linked={oneMouse}
        adding={false}
        disabled={false}
        onAdd={() => undefined}
      />,
    );
    const add = screen.getByRole('button', { name: 'Add to cart' }) as HTMLButtonElement;
    expect(add.disabled).toBe(false);
    fireEvent.click(screen.getByRole('checkbox', { name: /Item M/ }));
    expect(add.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: /Item K/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Item M/ }));
    expect(add.disabled).toBe(false);
  });

  it.each([
    ['every product in stock', {}, true],
    ['both laptops sold out (the required option)', { L1: 0, L2: 0 }, false],
    ['one laptop left', { L1: 0, L2: 1 }, true],
    ['all optional extras sold out', { W1: 0, M: 0, K: 0 }, true],
  ])('orderable (as the index counts it) with %s', (_name, qty: Record<string, number>, orderable) => {
    const stocked = children.map((c) =>
      c.sku in qty ? { ...c, stock: stockDoc({ is_in_stock: qty[c.sku]! > 0, qty: qty[c.sku]! }) } : c,
    );
    const { result } = renderHook(() => useBundleChoice(bundle, stocked));
    expect(result.current.orderable).toBe(orderable);
  });

  it('a bundle whose only required product is linked 2 per bundle, with 1 in stock, is not orderable', () => {
    const pair: Product = productDoc({
      ...base,
      sku: 'BND-2',
      type_id: 'bundle',
      bundle_options: [
        {
          option_id: 1,
          title: 'Mice',
          required: true,
          type: 'radio',
          product_links: [bundleLink({ sku: 'M', qty: 2, is_default: true })],
        },
      ],
    });
    const one = [{ ...linked('M', 1000), stock: stockDoc({ is_in_stock: true, qty: 1 }) }];
    expect(renderHook(() => useBundleChoice(pair, one)).result.current.orderable).toBe(false);
    const two = [{ ...linked('M', 1000), stock: stockDoc({ is_in_stock: true, qty: 2 }) }];
    expect(renderHook(() => useBundleChoice(pair, two)).result.current.orderable).toBe(true);
  });
});
