import { describe, expect, it } from 'vitest';
import {
  addToCartDecision,
  isLinkedChildShown,
  isVariantOfParent,
  productLoadError,
  stockBatches,
  stockStatus,
  stockSyncOutcome,
  validateProductForCart,
} from '../src/index.ts';

describe('productLoadError (catalogue-and-cart.md §4 "Product load")', () => {
  it.each([
    [{ status: 1, visibility: 4 }, null],
    [{ status: 0, visibility: 2 }, null],
    [{ status: 2, visibility: 4 }, 'product.disabled'],
    [{ status: 3, visibility: 4 }, 'product.disabled'],
    [{ status: 1, visibility: 1 }, 'product.notVisible'],
    [null, 'product.notFound'],
  ])('%j → %s', (p, out) => {
    expect(productLoadError(p)).toBe(out);
  });
});

describe('isVariantOfParent: a child URL opens its parent', () => {
  const parent = { status: 1, visibility: 4, type_id: 'configurable', configurable_children: [{ sku: 'A' }] };
  it.each([
    ['a visibility-1 child the parent lists', { sku: 'A', status: 1, visibility: 1 }, parent, true],
    ['no parent', { sku: 'A', status: 1, visibility: 1 }, null, false],
    ['a disabled child', { sku: 'A', status: 2, visibility: 1 }, parent, false],
    ['a child visible on its own (it has its own page)', { sku: 'A', status: 1, visibility: 4 }, parent, false],
    ['the parent does not list it', { sku: 'B', status: 1, visibility: 1 }, parent, false],
    ['a disabled parent', { sku: 'A', status: 1, visibility: 1 }, { ...parent, status: 2 }, false],
    ['a parent not visible either', { sku: 'A', status: 1, visibility: 1 }, { ...parent, visibility: 1 }, false],
    ['a parent that is not configurable', { sku: 'A', status: 1, visibility: 1 }, { ...parent, type_id: 'bundle' }, false],
  ])('%s → %s', (_name, child, p, out) => {
    expect(isVariantOfParent(child, p)).toBe(out);
  });
});

describe('validateProductForCart (§5 "Validation rules")', () => {
  it.each([
    ['positive price', { price: 100 }, {}, []],
    ['zero price allowed', { price: 0, final_price_incl_tax: 0 }, {}, []],
    ['zero price refused when not allowed', { price: 0 }, { allowZeroPrice: false }, ['cart.priceUnknown']],
    ['negative price', { price: -1 }, {}, ['cart.priceUnknown']],
    ['no price at all', {}, {}, ['cart.priceUnknown']],
    ['final price incl. tax decides', { price: 100, final_price_incl_tax: -5 }, {}, ['cart.priceUnknown']],
    [
      'non-empty product errors block',
      { price: 100, errors: { variants: 'variant.noneAvailable', other: '' } },
      {},
      ['variant.noneAvailable'],
    ],
    ['error lists too', { price: 100, errors: ['x', null] }, {}, ['x']],
  ])('%s', (_n, p, opts, out) => {
    expect(validateProductForCart(p, opts)).toEqual(out);
  });
});

describe('stock (§4 "Adding to the cart" steps 2–3)', () => {
  it.each([
    [undefined, 'volatile'],
    [{ is_in_stock: true, qty: 5, manage_stock: true }, 'ok'],
    [{ is_in_stock: false, qty: 5, manage_stock: true }, 'out_of_stock'],
    [{ is_in_stock: true, qty: 0, manage_stock: true }, 'out_of_stock'],
    [{ is_in_stock: false, qty: 0, manage_stock: false }, 'ok'],
  ])('stockStatus(%j) → %s', (info, status) => {
    expect(stockStatus(info)).toBe(status);
  });

  it.each([
    ['ok', false, true, 'success', 'cart.addedToCart'],
    ['ok', true, true, 'success', 'cart.addedToCart'],
    ['volatile', false, true, 'warning', 'cart.volatileStock'],
    ['volatile', true, true, 'success', 'cart.addedToCart'],
    ['out_of_stock', true, false, 'error', 'cart.outOfStock'],
    ['out_of_stock', false, false, 'error', 'cart.outOfStock'],
  ] as const)('%s (allowOutOfStock %s) → add %s, %s %s', (status, allow, add, type, key) => {
    expect(addToCartDecision(status, { allowOutOfStock: allow })).toMatchObject({
      add,
      notification: { type, key },
    });
  });

  it('stock sync result (§4 "Stock sync result")', () => {
    expect(stockSyncOutcome(true)).toMatchObject({ action: 'mark-in-stock', infoKey: 'cart.inStock' });
    expect(stockSyncOutcome(false, { allowOutOfStock: true, syncEnabled: false })).toMatchObject({
      action: 'mark-out-of-stock',
      errorKey: 'cart.outOfTheStock',
    });
    expect(stockSyncOutcome(false, { allowOutOfStock: false, syncEnabled: true }).action).toBe(
      'mark-out-of-stock',
    );
    expect(stockSyncOutcome(false, { allowOutOfStock: false, syncEnabled: false }).action).toBe('remove');
  });

  it('stock lists in batches of 15 unique skus', () => {
    const skus = Array.from({ length: 40 }, (_, i) => `s${i % 35}`);
    const batches = stockBatches(skus);
    expect(batches.map((b) => b.length)).toEqual([15, 15, 5]);
    expect(new Set(batches.flat()).size).toBe(35);
    expect(stockBatches([])).toEqual([]);
    expect(() => stockBatches(['a'], 0)).toThrow(RangeError);
  });
});

describe('isLinkedChildShown (catalogue-and-cart.md §5: grouped and bundle children must have status 1)', () => {
  it.each([
    [{ status: 1 }, true],
    [{}, true],
    [{ status: 0 }, false],
    [{ status: 2 }, false],
    [{ status: 3 }, false],
    [undefined, false],
    [null, false],
  ])('%j → %s', (child, out) => {
    expect(isLinkedChildShown(child)).toBe(out);
  });
});
