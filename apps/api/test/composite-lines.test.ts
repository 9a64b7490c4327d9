/**
 * A bundle or grouped line must say what it buys, and is priced from it
 * (catalogue-and-cart.md §4 "Price rules": "Grouped product price is the sum of the linked
 * products' price times quantity. Bundle price is computed from the default or selected options.").
 * Lines with empty selections, a required option left out, a link of another option or an
 * option_qty the option does not allow were priced 0 (an order of three such bundles was accepted
 * with subtotal 0). Every way in — cart add, cart update, an order's cart lines, an order's posted
 * products — is refused with a 400 naming the option in the store view's language, nothing written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog } from '@vitrina/db';
import { bundleCartOptions, bundlePrice, type BundleOption } from '@vitrina/domain';
import { COMPOSITE_PRICE as P, compositeCatalog } from './fixtures.ts';
import { orderBody, startApi, type TestApi } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
  await importCatalog(api.database, compositeCatalog());
}, 120_000);
afterAll(async () => api?.close());

type Store = 'lt' | 'en' | 'ru';
type BundleOptions = { option_id: number | string; option_qty?: number; option_selections: (string | number)[] }[];

async function newCart(): Promise<string> {
  return (await api.call({ method: 'POST', url: '/vsbridge/cart/create?storeCode=en' })).body.result as string;
}
const update = (cartId: string, cartItem: Record<string, unknown>, store: Store = 'en') =>
  api.call({ method: 'POST', url: `/vsbridge/cart/update?cartId=${cartId}&storeCode=${store}`, payload: { cartItem } });
const bundleItem = (bundle_options: BundleOptions | undefined, qty = 1) => ({
  sku: 'BUN-8100',
  qty,
  ...(bundle_options ? { product_option: { extension_attributes: { bundle_options } } } : {}),
});
const pull = async (cartId: string) => (await api.call(`/vsbridge/cart/pull?cartId=${cartId}&storeCode=en`)).body.result;
const count = async (table: string) =>
  Number((await api.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]?.n);

const orderPayload = (cartId: string, key: string, products: Record<string, unknown>[]) =>
  orderBody({ cartId, key, products });
const createOrder = (payload: Record<string, unknown>) =>
  api.call({ method: 'POST', url: '/vsbridge/order/create?storeCode=en', payload });

/** the option titles of the fixture, per store view */
const MEMORY = { lt: 'Atmintis', en: 'Memory', ru: 'Память' };
const STORAGE = { lt: 'Diskas', en: 'Storage', ru: 'Накопитель' };
const message = {
  required: (o: Record<Store, string>) => ({ lt: `Pasirinkite „${o.lt}“.`, en: `Please choose "${o.en}".`, ru: `Выберите «${o.ru}».` }),
  invalid: (o: Record<Store, string>) => ({
    lt: `„${o.lt}“: pasirinkta prekė nėra tarp šios parinkties pasirinkimų.`,
    en: `"${o.en}": the chosen product is not one of this option's choices.`,
    ru: `«${o.ru}»: выбранного товара нет среди вариантов этой опции.`,
  }),
  qty: (o: Record<Store, string>) => ({
    lt: `Parinkties „${o.lt}“ kiekio keisti negalima.`,
    en: `The quantity of "${o.en}" cannot be changed.`,
    ru: `Количество для «${o.ru}» изменить нельзя.`,
  }),
};

const VALID: BundleOptions = [
  { option_id: 1, option_qty: 1, option_selections: ['PART-RAM-16'] },
  { option_id: 2, option_qty: 1, option_selections: ['PART-SSD'] },
];

