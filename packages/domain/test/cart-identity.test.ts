import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addItemToCart,
  cartHash,
  cartItemChecksum,
  cartItemsCount,
  isVirtualCart,
  mergeCart,
  mergeGuestIntoCustomer,
  restoreAfterFailedUpdate,
  sameCartItem,
  type CartItemLike,
  type MergeAction,
  type MergeOptions,
} from '../src/index.ts';

const conf = (sku: string, qty = 1): CartItemLike => ({
  sku,
  qty,
  product_option: {
    extension_attributes: { configurable_item_options: [{ option_id: 93, option_value: 52 }] },
  },
});
const bundle = (
  sku: string,
  selections: (number | string)[],
  extra: Partial<CartItemLike> = {},
): CartItemLike => ({
  sku,
  qty: 1,
  product_option: {
    extension_attributes: {
      bundle_options: [{ option_id: 1, option_qty: 1, option_selections: selections }],
    },
  },
  ...extra,
});

describe('sameCartItem (catalogue-and-cart.md §4 "Adding to the cart" matching rules)', () => {
  it.each([
    ['simple: same sku', { sku: 'a', qty: 1 }, { sku: 'a', qty: 3 }, true],
    ['simple: same product id, other sku', { sku: 'a', qty: 1, id: 5 }, { sku: 'b', qty: 1, id: 5 }, true],
    ['simple: different', { sku: 'a', qty: 1, id: 5 }, { sku: 'b', qty: 1, id: 6 }, false],
    ['configurable: by sku', conf('child-1'), conf('child-1', 4), true],
    ['configurable: other child sku', { ...conf('child-1'), id: 7 }, { ...conf('child-2'), id: 7 }, false],
    ['bundle: same selections (string vs number ids)', bundle('b', [1, 2]), bundle('b', ['2', '1']), true],
    ['bundle: other selections', bundle('b', [1, 2]), bundle('b', [1, 3]), false],
    [
      'bundle: same server line id',
      bundle('b', [1], { item_id: 9 }),
      bundle('b', [2], { server_item_id: 9 }),
      true,
    ],
    [
      'bundle: same product id is not enough',
      bundle('b', [1], { id: 4 }),
      bundle('b', [2], { id: 4 }),
      false,
    ],
    [
      'custom options',
      {
        sku: 'p',
        qty: 1,
        product_option: {
          extension_attributes: { custom_options: [{ option_id: 1, option_value: 'Engrave: A' }] },
        },
      },
      {
        sku: 'p',
        qty: 1,
        product_option: {
          extension_attributes: { custom_options: [{ option_id: 1, option_value: 'Engrave: B' }] },
        },
      },
      false,
    ],
  ])('%s → %s', (_n, a, b, same) => {
    expect(sameCartItem(a, b)).toBe(same);
    expect(sameCartItem(b, a)).toBe(same);
  });

  it('checksum ignores option order', () => {
    expect(cartItemChecksum(bundle('b', [3, 1, 2]))).toBe(cartItemChecksum(bundle('b', [1, 2, 3])));
  });
});

// Arbitrary cart items over a small universe so that collisions happen.
const itemArb: fc.Arbitrary<CartItemLike> = fc.oneof(
  fc.record({
    sku: fc.constantFrom('a', 'b', 'c'),
    qty: fc.integer({ min: 1, max: 9 }),
    id: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
  }),
  fc
    .record({ sku: fc.constantFrom('c1', 'c2'), qty: fc.integer({ min: 1, max: 9 }) })
    .map((x) => conf(x.sku, x.qty)),
  fc
    .record({
      sel: fc.subarray([1, 2, 3], { minLength: 1 }),
      qty: fc.integer({ min: 1, max: 9 }),
      item_id: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
    })
    .map((x) => ({ ...bundle('bun', x.sel), qty: x.qty, item_id: x.item_id })),
);

