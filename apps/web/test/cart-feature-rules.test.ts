// @vitest-environment node
/**
 * The cart feature's pure rules (features/cart/rules/): a line's link and edit mode, and what
 * saving the edit dialog does (catalogue-and-cart.md §4 "Cart edit mode"), without a screen.
 */
import { describe, expect, it } from 'vitest';
import type { Product } from '../app/lib/types';
import type { CartItem } from '../app/state/cart';
import { editable, lineHref, totalsComputable } from '../app/features/cart/rules/cart-line';
import {
  editOutcome,
  editedLine,
  editorOptions,
  initialSelection,
} from '../app/features/cart/rules/line-edit';

const child = (sku: string, color: number, size: number, extra: object = {}) => ({
  sku,
  id: sku.length,
  color,
  size,
  final_price_incl_tax: 1000 + color,
  image: `/${sku}.jpg`,
  ...extra,
});

const parent = {
  sku: 'TEE',
  configurable_options: [
    {
      attribute_id: 93,
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
    child('TEE-RS', 1, 10),
    child('TEE-RM', 1, 11),
    child('TEE-BS', 2, 10, { stock: { is_in_stock: false } }),
  ],
} as unknown as Product;

const line: CartItem = {
  sku: 'TEE-RS',
  qty: 2,
  name: 'Tee',
  price: 1001,
  parentSku: 'TEE',
  slug: 'tee',
  product_option: {
    extension_attributes: { configurable_item_options: [{ option_id: 93, option_value: 1 }] },
  },
};

describe('the cart feature’s rules', () => {
  it('a line links to its parent’s page with the child chosen, and is editable through it', () => {
    expect(lineHref('en', line)).toContain('TEE-RS');
    expect(lineHref('en', { ...line, slug: undefined })).toBeNull();
    expect(editable(line)).toBe(true);
    expect(editable({ ...line, product_option: null })).toBe(false);
    expect(editable({ ...line, parentSku: undefined })).toBe(false);
  });

  it('totals can be computed only for a connected cart with lines and totals', () => {
    const s = { cartServerToken: 't', items: [line], totals: {} } as never;
    expect(totalsComputable(s)).toBe(true);
    expect(totalsComputable({ ...(s as object), cartServerToken: null } as never)).toBe(false);
    expect(totalsComputable({ ...(s as object), items: [] } as never)).toBe(false);
  });

  it('the editor opens on the line’s choices (by attribute id) and disables values no child in stock has', () => {
    expect(initialSelection(parent, line)).toEqual({ color: 1 });
    expect(initialSelection(null, line)).toEqual({});
    const [color] = editorOptions(parent);
    expect(color?.values).toEqual([
      { value: 1, label: 'Red', disabled: false },
      { value: 2, label: 'Blue', disabled: true },
    ]);
  });

  it('saving: a bad quantity or a missing configuration is refused; the same child changes the quantity only', () => {
    expect(editOutcome(parent, line, { color: 1, size: 10 }, 0)).toEqual({
      error: { key: 'validation.quantityAboveZero' },
    });
    expect(editOutcome(parent, line, { color: 2, size: 10 }, 1)).toEqual({
      error: { key: 'variant.noSuchConfiguration' },
    });
    expect(editOutcome(parent, line, { color: 1, size: 10 }, 3)).toMatchObject({ sameLine: true });
    expect(editOutcome(parent, line, { color: 1, size: 11 }, 3)).toMatchObject({
      sameLine: false,
      child: { sku: 'TEE-RM' },
    });
  });

  it('another child replaces the line: priced as the child, named as the line, options by id or code', () => {
    const next = editedLine(parent, line, child('TEE-RM', 1, 11) as never, { color: 1, size: 11 }, 3);
    expect(next).toMatchObject({
      sku: 'TEE-RM',
      qty: 3,
      name: 'Tee',
      price: 1001,
      image: '/TEE-RM.jpg',
      parentSku: 'TEE',
      slug: 'tee',
      product_type: 'simple',
      type_id: 'configurable',
    });
    expect(next.product_option?.extension_attributes?.configurable_item_options).toEqual([
      { option_id: 93, option_value: 1 },
      { option_id: 'size', option_value: 11 },
    ]);
  });
});