describe('cart: a bundle line must say what it buys (400 naming the option, cart unchanged)', () => {
  it.each<{ name: string; options: BundleOptions | undefined; expected: Record<Store, string> }>([
    {
      name: 'empty selections',
      options: [1, 2, 3].map((option_id) => ({ option_id, option_qty: 1, option_selections: [] })),
      expected: message.required(MEMORY),
    },
    { name: 'no bundle options at all', options: undefined, expected: message.required(MEMORY) },
    {
      name: 'a required option left out',
      options: [{ option_id: 1, option_qty: 1, option_selections: ['PART-RAM-8'] }],
      expected: message.required(STORAGE),
    },
    {
      name: 'a selection of another option',
      options: [{ option_id: 1, option_selections: ['PART-MOUSE'] }, VALID[1]!],
      expected: message.invalid(MEMORY),
    },
    {
      name: 'a selection that is no link of the bundle',
      options: [{ option_id: 1, option_selections: ['LAP-1002'] }, VALID[1]!],
      expected: message.invalid(MEMORY),
    },
    {
      name: 'option_qty on an option whose quantity is fixed',
      options: [{ option_id: 1, option_qty: 5, option_selections: ['PART-RAM-8'] }, VALID[1]!],
      expected: message.qty(MEMORY),
    },
  ])('$name', async ({ options, expected }) => {
    const cart = await newCart();
    const kept = await update(cart, { sku: 'LAP-1002', qty: 1 });
    expect(kept.status).toBe(200);
    for (const store of ['lt', 'en', 'ru'] as const) {
      const r = await update(cart, bundleItem(options, 3), store);
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.result).toBe(expected[store]);
      expect(r.body.errors).toEqual([{ field: 'cartItem.product_option', message: expected[store] }]);
    }
    expect(await pull(cart)).toEqual([expect.objectContaining({ sku: 'LAP-1002', qty: 1 })]);
    expect((await api.call(`/vsbridge/cart/totals?cartId=${cart}&storeCode=en`)).body.result.subtotal_incl_tax).toBe(3630);
  });

  it('an option id that is not the bundle\'s is refused naming it', async () => {
    const cart = await newCart();
    const r = await update(cart, bundleItem([...VALID, { option_id: 99, option_selections: ['PART-BAG'] }]));
    expect(r.status).toBe(400);
    expect(r.body.result).toBe('"99": the chosen product is not one of this option\'s choices.');
    expect(await pull(cart)).toEqual([]);
  });

  it('changing a line\'s quantity with empty selections is refused and leaves the line as it was', async () => {
    const cart = await newCart();
    const added = await update(cart, bundleItem(VALID));
    expect(added.status).toBe(200);
    const itemId = added.body.result.item_id;
    const r = await update(cart, { ...bundleItem([{ option_id: 1, option_selections: [] }], 7), item_id: itemId });
    expect(r.status).toBe(400);
    expect(r.body.result).toBe('Please choose "Memory".');
    expect(await pull(cart)).toEqual([expect.objectContaining({ item_id: itemId, qty: 1, price: P.ram16 + P.ssd })]);
  });
});

describe('cart: a valid bundle is priced from its selection', () => {
  it('a quantity change by item_id without the options keeps the line\'s own selection and price', async () => {
    const cart = await newCart();
    const added = await update(cart, bundleItem(VALID));
    const itemId = added.body.result.item_id;
    const r = await update(cart, { sku: 'BUN-8100', qty: 4, item_id: itemId });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.result).toMatchObject({ item_id: itemId, qty: 4, price: P.ram16 + P.ssd });
    expect(await pull(cart)).toEqual([
      expect.objectContaining({ item_id: itemId, qty: 4, product_option: { extension_attributes: { bundle_options: VALID } } }),
    ]);
  });


  it('each link × its quantity, option_qty priced where the link allows it, optional options as chosen', async () => {
    const cart = await newCart();
    const r = await update(
      cart,
      bundleItem([
        { option_id: 1, option_qty: 1, option_selections: ['PART-RAM-16'] },
        { option_id: '2', option_qty: 2, option_selections: ['PART-SSD'] },
        { option_id: 3, option_selections: ['PART-BAG', 'PART-MOUSE'] },
      ], 2),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const unit = P.ram16 + 2 * P.ssd + P.bag + 2 * P.mouse;
    expect(r.body.result).toMatchObject({ sku: 'BUN-8100', qty: 2, price: unit, product_type: 'bundle' });
    const totals = (await api.call(`/vsbridge/cart/totals?cartId=${cart}&storeCode=en`)).body.result;
    expect(totals.subtotal_incl_tax).toBe(2 * unit);
    expect(totals.items).toEqual([expect.objectContaining({ sku: 'BUN-8100', qty: 2, price_incl_tax: unit, row_total_incl_tax: 2 * unit })]);
  });

  it('the storefront\'s picker payload (domain bundleCartOptions) is accepted at the price the page shows', async () => {
    const doc = (await api.call('/vsbridge/catalog/vue_storefront_catalog_en/product/_search?request=' +
      encodeURIComponent(JSON.stringify({ filters: { sku: 'BUN-8100' } })))).body.hits.hits[0]._source;
    // as the picker does (CompositePickers shownBundleOptions): link prices dropped, every link priced incl. tax
    const options = (doc.bundle_options as BundleOption[]).map((o) => ({
      ...o,
      product_links: o.product_links.map(({ price: _net, ...link }) => link),
    }));
    const prices = { 'PART-RAM-8': P.ram8, 'PART-RAM-16': P.ram16, 'PART-SSD': P.ssd, 'PART-BAG': P.bag, 'PART-MOUSE': P.mouse };
    const selected = { 1: ['PART-RAM-8'], 2: ['PART-SSD'], 3: ['PART-BAG', 'PART-MOUSE'] };
    const cart = await newCart();
    const r = await update(cart, bundleItem(bundleCartOptions(options, selected)));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.result.price).toBe(bundlePrice(options, prices, selected));
  });
});

