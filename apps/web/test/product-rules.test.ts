// @vitest-environment node
/**
 * The product page's pure rules (features/product/rules): which variant the page
 * shows for the URL's child sku, what the buy box shows, the cart lines it adds and when it refuses
 * them, the grouped and bundle pickers' choices, the decision facts, the structured data and the
 * loader's shaping of its side answers. The page itself is rendered in product-page.test.tsx and
 * product-decision.test.tsx.
 */
import { CART_MAX_QTY, formatPrice, type OptionChoice, type SpecAttribute } from '@vitrina/domain';
import { describe, expect, it } from 'vitest';
import { buyBox } from '../app/features/product/rules/buy-box';
import { compositeAddition, productAddition, productCartItem } from '../app/features/product/rules/cart-line';
import {
  bundleChosenSoldOut,
  groupedQty,
  initialBundleSelection,
  initialGroupedQty,
  shownBundleOptions,
  type LinkedProduct,
} from '../app/features/product/rules/composite';
import { decisionFacts } from '../app/features/product/rules/decision-facts';
import { chosenGrade, isGraded } from '../app/features/product/rules/grade';
import { productJsonLd } from '../app/features/product/rules/json-ld';
import { optionPriceLabel, optionReason } from '../app/features/product/rules/option-labels';
import { productBanners, specAttributes } from '../app/features/product/rules/page-data';
import { shownVariant } from '../app/features/product/rules/variant';
import { getT } from '../app/i18n';
import type { AttributeDoc, Banner, DeliveryOptions, Product } from '../app/lib/types';
import type { CartItem } from '../app/state/cart';
import { bundleLink, childDoc, productDoc, productLink, stockDoc } from './support/documents';

const child = (sku: string, id: number, condition: number, final: number, qty: number, status = 1) =>
  childDoc({
    id,
    sku,
    price: final,
    final_price: final,
    price_incl_tax: final + 1000,
    final_price_incl_tax: final,
    status,
    stock: stockDoc({ is_in_stock: qty > 0, qty, product_id: id }),
    condition,
  });

/** A+ at 449 € (10 left), B at 399 € (3 left), C at 349 € sold out, D disabled */
const phone = productDoc({
  id: 100,
  sku: 'PX',
  slug: 'phone-x',
  name: 'Phone X',
  type_id: 'configurable',
  final_price_incl_tax: 39900,
  price_incl_tax: 39900,
  configurable_options: [
    {
      attribute_id: 93,
      attribute_code: 'condition',
      label: 'Condition',
      values: [
        { value_index: 1, label: 'A+' },
        { value_index: 2, label: 'B' },
        { value_index: 3, label: 'C' },
        { value_index: 4, label: 'D' },
      ],
    },
  ],
  configurable_children: [
    child('PX-A', 101, 1, 44900, 10),
    child('PX-B', 102, 2, 39900, 3),
    child('PX-C', 103, 3, 34900, 0),
    child('PX-D', 104, 4, 29900, 10, 2),
  ],
});

const simple = productDoc({
  id: 7,
  sku: 'CABLE',
  slug: 'cable',
  name: 'Cable',
  final_price_incl_tax: 999,
  price_incl_tax: 1299,
  condition_label: 'B (good)',
  stock: stockDoc({ qty: 40 }),
});

describe('the variant shown (rules/variant.ts)', () => {
  it.each([
    ['no child sku: the rule’s choice (the cheapest available)', undefined, 'PX-B'],
    ['the URL’s child', 'PX-A', 'PX-A'],
    ['a sold-out child the shopper chose stays shown', 'PX-C', 'PX-C'],
    ['a disabled child gives way to the rule’s choice', 'PX-D', 'PX-B'],
    ['an unknown sku: the rule’s choice', 'NOPE', 'PX-B'],
  ])('%s', (_, childSku, expected) => {
    const shown = shownVariant(phone, childSku);
    expect(shown.configurable).toBe(true);
    expect(shown.variant?.sku).toBe(expected);
    expect(shown.selected).toEqual({ condition: shown.variant?.condition });
  });

  it('a product that is not configurable (or has no children) shows itself', () => {
    expect(shownVariant(simple, 'PX-A')).toEqual({ configurable: false, variant: null, selected: {} });
    const bare = productDoc({ ...phone, configurable_children: [] });
    expect(shownVariant(bare, undefined).configurable).toBe(false);
  });
});

