import { describe, expect, it } from 'vitest';
import { configureProduct, selectVariant, type ConfigurableChild } from '../src/index.ts';

const child = (
  sku: string,
  color: number,
  size: number,
  price: number,
  inStock = true,
): ConfigurableChild => ({
  sku,
  color,
  size,
  price,
  final_price: price,
  final_price_incl_tax: price,
  price_incl_tax: price,
  status: 1,
  stock: { is_in_stock: inStock },
});
const product = {
  sku: 'TEE',
  configurable_options: [
    {
      attribute_code: 'color',
      label: 'Colour',
      values: [
        { value_index: 1, label: 'Red' },
        { value_index: 2, label: 'Blue' },
      ],
    },
    {
      attribute_code: 'size',
      label: 'Size',
      values: [
        { value_index: 10, label: 'S' },
        { value_index: 11, label: 'M' },
      ],
    },
  ],
  configurable_children: [
    child('TEE-R-S', 1, 10, 1000),
    child('TEE-B-M', 2, 11, 900),
    child('TEE-B-S', 2, 10, 800, false),
  ],
};

describe('configureProduct (catalogue-and-cart.md §4: "after a variant is chosen the product is marked configured")', () => {
  it.each([
    [
      'the rule’s choice for an empty selection (the cheapest available)',
      {},
      'TEE-B-M',
      { color: 'Blue', size: 'M' },
    ],
    ['the shopper’s choice', { color: 1 }, 'TEE-R-S', { color: 'Red', size: 'S' }],
    [
      'a combination sold out: the closest available child',
      { color: 2, size: 10 },
      'TEE-B-M',
      { color: 'Blue', size: 'M' },
    ],
  ])('%s', (_name, selected, sku, labels) => {
    const { variant } = selectVariant(product, selected);
    expect(variant?.sku).toBe(sku);
    const configured = configureProduct(product, variant);
    expect(configured.is_configured).toBe(true);
    expect(
      Object.fromEntries(Object.entries(configured.configuration).map(([k, v]) => [k, v.label])),
    ).toEqual(labels);
    // the product itself is left as it was (a new object)
    expect(configured.sku).toBe('TEE');
    expect('is_configured' in product).toBe(false);
  });

  it('no available variant: not configured, no configuration', () => {
    const soldOut = {
      ...product,
      configurable_children: product.configurable_children.map((c) => ({
        ...c,
        stock: { is_in_stock: false },
      })),
    };
    const { variant, error } = selectVariant(soldOut, {});
    expect(variant).toBeNull();
    expect(error).toBe('No available product variants');
    expect(configureProduct(soldOut, variant)).toMatchObject({ is_configured: false, configuration: {} });
  });
});