describe('grouped products: the set is bought as its products', () => {
  it('the grouped sku itself is refused; each linked product is a line priced by the server', async () => {
    const cart = await newCart();
    const r = await update(cart, { sku: 'SET-8200', qty: 1 }, 'lt');
    expect(r.status).toBe(400);
    expect(r.body.result).toBe('Pirmiausia pasirinkite rinkinio prekes.');
    expect(await pull(cart)).toEqual([]);
    for (const cartItem of [{ sku: 'PART-BAG', qty: 1, price: 0 }, { sku: 'PART-MOUSE', qty: 2, price: 0 }])
      expect((await update(cart, cartItem)).status).toBe(200);
    const totals = (await api.call(`/vsbridge/cart/totals?cartId=${cart}&storeCode=en`)).body.result;
    expect(totals.subtotal_incl_tax).toBe(P.bag + 2 * P.mouse);
  });
});

describe('orders: bundle and grouped lines checked the same way, nothing written when refused', () => {
  const written = async () => ({
    orders: await count('orders'),
    items: await count('order_items'),
    outbox: await count('outbox'),
    ssd: (await api.call('/vsbridge/stock/check?sku=PART-SSD')).body.result.qty,
  });

  it('three bundles with empty selections in the posted products: 400, no order', async () => {
    const before = await written();
    const empty = [1, 2, 3].map((option_id) => ({ option_id, option_qty: 1, option_selections: [] }));
    const r = await createOrder(
      orderPayload('no-such-cart-1', 'composite-order-1', [
        { sku: 'LAP-1002', qty: 1 },
        { ...bundleItem(empty, 3), price: 0 },
      ]),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.result).toBe('Please choose "Memory".');
    expect(r.body.errors).toEqual([{ field: 'products[1].product_option', message: 'Please choose "Memory".' }]);
    expect(await written()).toEqual(before);
  });

  it('a grouped sku or a foreign selection in the posted products: 400, no order', async () => {
    const before = await written();
    const grouped = await createOrder(orderPayload('no-such-cart-2', 'composite-order-2', [{ sku: 'SET-8200', qty: 1 }]));
    expect(grouped.status).toBe(400);
    expect(grouped.body.result).toBe('Please choose the products of the set first.');
    const foreign = await createOrder(
      orderPayload('no-such-cart-3', 'composite-order-3', [
        bundleItem([{ option_id: 2, option_selections: ['PART-RAM-8'] }, VALID[0]!]),
      ]),
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.result).toBe('"Storage": the chosen product is not one of this option\'s choices.');
    expect(await written()).toEqual(before);
  });

  it('a cart holding a line written before the check (empty selections): 400, cart still active', async () => {
    const cart = await newCart();
    expect((await update(cart, bundleItem(VALID))).status).toBe(200);
    // as a line stored before this check: the same bundle with its selections emptied
    await api.database.query(
      `UPDATE cart_items SET product_option = '{"extension_attributes":{"bundle_options":[{"option_id":1,"option_selections":[]}]}}'::jsonb
       WHERE cart_id = $1`,
      [cart],
    );
    expect(await pull(cart)).toEqual([expect.objectContaining({ sku: 'BUN-8100', price: null })]);
    const before = await written();
    const r = await createOrder(orderPayload(cart, 'composite-order-4', [{ sku: 'LAP-1002', qty: 1 }]));
    expect(r.status).toBe(400);
    expect(r.body.result).toBe('Please choose "Memory".');
    expect(await written()).toEqual(before);
    const status = await api.database.query<{ status: string }>('SELECT status FROM carts WHERE id = $1', [cart]);
    expect(status[0]?.status).toBe('active');
  });

  it('an order of valid bundles is charged their price', async () => {
    const cart = await newCart();
    expect((await update(cart, bundleItem(VALID, 3))).status).toBe(200);
    const r = await createOrder(orderPayload(cart, 'composite-order-5', [{ sku: 'LAP-1002', qty: 1 }]));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.result.subtotal_incl_tax).toBe(3 * (P.ram16 + P.ssd));
    expect(r.body.result.items).toEqual([
      expect.objectContaining({ sku: 'BUN-8100', qty: 3, price_incl_tax: P.ram16 + P.ssd }),
    ]);
  });
});