describe('the buy box (rules/buy-box.ts)', () => {
  it.each([
    // label, product, child sku, expected
    [
      'a variant with a few left',
      phone,
      'PX-B',
      {
        sku: 'PX-B',
        final: 39900,
        stockLevel: 'low',
        onlyLeft: 3,
        maxQty: 3,
        canAdd: true,
        alertSku: 'PX-B',
      },
    ],
    [
      'a variant in stock',
      phone,
      'PX-A',
      { sku: 'PX-A', final: 44900, stockLevel: 'in', onlyLeft: null, maxQty: 10, canAdd: true },
    ],
    [
      'a sold-out variant: nothing to add, the back-in-stock request',
      phone,
      'PX-C',
      { sku: 'PX-C', inStock: false, stockLevel: 'out', canAdd: false, alertSku: 'PX-C', available: false },
    ],
    [
      'a simple product: its own price, the grade of its condition label',
      simple,
      undefined,
      {
        sku: 'CABLE',
        final: 999,
        // on special, but nothing lower-than-now was charged before it (no reference): nothing struck
        reference: null,
        configured: null,
        maxQty: 40,
        grade: 'b',
        specialUntil: null,
      },
    ],
  ] as const)('%s', (_, product, childSku, expected) => {
    expect(buyBox(product, shownVariant(product, childSku), null)).toMatchObject(expected);
  });

  it('a configurable product is marked configured by the variant shown; none available: not configured', () => {
    expect(buyBox(phone, shownVariant(phone, 'PX-A'), null).configured?.is_configured).toBe(true);
    const soldOut = productDoc({
      ...phone,
      configurable_children: [child('PX-C', 103, 3, 34900, 0), child('PX-D', 104, 4, 29900, 10, 2)],
    });
    const box = buyBox(soldOut, shownVariant(soldOut, undefined), null);
    expect(box).toMatchObject({ noVariant: box.configured?.is_configured === false, canAdd: false });
  });

  it('the quantity ceiling is the counted stock, else the cart’s limit', () => {
    const uncounted = productDoc({ ...simple, stock: stockDoc({ manage_stock: false, qty: 3 }) });
    const huge = productDoc({ ...simple, stock: stockDoc({ qty: CART_MAX_QTY + 5 }) });
    expect(buyBox(uncounted, shownVariant(uncounted, undefined), null).maxQty).toBe(CART_MAX_QTY);
    expect(buyBox(huge, shownVariant(huge, undefined), null).maxQty).toBe(CART_MAX_QTY);
  });

  it.each([
    [
      'at the tier: the base total, never charged to this shopper, not struck through',
      { total: 900, baseTotal: 1000, orderable: true },
      { final: 900, reference: null, sku: null },
      true,
    ],
    [
      'at the base price: nothing struck through',
      { total: 1000, baseTotal: 1000, orderable: true },
      { final: 1000, reference: null, sku: null },
      true,
    ],
    [
      'not orderable: out of stock',
      { total: 1000, baseTotal: 1000, orderable: false },
      { final: 1000, reference: null, sku: null },
      false,
    ],
  ])('a bundle’s header shows its selection’s price, %s', (_, totals, header, inStock) => {
    const bundle = productDoc({ ...simple, type_id: 'bundle' });
    const box = buyBox(bundle, shownVariant(bundle, undefined), totals);
    expect(box.headerPrice).toEqual(header);
    expect(box.inStock).toBe(inStock);
  });
});

describe('the grade bought (rules/grade.ts)', () => {
  it.each([
    [phone, true, { condition: 1 }, 'a_plus'],
    [phone, true, { condition: 2 }, 'b'],
    [phone, true, {}, null],
    [simple, false, {}, 'b'],
  ] as const)('%#', (product, configurable, selected, grade) => {
    expect(chosenGrade(product, configurable, selected)).toBe(grade);
  });

  it('a product is graded when an option is the condition', () => {
    expect([isGraded(phone), isGraded(simple)]).toEqual([true, false]);
  });
});

