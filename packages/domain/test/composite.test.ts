import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  associatedLinks,
  bundleCartOptions,
  bundleLinePrice,
  bundlePrice,
  bundleStock,
  checkCompositeLine,
  chosenGroupedLinks,
  defaultBundleSelection,
  groupedPrice,
  isCompositeChildShown,
  missingRequiredBundleOptions,
  stockUnitsOf,
  type BundleOption,
  type BundleOptionRequest,
  type ProductLink,
} from '../src/index.ts';

const links: ProductLink[] = [
  { linked_product_sku: 'A', link_type: 'associated', qty: 1 },
  { linked_product_sku: 'B', link_type: 'associated', qty: 2 },
  { linked_product_sku: 'C', qty: 0 },
  { linked_product_sku: 'X', link_type: 'related', qty: 1 },
];
const prices = { A: 1000, B: 250, C: 99, X: 5 };

describe('grouped: chosen quantities (catalogue-and-cart.md §4: Σ linked price × qty)', () => {
  it('related links are not part of the set', () => {
    expect(associatedLinks(links).map((l) => l.linked_product_sku)).toEqual(['A', 'B', 'C']);
  });
  it.each<{ qty: Record<string, number>; price: number; skus: string[] }>([
    { qty: {}, price: 1000 + 250 * 2 + 99, skus: ['A', 'B', 'C'] },
    { qty: { B: 0 }, price: 1000 + 99, skus: ['A', 'C'] },
    { qty: { A: 3, B: 1, C: 0 }, price: 3000 + 250, skus: ['A', 'B'] },
    { qty: { A: 0, B: 0, C: 0 }, price: 0, skus: [] },
    { qty: { A: -1, B: 1.5 }, price: 99, skus: ['C'] },
  ])('quantities $qty → $price', ({ qty, price, skus }) => {
    const chosen = chosenGroupedLinks(links, qty);
    expect(chosen.map((l) => l.linked_product_sku)).toEqual(skus);
    expect(groupedPrice(chosen, prices)).toBe(price);
  });
  it('property: the price is Σ price × chosen qty over positive quantities', () => {
    fc.assert(
      fc.property(fc.record({ A: fc.nat(5), B: fc.nat(5), C: fc.nat(5) }), (qty) => {
        expect(groupedPrice(chosenGroupedLinks(links, qty), prices)).toBe(
          qty.A * 1000 + qty.B * 250 + qty.C * 99,
        );
      }),
    );
  });
});

const bundle: BundleOption[] = [
  {
    option_id: 1,
    title: 'Laptop',
    required: true,
    type: 'radio',
    product_links: [
      { sku: 'L1', qty: 1, is_default: true },
      { sku: 'L2', qty: 1, is_default: false },
    ],
  },
  {
    option_id: 2,
    title: 'Warranty',
    required: false,
    type: 'checkbox',
    product_links: [
      { sku: 'W1', qty: 1, is_default: false },
      { sku: 'W2', qty: 2, is_default: false },
    ],
  },
];
const bundlePrices = { L1: 50000, L2: 60000, W1: 3000, W2: 1000 };

describe('bundle: default and selected options', () => {
  it('the default selection is the is_default links', () => {
    expect(defaultBundleSelection(bundle)).toEqual({ 1: ['L1'], 2: [] });
    expect(bundlePrice(bundle, bundlePrices, defaultBundleSelection(bundle))).toBe(
      bundlePrice(bundle, bundlePrices),
    );
  });
  it.each([
    { selected: { 1: ['L2'], 2: [] }, price: 60000, missing: [] },
    { selected: { 1: ['L1'], 2: ['W1', 'W2'] }, price: 50000 + 3000 + 2000, missing: [] },
    { selected: { 1: [], 2: ['W1'] }, price: 3000, missing: [1] },
  ])('$selected → $price', ({ selected, price, missing }) => {
    expect(bundlePrice(bundle, bundlePrices, selected)).toBe(price);
    expect(missingRequiredBundleOptions(bundle, selected)).toEqual(missing);
  });
  it('the cart options carry the selected skus per option, options without a choice left out', () => {
    expect(bundleCartOptions(bundle, { 1: ['L2'], 2: [] })).toEqual([
      { option_id: 1, option_qty: 1, option_selections: ['L2'] },
    ]);
    expect(bundleCartOptions(bundle, { 1: 'L1', 2: ['W2'] })).toEqual([
      { option_id: 1, option_qty: 1, option_selections: ['L1'] },
      { option_id: 2, option_qty: 2, option_selections: ['W2'] },
    ]);
    // links of different quantities: no one option_qty stands for them (each is bought at its own)
    expect(bundleCartOptions(bundle, { 1: ['L1'], 2: ['W1', 'W2'] })).toEqual([
      { option_id: 1, option_qty: 1, option_selections: ['L1'] },
      { option_id: 2, option_selections: ['W1', 'W2'] },
    ]);
  });
});