describe('identity properties', () => {
  it('is reflexive and symmetric', () => {
    fc.assert(
      fc.property(itemArb, itemArb, (a, b) => {
        expect(sameCartItem(a, a)).toBe(true);
        expect(sameCartItem(a, b)).toBe(sameCartItem(b, a));
      }),
    );
  });
});

describe('addItemToCart (§4 "Adding the same product again merges the quantity")', () => {
  it('merges and remembers the previous quantity', () => {
    let items = addItemToCart([], { sku: 'a', qty: 1 });
    items = addItemToCart(items, { sku: 'a', qty: 2 });
    items = addItemToCart(items, { sku: 'b', qty: 1 });
    expect(items).toEqual([
      { sku: 'a', qty: 3, prev_qty: 1 },
      { sku: 'b', qty: 1, prev_qty: 0 },
    ]);
  });

  it('keeps the total quantity', () => {
    fc.assert(
      fc.property(fc.array(itemArb, { maxLength: 15 }), (adds) => {
        const items = adds.reduce<CartItemLike[]>((acc, i) => addItemToCart(acc, i), []);
        expect(cartItemsCount(items)).toBe(adds.reduce((n, i) => n + i.qty, 0));
      }),
    );
  });
});

describe('restoreAfterFailedUpdate (§4 "Failed server update")', () => {
  it('restores the previous quantity or removes', () => {
    expect(restoreAfterFailedUpdate({ sku: 'a', qty: 5, prev_qty: 2 })).toEqual({
      sku: 'a',
      qty: 2,
      prev_qty: 2,
    });
    expect(restoreAfterFailedUpdate({ sku: 'a', qty: 5, prev_qty: 0 })).toBeNull();
    expect(restoreAfterFailedUpdate({ sku: 'a', qty: 5 })).toBeNull();
  });
});

describe('cartHash (§4 "Cart hash")', () => {
  it('depends on items and token, not on order or display fields', () => {
    const a = { sku: 'a', qty: 1 };
    const b = { sku: 'b', qty: 2 };
    expect(cartHash([a, b], 't')).toBe(cartHash([b, a], 't'));
    expect(cartHash([a, b], 't')).toBe(cartHash([{ ...a, errors: { x: 'y' } } as CartItemLike, b], 't'));
    expect(cartHash([a, b], 't')).not.toBe(cartHash([a, b], 'u'));
    expect(cartHash([a, b], 't')).not.toBe(cartHash([a, { ...b, qty: 3 }], 't'));
    expect(cartHash([], null)).toMatch(/^[0-9a-f]{14}$/);
  });
});