describe('the cart lines (rules/cart-line.ts)', () => {
  it('a variant’s line: its sku and id, the choices by label, the configurable options by id', () => {
    const { variant, selected } = shownVariant(phone, 'PX-A');
    expect(productCartItem(phone, variant, selected, 12, 10, 44000)).toEqual({
      sku: 'PX-A',
      id: 101,
      qty: 10,
      name: 'Phone X',
      price: 44000,
      image: null,
      parentSku: 'PX',
      slug: 'phone-x',
      product_type: 'simple',
      type_id: 'configurable',
      options: [{ label: 'Condition', value: 'A+' }],
      product_option: {
        extension_attributes: { configurable_item_options: [{ option_id: 93, option_value: 1 }] },
      },
    });
  });

  it.each([
    [0, 1],
    [3, 3],
    [99, 40],
  ])('a simple product’s line, quantity %i kept to %i', (qty, kept) => {
    const item = productCartItem(simple, null, {}, qty, 40, 999);
    expect(item).toMatchObject({
      sku: 'CABLE',
      id: 7,
      qty: kept,
      product_type: 'simple',
      product_option: null,
    });
    expect(item).not.toHaveProperty('options');
  });

  const line = { sku: 'CABLE', qty: 1, price: 999 } as CartItem;
  it.each([
    [
      'priced and in stock: added, with the checkout action',
      simple,
      simple.stock,
      {
        add: true,
        notification: { type: 'success', key: 'cart.addedToCart', actionKey: 'cart.proceedToCheckout' },
      },
    ],
    [
      'no price: refused',
      productDoc({ ...simple, final_price_incl_tax: Number.NaN }),
      simple.stock,
      { add: false, notification: { type: 'error', key: 'cart.priceUnknown' } },
    ],
    [
      'out of stock: refused',
      simple,
      stockDoc({ is_in_stock: false, qty: 0 }),
      { add: false, notification: { type: 'error', key: 'cart.outOfStock' } },
    ],
    [
      'stock unknown: added (out-of-stock items are allowed in the cart)',
      simple,
      null,
      { add: true, notification: { type: 'success', key: 'cart.addedToCart' } },
    ],
  ] as const)('adding the product: %s', (_, candidate, stock, expected) => {
    const decided = productAddition(candidate, stock, () => line);
    expect(decided).toMatchObject(expected);
    if (decided.add) expect(decided.items).toEqual([line]);
  });

  it.each([
    ['all priced: all added', [999, 500], { add: true, notification: { key: 'cart.addedToCart' } }],
    [
      'one without a price: none added',
      [999, Number.NaN],
      { add: false, notification: { type: 'error', key: 'cart.priceUnknown' } },
    ],
    ['nothing to add', [], { add: false, notification: { type: 'error', key: 'cart.priceUnknown' } }],
  ] as const)('adding a picker’s lines: %s', (_, prices, expected) => {
    const items = prices.map((price, i) => ({ sku: `P${i}`, qty: 1, price }) as CartItem);
    expect(compositeAddition(stockDoc(), items)).toMatchObject(expected);
  });

  it('adding a picker’s lines of a sold-out product is refused by its stock first', () => {
    expect(compositeAddition(stockDoc({ is_in_stock: false }), [line])).toEqual({
      add: false,
      notification: { type: 'error', key: 'cart.outOfStock' },
    });
  });
});

const linked = (sku: string, qty: number): LinkedProduct => ({
  id: sku.length,
  sku,
  name: `Item ${sku}`,
  slug: sku.toLowerCase(),
  image: null,
  status: 1,
  type_id: 'simple',
  final_price_incl_tax: 1000,
  stock: stockDoc({ is_in_stock: qty > 0, qty }),
});