describe('children shown (§5: grouped and bundle children must have status 1)', () => {
  it.each([
    [1, true],
    [0, false],
    [2, false],
    [undefined, false],
  ])('status %s → %s', (status, shown) => {
    expect(isCompositeChildShown({ status })).toBe(shown);
  });
});

describe('bundle cart lines: checkCompositeLine (catalogue-and-cart.md §4 "Price rules")', () => {
  const product = { type_id: 'bundle', bundle_options: [
    ...bundle,
    {
      option_id: 3,
      title: 'Memory',
      required: true,
      type: 'select',
      product_links: [{ sku: 'M', qty: 1, is_default: true, can_change_quantity: 1 }],
    },
  ] satisfies BundleOption[] };
  const prices3 = { ...bundlePrices, M: 2000 };
  const price = (requested: BundleOptionRequest[] | null) => {
    const check = checkCompositeLine(product, requested);
    return check.ok ? bundleLinePrice(check.picks ?? [], prices3) : check.refusal;
  };
  it.each<{ name: string; requested: BundleOptionRequest[] | null; result: unknown }>([
    { name: 'no options at all', requested: null, result: { key: 'bundle.optionRequired', params: { option: 'Laptop' } } },
    {
      name: 'empty selections',
      requested: [1, 2, 3].map((option_id) => ({ option_id, option_selections: [] })),
      result: { key: 'bundle.optionRequired', params: { option: 'Laptop' } },
    },
    {
      name: 'a required option left out',
      requested: [{ option_id: 1, option_selections: ['L1'] }],
      result: { key: 'bundle.optionRequired', params: { option: 'Memory' } },
    },
    {
      name: 'a link of another option',
      requested: [{ option_id: 1, option_selections: ['W1'] }, { option_id: 3, option_selections: ['M'] }],
      result: { key: 'bundle.selectionInvalid', params: { option: 'Laptop' } },
    },
    {
      name: 'an unknown option',
      requested: [{ option_id: 9, option_selections: ['L1'] }],
      result: { key: 'bundle.selectionInvalid', params: { option: '9' } },
    },
    {
      name: 'an option twice',
      requested: [{ option_id: 1, option_selections: ['L1'] }, { option_id: '1', option_selections: ['L2'] }],
      result: { key: 'bundle.selectionInvalid', params: { option: 'Laptop' } },
    },
    {
      name: 'a link twice',
      requested: [{ option_id: 2, option_selections: ['W1', 'W1'] }],
      result: { key: 'bundle.selectionInvalid', params: { option: 'Warranty' } },
    },
    {
      name: 'two links of a radio option',
      requested: [{ option_id: 1, option_selections: ['L1', 'L2'] }, { option_id: 3, option_selections: ['M'] }],
      result: { key: 'bundle.oneChoice', params: { option: 'Laptop' } },
    },
    {
      name: 'option_qty on a fixed-quantity link',
      requested: [{ option_id: 1, option_qty: 3, option_selections: ['L1'] }, { option_id: 3, option_selections: ['M'] }],
      result: { key: 'bundle.qtyNotAllowed', params: { option: 'Laptop' } },
    },
    {
      name: 'option_qty 0 on a changeable link',
      requested: [{ option_id: 1, option_selections: ['L1'] }, { option_id: 3, option_qty: 0, option_selections: ['M'] }],
      result: { key: 'bundle.qtyNotAllowed', params: { option: 'Memory' } },
    },
    {
      name: 'required options chosen, by sku and by position',
      requested: [{ option_id: 1, option_qty: 1, option_selections: [1] }, { option_id: 3, option_selections: ['M'] }],
      result: 60000 + 2000,
    },
    {
      name: 'an optional multi-choice option: each link at its own qty',
      requested: [
        { option_id: 1, option_selections: ['L1'] },
        { option_id: 2, option_selections: ['W1', 'W2'] },
        { option_id: 3, option_selections: ['M'] },
      ],
      result: 50000 + 3000 + 2 * 1000 + 2000,
    },
    {
      name: 'option_qty priced where the link allows it',
      requested: [{ option_id: 1, option_selections: ['L1'] }, { option_id: '3', option_qty: 4, option_selections: ['M'] }],
      result: 50000 + 4 * 2000,
    },
  ])('$name', ({ requested, result }) => {
    expect(price(requested)).toEqual(result);
  });

  it('a chosen link without a known price makes the line unpriced, not cheaper', () => {
    const check = checkCompositeLine(product, [{ option_id: 1, option_selections: ['L2'] }, { option_id: 3, option_selections: ['M'] }]);
    expect(check.ok && bundleLinePrice(check.picks ?? [], { L1: 50000, M: 2000 })).toBeNull();
  });

  it('a bundle without required options still needs a choice; grouped products are not lines', () => {
    const optional = { type_id: 'bundle', bundle_options: [bundle[1] as BundleOption] };
    expect(checkCompositeLine(optional, [{ option_id: 2, option_selections: [] }])).toEqual({
      ok: false,
      refusal: { key: 'cart.chooseProducts' },
    });
    expect(checkCompositeLine({ type_id: 'grouped' }, null)).toEqual({ ok: false, refusal: { key: 'cart.chooseProducts' } });
    expect(checkCompositeLine({ type_id: 'simple' }, [{ option_id: 1, option_selections: [] }])).toEqual({ ok: true, picks: null });
  });

  it('the storefront\'s selection (bundleCartOptions) passes the check at the price it shows', () => {
    const selected = { 1: ['L2'], 2: ['W1', 'W2'], 3: ['M'] };
    const check = checkCompositeLine(product, bundleCartOptions(product.bundle_options, selected));
    expect(check.ok && bundleLinePrice(check.picks ?? [], prices3)).toBe(bundlePrice(product.bundle_options, prices3, selected));
  });

  it('property: an accepted line costs at least its required options\' cheapest links, never 0 when one is required', () => {
    const option = (id: number) =>
      fc.record({
        option_id: fc.constant(id),
        title: fc.constant(`O${id}`),
        required: fc.boolean(),
        type: fc.constantFrom('radio', 'select', 'checkbox', 'multi'),
        product_links: fc.uniqueArray(
          fc.record({
            sku: fc.constantFrom('A', 'B', 'C', 'D', 'E'),
            qty: fc.integer({ min: 0, max: 3 }),
            can_change_quantity: fc.boolean(),
          }),
          { minLength: 1, maxLength: 3, selector: (l) => l.sku },
        ),
      });
    const linkPrices = fc.record({ A: fc.integer({ min: 1, max: 1e6 }), B: fc.integer({ min: 1, max: 1e6 }), C: fc.integer({ min: 1, max: 1e6 }), D: fc.integer({ min: 1, max: 1e6 }), E: fc.integer({ min: 1, max: 1e6 }) });
    // per option an entry built from its own links (so many lines pass), with now and then a
    // foreign sku, a position, an unknown option or an odd quantity mixed in
    const entryFor = (o: BundleOption) =>
      fc
        .record({
          send: fc.integer({ min: 0, max: 9 }),
          count: fc.constantFrom(0, 1, 1, 2),
          odd: fc.oneof({ arbitrary: fc.constant(null), weight: 8 }, { arbitrary: fc.constantFrom('Z', 0, 2), weight: 1 }),
          option_qty: fc.oneof({ arbitrary: fc.constant(undefined), weight: 2 }, { arbitrary: fc.integer({ min: -1, max: 4 }), weight: 1 }),
        })
        .map(({ send, count, odd, option_qty }): BundleOptionRequest[] =>
          send === 0
            ? []
            : [
                {
                  option_id: send === 1 ? 9 : o.option_id,
                  ...(send === 2 ? { option_qty } : {}),
                  option_selections: [...o.product_links.slice(0, count).map((l) => l.sku), ...(odd === null ? [] : [odd])],
                },
              ],
        );
    let accepted = 0;
    const bundleAndRequest = fc
      .tuple(option(1), option(2), option(3))
      .chain((options) =>
        fc.tuple(fc.constant(options), fc.tuple(...options.map(entryFor)).map((entries) => entries.flat())),
      );
    fc.assert(
      fc.property(bundleAndRequest, linkPrices, ([options, requested], prices) => {
        const check = checkCompositeLine({ type_id: 'bundle', bundle_options: options }, requested);
        if (!check.ok) return;
        accepted += 1;
        const unit = bundleLinePrice(check.picks ?? [], prices) as number;
        // a link's own quantity, or at least 1 where the shopper may choose it (option_qty)
        const leastQty = (l: { qty: number; can_change_quantity: boolean }) => (l.can_change_quantity ? 1 : Math.max(1, l.qty));
        const floor = options
          .filter((o) => o.required)
          .reduce((sum, o) => sum + Math.min(...o.product_links.map((l) => prices[l.sku] * leastQty(l))), 0);
        expect(unit).toBeGreaterThanOrEqual(floor);
        expect(unit).toBeGreaterThan(0);
      }),
      { numRuns: 2000 },
    );
    // the property is not vacuous: many generated lines are accepted
    expect(accepted).toBeGreaterThan(200);
  });
});