describe('mergeCart (§4 "Merge")', () => {
  const client = [
    { sku: 'both-same', qty: 1 },
    { sku: 'both-diff', qty: 2 },
    { sku: 'client-only', qty: 1, item_id: 77 },
  ];
  const server = [
    { sku: 'both-same', qty: 1, item_id: 10 },
    { sku: 'both-diff', qty: 5, item_id: 11 },
    { sku: 'server-only', qty: 3, item_id: 12 },
  ];
  const summary = (opts: MergeOptions) =>
    mergeCart(client, server, opts).map((a) => `${a.type}:${a.item.sku}:${a.item.qty}`);

  it.each([
    [{}, ['link:both-same:1', 'push:both-diff:2', 'push:client-only:1', 'add-client:server-only:3']],
    [
      { serverMergeByDefault: true },
      ['link:both-same:1', 'update-client-qty:both-diff:5', 'push:client-only:1', 'add-client:server-only:3'],
    ],
    [
      { removeClientItemsMissingOnServer: true },
      ['link:both-same:1', 'push:both-diff:2', 'remove-client:client-only:1', 'add-client:server-only:3'],
    ],
    [
      { forceClientState: true, serverMergeByDefault: true, removeClientItemsMissingOnServer: true },
      ['link:both-same:1', 'push:both-diff:2', 'push:client-only:1', 'delete-server:server-only:3'],
    ],
  ])('%j', (opts, out) => {
    expect(summary(opts)).toEqual(out);
  });

  it('pushes carry the server line id when it exists, and drop stale ids otherwise', () => {
    const actions = mergeCart(client, server, {});
    expect(actions[1]?.item).toMatchObject({ sku: 'both-diff', item_id: 11, server_item_id: 11 });
    expect(actions[2]?.item.item_id).toBeUndefined();
    expect(actions[0]?.item).toMatchObject({ item_id: 10 });
  });

  // Applies the actions as the sync engine would: the client list and the server list afterwards.
  function apply(c: CartItemLike[], s: CartItemLike[], actions: MergeAction<CartItemLike, CartItemLike>[]) {
    const clientOut: CartItemLike[] = [];
    const serverOut = s.map((x) => ({ ...x }));
    let nextId = 1000;
    for (const a of actions) {
      if (a.type === 'push') {
        const at = serverOut.findIndex((x) => a.item.item_id != null && x.item_id === a.item.item_id);
        const line = { ...a.item, item_id: at >= 0 ? a.item.item_id : nextId++ };
        if (at >= 0) serverOut[at] = line;
        else serverOut.push(line);
        clientOut.push({ ...a.item, item_id: line.item_id });
      } else if (a.type === 'link' || a.type === 'update-client-qty') clientOut.push(a.item);
      else if (a.type === 'add-client') clientOut.push(a.item);
      else if (a.type === 'delete-server')
        serverOut.splice(
          serverOut.findIndex((x) => x.item_id === a.item.item_id),
          1,
        );
    }
    return { clientOut, serverOut };
  }

  const serverArb = fc
    .array(itemArb, { maxLength: 8 })
    .map((items) => items.map((i, n) => ({ ...i, item_id: n + 1, server_item_id: undefined })));
  const optsArb = fc.record({
    forceClientState: fc.boolean(),
    serverMergeByDefault: fc.boolean(),
    removeClientItemsMissingOnServer: fc.boolean(),
  });

  it('never loses or doubles quantity: both sides agree, each line keeps one side’s qty', () => {
    fc.assert(
      fc.property(
        fc.array(itemArb, { maxLength: 8 }),
        serverArb,
        optsArb,
        (clientItems, serverItems, opts) => {
          const c = clientItems.map((i) => ({ ...i, item_id: undefined, server_item_id: undefined }));
          const actions = mergeCart(c, serverItems, opts);
          const { clientOut, serverOut } = apply(c, serverItems, actions);
          const total = (xs: CartItemLike[]) => xs.reduce((n, x) => n + x.qty, 0);
          // Both sides hold the same lines with the same quantities.
          expect(total(clientOut)).toBe(total(serverOut));
          expect(clientOut.map((x) => `${x.item_id}:${x.qty}`).sort()).toEqual(
            serverOut.map((x) => `${x.item_id}:${x.qty}`).sort(),
          );
          // Every client and every server item is accounted for exactly once.
          const count = (pred: (a: MergeAction<CartItemLike, CartItemLike>) => boolean) =>
            actions.filter(pred).length;
          expect(count((a) => ['push', 'remove-client', 'link', 'update-client-qty'].includes(a.type))).toBe(
            c.length,
          );
          const pairedOnServer = (a: MergeAction<CartItemLike, CartItemLike>) =>
            a.type === 'link' ||
            a.type === 'update-client-qty' ||
            (a.type === 'push' && a.item.item_id != null);
          expect(
            count((a) => pairedOnServer(a) || a.type === 'delete-server' || a.type === 'add-client'),
          ).toBe(serverItems.length);
          // A paired line ends with the client's or the server's quantity, never their sum.
          for (const a of actions.filter(pairedOnServer)) {
            const s = serverItems.find((x) => x.item_id === a.item.item_id);
            const final = serverOut.find((x) => x.item_id === a.item.item_id);
            expect([a.item.qty, s?.qty]).toContain(final?.qty);
          }
          // No quantity is ever the sum of the two sides.
          const before = total(c) + total(serverItems);
          expect(total(clientOut)).toBeLessThanOrEqual(before);
          if (opts.forceClientState) expect(total(clientOut)).toBe(total(c));
        },
      ),
    );
  });
});