describe('the grouped and bundle choices (rules/composite.ts)', () => {
  it.each([
    ['', 0],
    ['abc', 0],
    ['-3', 0],
    ['2.7', 2],
    ['150', 99],
  ])('a typed grouped quantity %j is %i', (typed, qty) => {
    expect(groupedQty(typed)).toBe(qty);
  });

  it('a grouped picker starts at the link quantities, 0 for a sold-out product; unloaded links are left out', () => {
    const grouped = productDoc({
      ...simple,
      type_id: 'grouped',
      product_links: [productLink('A', 2), productLink('B', 3), productLink('GONE', 1)],
    });
    expect(initialGroupedQty(grouped, [linked('A', 5), linked('B', 0)])).toEqual({ A: 2, B: 0 });
  });

  const bundle = productDoc({
    ...simple,
    type_id: 'bundle',
    bundle_options: [
      {
        option_id: 1,
        title: 'Case',
        required: true,
        type: 'radio',
        product_links: [bundleLink({ sku: 'A', is_default: true, qty: 2 }), bundleLink({ sku: 'B' })],
      },
      {
        option_id: 2,
        title: 'Gone',
        required: false,
        type: 'radio',
        product_links: [bundleLink({ sku: 'GONE' })],
      },
    ],
  });

  it('a bundle shows only the options with loaded links; a sold-out default starts unchosen', () => {
    const options = shownBundleOptions(bundle, [linked('A', 5), linked('B', 5)]);
    expect(options.map((o) => o.option_id)).toEqual([1]);
    expect(initialBundleSelection(options, [linked('A', 5), linked('B', 5)])).toEqual({ 1: ['A'] });
    expect(initialBundleSelection(options, [linked('A', 0), linked('B', 5)])).toEqual({ 1: [] });
  });

  it.each([
    ['two units of A with 5 left', 5, false],
    ['two units of A with 1 left', 1, true],
  ])('the chosen products of a bundle: %s → sold out %s', (_, left, soldOut) => {
    const all = [linked('A', left), linked('B', 5)];
    expect(bundleChosenSoldOut(shownBundleOptions(bundle, all), { 1: ['A'] }, all)).toBe(soldOut);
  });
});

describe('the decision facts (rules/decision-facts.ts)', () => {
  const delivery = {
    shipping_methods: [],
    payment_methods: [],
  } as unknown as DeliveryOptions;

  it.each([
    ['nothing known: none', { delivery: null, days: null, grade: null, inStock: true }, null],
    [
      'delivery days only while in stock',
      { delivery: null, days: '1 – 3', grade: null, inStock: false },
      null,
    ],
    [
      'delivery days',
      { delivery: null, days: '1 – 3', grade: null, inStock: true },
      { dates: '1 – 3', quote: null, leasing: null },
    ],
    [
      'no leasing without MOKILIZINGAS',
      {
        delivery,
        days: null,
        grade: 'b',
        inStock: true,
        shop: { warranty_months: { b: 12 }, money_back_days: 30 },
      },
      { leasing: null },
    ],
  ] as const)('%s', (_, input, expected) => {
    const facts = decisionFacts({ price: 10000, shop: null, ...input });
    if (expected === null) expect(facts).toBeNull();
    else expect(facts).toMatchObject(expected);
  });

  it("promises the warranty and returns of the shop's settings for the grade, and none without them", () => {
    const shop = {
      warranty_months: { new: 36, a_plus: 18, a: 12, b: 12, c_plus: 12, c: 12 },
      money_back_days: 45,
    };
    expect(
      decisionFacts({ price: 10000, delivery: null, days: null, grade: 'a_plus', inStock: true, shop })
        ?.terms,
    ).toEqual({
      warrantyMonths: 18,
      returnDays: 45,
    });
    expect(
      decisionFacts({ price: 10000, delivery: null, days: null, grade: 'a_plus', inStock: true, shop: null }),
    ).toBeNull();
  });
});