describe('stockUnitsOf: the units order lines hold in stock (a bundle: its chosen links)', () => {
  it('a bundle line holds its own sku and link qty × line qty of each chosen link, summed with simple lines, in sku order', () => {
    const units = stockUnitsOf([
      { sku: 'Z-SIMPLE', name: 'Mouse', qty: 1 },
      { sku: 'BUN', name: 'Set', qty: 3, picks: [{ sku: 'RAM', qty: 1 }, { sku: 'Z-SIMPLE', qty: 2 }] },
      { sku: 'BUN', name: 'Set', qty: 1, picks: [{ sku: 'SSD', qty: 4 }] },
    ]);
    expect(units).toEqual([
      { sku: 'BUN', qty: 4, lines: [{ sku: 'BUN', name: 'Set' }] },
      { sku: 'RAM', qty: 3, lines: [{ sku: 'BUN', name: 'Set' }] },
      { sku: 'SSD', qty: 4, lines: [{ sku: 'BUN', name: 'Set' }] },
      { sku: 'Z-SIMPLE', qty: 7, lines: [{ sku: 'Z-SIMPLE', name: 'Mouse' }, { sku: 'BUN', name: 'Set' }] },
    ]);
  });
  it('no lines, no units', () => expect(stockUnitsOf([])).toEqual([]));
  it('property: every unit is counted once, per sku, in sku order', () => {
    const sku = fc.constantFrom('A', 'B', 'C', 'D');
    const line = fc.record({
      sku,
      name: fc.constant('n'),
      qty: fc.integer({ min: 1, max: 50 }),
      picks: fc.option(fc.array(fc.record({ sku, qty: fc.integer({ min: 1, max: 5 }) }), { maxLength: 4 })),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 6 }), (lines) => {
        const units = stockUnitsOf(lines);
        const total = lines.reduce((s, l) => s + l.qty + (l.picks ?? []).reduce((t, p) => t + p.qty * l.qty, 0), 0);
        expect(units.reduce((s, u) => s + u.qty, 0)).toBe(total);
        const skus = units.map((u) => u.sku);
        expect(skus).toEqual([...new Set(skus)].sort());
      }),
    );
  });
});