describe('cart helpers', () => {
  it('counts quantities (mini cart) or lines', () => {
    const items = [
      { sku: 'a', qty: 2 },
      { sku: 'b', qty: 3 },
    ];
    expect(cartItemsCount(items)).toBe(5);
    expect(cartItemsCount(items, 'items')).toBe(2);
  });
  it('virtual cart: all items virtual or downloadable', () => {
    expect(
      isVirtualCart([
        { sku: 'a', qty: 1, type_id: 'virtual' },
        { sku: 'b', qty: 1, product_type: 'downloadable' },
      ]),
    ).toBe(true);
    expect(
      isVirtualCart([
        { sku: 'a', qty: 1, type_id: 'virtual' },
        { sku: 'b', qty: 1, type_id: 'simple' },
      ]),
    ).toBe(false);
    expect(isVirtualCart([])).toBe(false);
  });
});

describe('mergeGuestIntoCustomer (login: the guest cart joins the customer cart, quantities added)', () => {
  const conf = (value: number) => ({
    extension_attributes: { configurable_item_options: [{ option_id: 93, option_value: value }] },
  });
  const same = (x: CartItemLike) => x;
  it.each([
    {
      name: 'the same product is summed and takes the server line id',
      guest: [{ sku: 'A', qty: 1 }],
      customer: [{ sku: 'A', qty: 2, item_id: 7 }],
      want: [{ sku: 'A', qty: 3, item_id: 7, server_item_id: 7, prev_qty: 2 }],
    },
    {
      name: 'other guest lines stay new (no server id); customer-only lines are taken',
      guest: [{ sku: 'A', qty: 1, item_id: 99 }],
      customer: [{ sku: 'B', qty: 2, item_id: 8 }],
      want: [
        { sku: 'A', qty: 1, item_id: null, server_item_id: null, prev_qty: 0 },
        { sku: 'B', qty: 2, item_id: 8 },
      ],
    },
    {
      name: 'a configurable child keeps the guest configuration',
      guest: [{ sku: 'P-RED', qty: 1, product_option: conf(1) }],
      customer: [{ sku: 'P-RED', qty: 1, item_id: 5, product_option: null }],
      want: [{ sku: 'P-RED', qty: 2, item_id: 5, product_option: conf(1) }],
    },
    {
      name: 'an empty guest cart adopts the customer cart',
      guest: [],
      customer: [{ sku: 'B', qty: 1, item_id: 1 }],
      want: [{ sku: 'B', qty: 1, item_id: 1 }],
    },
  ])('$name', ({ guest, customer, want }) => {
    const got = mergeGuestIntoCustomer(guest as CartItemLike[], customer as CartItemLike[], same);
    expect(got).toHaveLength(want.length);
    want.forEach((w, i) => expect(got[i]).toMatchObject(w));
  });

  it('the total quantity is the sum of both carts, each product counted exactly once', () => {
    const line = fc.record({ sku: fc.constantFrom('A', 'B', 'C', 'D'), qty: fc.integer({ min: 1, max: 9 }) });
    const uniq = (xs: { sku: string; qty: number }[]) => [...new Map(xs.map((x) => [x.sku, x])).values()];
    fc.assert(
      fc.property(fc.array(line, { maxLength: 4 }), fc.array(line, { maxLength: 4 }), (g, c) => {
        const guest = uniq(g);
        const customer = uniq(c).map((x, i) => ({ ...x, item_id: i + 1 }));
        const got = mergeGuestIntoCustomer<CartItemLike, CartItemLike>(guest, customer, same);
        const total = (xs: { qty: number }[]) => xs.reduce((n, x) => n + x.qty, 0);
        expect(total(got)).toBe(total(guest) + total(customer));
        expect(new Set(got.map((x) => x.sku)).size).toBe(got.length);
      }),
    );
  });
});