describe('the structured data (rules/json-ld.ts)', () => {
  it('names the variant shown, its price in euros and its availability, with absolute image URLs', () => {
    const { variant } = shownVariant(phone, 'PX-C');
    const json = productJsonLd(
      productDoc({ ...phone, image: '/img/px.jpg', brand: 'Acme', mpn: null }),
      variant,
      'https://shop.test/en/p/PX/phone-x',
      'https://shop.test',
    );
    expect(json).toMatchObject({
      '@type': 'Product',
      name: 'Phone X',
      sku: 'PX-C',
      brand: { '@type': 'Brand', name: 'Acme' },
      offers: {
        url: 'https://shop.test/en/p/PX/phone-x',
        price: '349.00',
        availability: 'https://schema.org/OutOfStock',
      },
    });
    expect(json).not.toHaveProperty('mpn');
    expect((json.image as string[]).every((i) => i.startsWith('https://shop.test/'))).toBe(true);
  });
});

describe('the loader’s side answers (rules/page-data.ts)', () => {
  it('keeps only the attribute options the product or its variants use', () => {
    const attrs = [
      {
        attribute_code: 'condition',
        frontend_label: 'Condition',
        options: [1, 2, 3, 9].map((v) => ({ value: v, label: `v${v}` })),
      },
      {
        attribute_code: 'color',
        frontend_input: 'select',
        position: 2,
        is_visible_on_front: true,
        options: [{ value: 5, label: 'Red' }],
      },
    ] as unknown as AttributeDoc[];
    const [condition, color] = specAttributes(attrs, phone) as [SpecAttribute, SpecAttribute];
    expect(condition.options?.map((o) => o.value)).toEqual([1, 2, 3]);
    expect(condition).toMatchObject({ frontend_input: null, position: null, is_visible_on_front: null });
    expect(color).toMatchObject({
      frontend_input: 'select',
      position: 2,
      is_visible_on_front: true,
      options: [],
    });
  });

  it('shows the banners of one of the product’s categories or of none', () => {
    const banners = [{ category_id: null }, { category_id: 3 }, { category_id: 4 }] as Banner[];
    const product: Product = productDoc({ ...simple, category_ids: [3] });
    expect(productBanners(banners, product)).toEqual([{ category_id: null }, { category_id: 3 }]);
  });
});

describe('what an option value says (rules/option-labels.ts)', () => {
  const t = getT('en');
  const eur = (cents: number) => formatPrice(cents, 'en');
  const choice = (over: Partial<OptionChoice>): OptionChoice => ({
    value_index: 1,
    label: 'Blue',
    status: 'available',
    variant: null,
    price: 10000,
    difference: 500,
    requires: [],
    ...over,
  });
  const req = (attribute_code: string, label: string) => ({ attribute_code, value_index: 9, label });

  it.each([
    ['available', choice({}), null],
    ['sold out', choice({ status: 'out_of_stock' }), 'Out of stock'],
    ['no enabled variant', choice({ status: 'not_offered' }), 'Not offered'],
    [
      'needs another value',
      choice({ status: 'other_combination', requires: [req('memory', '512 GB')] }),
      'Only with 512 GB',
    ],
    [
      'needs another grade',
      choice({ status: 'other_combination', requires: [req('condition', 'B (good)')] }),
      'Only as B',
    ],
    [
      'needs another grade and value',
      choice({ status: 'other_combination', requires: [req('condition', 'A'), req('color', 'Blue')] }),
      'Only as A, with Blue',
    ],
    ['needs something unnamed', choice({ status: 'other_combination' }), 'With other options'],
  ])('why not: %s', (_, c, why) => {
    expect(optionReason(c, t)).toBe(why);
  });

  it.each([
    ['a value dearer than the chosen one: the difference', choice({}), false, false, `+${eur(500)}`],
    ['a cheaper one', choice({ difference: -500 }), false, false, `−${eur(500)}`],
    ['the same price', choice({ difference: 0 }), false, false, 'This price'],
    ['the chosen value: its price', choice({}), false, true, eur(10000)],
    ['a grade: its price', choice({}), true, false, eur(10000)],
    ['no difference known: its price', choice({ difference: null }), false, false, eur(10000)],
    ['no variant: no price', choice({ price: null }), false, false, null],
  ])('the price shown: %s', (_, c, isGrade, checked, label) => {
    expect(optionPriceLabel(c, isGrade, checked, t)).toBe(label);
  });
});