describe('bundleStock: a bundle line is orderable as far as its chosen products are', () => {
  const stock: Record<string, { qty: number; is_in_stock: boolean; manage_stock: boolean }> = {
    RAM: { qty: 5, is_in_stock: true, manage_stock: true },
    SSD: { qty: 7, is_in_stock: true, manage_stock: true },
    GONE: { qty: 0, is_in_stock: false, manage_stock: true },
    OFF: { qty: 3, is_in_stock: false, manage_stock: true },
    FREE: { qty: 0, is_in_stock: true, manage_stock: false },
  };
  it.each<{ picks: { sku: string; qty: number }[]; orderable: boolean; maxQty: number | null }>([
    { picks: [{ sku: 'RAM', qty: 1 }, { sku: 'SSD', qty: 2 }], orderable: true, maxQty: 3 },
    { picks: [{ sku: 'RAM', qty: 2 }], orderable: true, maxQty: 2 },
    { picks: [{ sku: 'RAM', qty: 6 }], orderable: false, maxQty: 0 },
    { picks: [{ sku: 'RAM', qty: 1 }, { sku: 'GONE', qty: 1 }], orderable: false, maxQty: 0 },
    { picks: [{ sku: 'OFF', qty: 1 }], orderable: false, maxQty: 0 },
    { picks: [{ sku: 'FREE', qty: 4 }, { sku: 'UNKNOWN', qty: 1 }], orderable: true, maxQty: null },
  ])('$picks → orderable $orderable, at most $maxQty', ({ picks, orderable, maxQty }) => {
    expect(bundleStock(picks, (sku) => stock[sku])).toEqual({ orderable, maxQty });
  });
});
