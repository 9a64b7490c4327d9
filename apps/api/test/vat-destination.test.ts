/**
 * VAT by destination country. The import file's amounts are net of VAT; once the
 * shipping country is known, the cart, its totals and the order charge net × (1 + that country's
 * rate) for products, shipping and fees alike (CROSS_BORDER_TRADE off, the default). With
 * CROSS_BORDER_TRADE=true the gross stays the store country's and only the VAT contained changes
 * (the behaviour before the issue).
 */
import { importCatalog } from '@vitrina/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { address, startApi, type TestApi } from './helpers.ts';
import { bearer, customer } from './user-helpers.ts';

const addresses = {
  LT: address(),
  LV: address({ countryId: 'LV', city: 'Rīga', postcode: 'LV-1010' }),
  EE: address({ countryId: 'EE', city: 'Tallinn', postcode: '10115' }),
};
type Country = keyof typeof addresses;

async function shop(env: Record<string, string>): Promise<TestApi> {
  const api = await startApi({ COD_FEE_CENTS: '300', ...env });
  await importCatalog(api.database, {
    taxrules: [
      // VAT-registered business customers (customer tax class 7): reverse charge
      {
        id: 2,
        code: 'Business reverse charge',
        product_tax_class_ids: [2],
        customer_tax_class_ids: [7],
        rates: [
          { rate: 0, tax_country_id: 'LT', tax_region_id: 0, region_name: '' },
          { rate: 0, tax_country_id: 'EE', tax_region_id: 0, region_name: '' },
        ],
      },
      // a reduced rate for customer tax class 8 (a group test below: not 0 %, not the retail 21 %)
      {
        id: 3,
        code: 'Reduced rate customers',
        product_tax_class_ids: [2],
        customer_tax_class_ids: [8],
        rates: [
          { rate: 9, tax_country_id: 'LT', tax_region_id: 0, region_name: '' },
          { rate: 9, tax_country_id: 'EE', tax_region_id: 0, region_name: '' },
        ],
      },
      {
        id: 1,
        code: 'Baltic VAT',
        product_tax_class_ids: [2],
        customer_tax_class_ids: [3],
        rates: [
          { rate: 21, tax_country_id: 'LT', tax_region_id: 0, region_name: '' },
          { rate: 21, tax_country_id: 'LV', tax_region_id: 0, region_name: '' },
          { rate: 24, tax_country_id: 'EE', tax_region_id: 0, region_name: '' },
        ],
      },
    ],
    products: [
      { id: 9201, sku: 'VAT-GADGET', name: 'VAT test gadget', url_key: 'vat-test-gadget', price: 30, tax_class_id: 2,
        category_ids: [10], stock: { is_in_stock: true, qty: 1000, manage_stock: true } },
    ],
    shipping_methods: [
      { code: 'vatcourier_vatcourier', carrier_code: 'vatcourier', method_code: 'vatcourier', title: 'Courier',
        price: 3.3, countries: ['LT', 'LV', 'EE'], position: 10 },
    ],
    payment_methods: [
      { code: 'vatinvoice', title: 'Invoice', fee: 1.24, offline: true, position: 3 },
    ],
  } as Parameters<typeof importCatalog>[1]);
  return api;
}

/**
 * The whole journey: a cart of `qty` gadgets, the address of `country`, courier and invoice; answers
 * the totals shown at the payment step and the order created from them.
 */
async function journey(api: TestApi, country: Country, qty: number, key: string, headers: Record<string, string> = {}) {
  const cart = (await api.call({ method: 'POST', url: '/vsbridge/cart/create?storeCode=en', headers })).body.result as string;
  const post = (call: string, payload: unknown) =>
    api.call({ method: 'POST', url: `/vsbridge/cart/${call}?cartId=${cart}&storeCode=en`, headers, payload: payload as Record<string, unknown> });
  const added = await post('update', { cartItem: { sku: 'VAT-GADGET', qty } });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  const before = (await api.call({ url: `/vsbridge/cart/totals?cartId=${cart}&storeCode=en`, headers })).body.result;
  const methods = (await post('shipping-methods', { address: addresses[country] })).body.result as { carrier_code: string; cost_incl_tax: number }[];
  const info = await post('shipping-information', {
    addressInformation: { shippingAddress: addresses[country], shippingCarrierCode: 'vatcourier', shippingMethodCode: 'vatcourier' },
  });
  expect(info.status, JSON.stringify(info.body)).toBe(200);
  const shown = (await post('collect-totals', { methods: { paymentMethod: { method: 'vatinvoice' }, shippingCarrierCode: 'vatcourier', shippingMethodCode: 'vatcourier' } })).body.result;
  const lines = (await api.call({ url: `/vsbridge/cart/pull?cartId=${cart}&storeCode=en`, headers })).body.result as { price: number }[];
  const order = await api.call({
    method: 'POST',
    headers,
    url: '/vsbridge/order/create?storeCode=en',
    payload: {
      cart_id: cart,
      products: [{ sku: 'VAT-GADGET', qty }],
      addressInformation: {
        shippingAddress: addresses[country],
        billingAddress: addresses[country],
        shipping_carrier_code: 'vatcourier',
        shipping_method_code: 'vatcourier',
        payment_method_code: 'vatinvoice',
      },
      personalDetails: { firstName: 'Jonas', lastName: 'Jonaitis', emailAddress: 'jonas@example.com' },
      idempotency_key: `vat-destination-${key}`,
    },
  });
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  return { before, courier: methods.find((m) => m.carrier_code === 'vatcourier')?.cost_incl_tax, shown, line: lines[0]?.price, order: order.body.result };
}

// by hand: the gadget is 30.00 net, the courier 3.30 net, the invoice fee 1.24 net; the tax of each
// amount rounded half up to the cent
const byHand = {
  // 21 %: 3000 + 630 = 3630; 330 + 69.3 → 399; 124 + 26.04 → 150
  LT: { unit: 3630, courier: 399, fee: 150, rate: 21 },
  LV: { unit: 3630, courier: 399, fee: 150, rate: 21 },
  // 24 %: 3000 + 720 = 3720; 330 + 79.2 → 409; 124 + 29.76 → 154
  EE: { unit: 3720, courier: 409, fee: 154, rate: 24 },
} as const;

describe('CROSS_BORDER_TRADE off (default): every amount at the destination country\'s VAT', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await shop({});
  });
  afterAll(async () => api?.close());

  it.each([
    ['LT', 1],
    ['LV', 1],
    ['EE', 1],
    ['EE', 3],
  ] as const)('%s, %i gadget(s): the totals computed by hand, and the order charges them', async (country, qty) => {
    const h = byHand[country];
    const { before, courier, shown, line, order } = await journey(api, country, qty, `off-${country}-${qty}`);
    // before an address: the store view's default country (LT)
    expect(before).toMatchObject({ subtotal_incl_tax: 3630 * qty, tax_country_id: 'LT', tax_rate: 21 });
    expect(courier).toBe(h.courier);
    expect(line).toBe(h.unit);
    const grand = h.unit * qty + h.courier + h.fee;
    const net = 3000 * qty + 330 + 124;
    expect(shown).toMatchObject({
      subtotal_incl_tax: h.unit * qty,
      shipping_incl_tax: h.courier,
      payment_fee: h.fee,
      grand_total: grand,
      // the VAT contained is exactly what was added to the net amounts (give or take the cent rounding)
      tax_amount: grand - net,
      tax_country_id: country,
      tax_rate: h.rate,
      default_tax_country_id: 'LT',
      default_tax_rate: 21,
      cross_border_trade: false,
    });
    expect(order).toMatchObject({
      subtotal_incl_tax: shown.subtotal_incl_tax,
      shipping_incl_tax: shown.shipping_incl_tax,
      payment_fee: shown.payment_fee,
      tax_amount: shown.tax_amount,
      grand_total: shown.grand_total,
    });
  });

  it.each(['LT', 'LV', 'EE'] as const)(
    "%s: the delivery options the storefront shows for a known country are the fees checkout charges there",
    async (country) => {
      const r = await api.call(`/vsbridge/shop/delivery-options?storeCode=en&countryId=${country.toLowerCase()}`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.result.country_id).toBe(country);
      const quoted = (r.body.result.shipping_methods as { code: string; price_incl_tax: number }[]).find(
        (m) => m.code === 'vatcourier_vatcourier',
      );
      const { courier } = await journey(api, country, 1, `quote-${country}`);
      expect(quoted?.price_incl_tax).toBe(courier);
      expect(quoted?.price_incl_tax).toBe(byHand[country].courier);
    },
  );

  it('the delivery options without a country are the store view\'s own (LT); a bad country is named', async () => {
    const own = await api.call('/vsbridge/shop/delivery-options?storeCode=en');
    expect(own.body.result.country_id).toBe('LT');
    const bad = await api.call('/vsbridge/shop/delivery-options?storeCode=en&countryId=Estonia');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('countryId');
  });

  it('the shop\'s net income is the same whatever the destination', async () => {
    const lt = await journey(api, 'LT', 2, 'net-LT');
    const ee = await journey(api, 'EE', 2, 'net-EE');
    expect(lt.shown.grand_total - lt.shown.tax_amount).toBe(ee.shown.grand_total - ee.shown.tax_amount);
    expect(ee.shown.grand_total).toBeGreaterThan(lt.shown.grand_total);
  });
});

describe('CROSS_BORDER_TRADE=true: the store country\'s gross everywhere (the behaviour before VAT by destination)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await shop({ CROSS_BORDER_TRADE: 'true' });
  });
  afterAll(async () => api?.close());

  it.each(['LT', 'LV', 'EE'] as const)('%s: LT gross prices, the VAT contained at the destination\'s rate', async (country) => {
    const { courier, shown, line, order } = await journey(api, country, 1, `cbt-${country}`);
    const grand = 3630 + 399 + 150;
    expect(courier).toBe(399);
    expect(line).toBe(3630);
    const rate = byHand[country].rate;
    expect(shown).toMatchObject({
      grand_total: grand,
      tax_amount: grand - Math.round(grand / (1 + rate / 100)),
      tax_country_id: country,
      tax_rate: rate,
      cross_border_trade: true,
    });
    expect(order).toMatchObject({ grand_total: grand, tax_amount: shown.tax_amount });
  });
});

describe('a customer group with its own tax class (GROUP_PRICING on)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await shop({ GROUP_PRICING: 'true', MAIL_OUTBOX_INTERVAL_MS: '0', DEMO_SPECIAL_OFFERS: 'false' });
  });
  afterAll(async () => api?.close());

  it('its customers\' cart and order use the rules of that class; a retail customer pays VAT', async () => {
    // group 3 without a price tier, so only the tax class differs
    await api.database.query('UPDATE customer_groups SET discount_percent = 0, tax_class_id = 7 WHERE id = 3');
    const business = await customer(api, 'vat-business');
    await api.database.query('UPDATE customers SET group_id = 3 WHERE id = $1', [business.id]);
    const retail = await customer(api, 'vat-retail');

    const b = await journey(api, 'EE', 1, 'group-business', bearer(business.accessToken));
    // reverse charge: the net amounts, no VAT
    expect(b.line).toBe(3000);
    expect(b.courier).toBe(330);
    expect(b.shown).toMatchObject({ grand_total: 3000 + 330 + 124, tax_amount: 0, tax_rate: 0 });
    expect(b.order).toMatchObject({ grand_total: b.shown.grand_total, tax_amount: 0 });

    const r = await journey(api, 'EE', 1, 'group-retail', bearer(retail.accessToken));
    expect(r.shown).toMatchObject({ grand_total: 3720 + 409 + 154, tax_amount: 3720 + 409 + 154 - 3454, tax_rate: 24 });
  });
});

describe('what a group with its own tax class is shown is what it is charged', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await shop({ GROUP_PRICING: 'true', MAIL_OUTBOX_INTERVAL_MS: '0', DEMO_SPECIAL_OFFERS: 'false' });
    // group 3: reverse charge (class 7, 0 %), no tier; group 2: class 8 (9 %) and a 7 % tier that rounds
    await api.database.query('UPDATE customer_groups SET discount_percent = 0, tax_class_id = 7 WHERE id = 3');
    await api.database.query('UPDATE customer_groups SET discount_percent = 7, tax_class_id = 8 WHERE id = 2');
  });
  afterAll(async () => api?.close());

  /** a customer of `group` with a fresh session: the access token and the group token naming the group */
  async function member(group: number, prefix: string) {
    const c = await customer(api, prefix);
    await api.database.query('UPDATE customers SET group_id = $1 WHERE id = $2', [group, c.id]);
    const r = await api.call({ method: 'POST', url: '/vsbridge/user/refresh', payload: { refreshToken: c.refreshToken } });
    expect(r.body.meta.groupId).toBe(group);
    return { accessToken: r.body.result as string, groupToken: r.body.meta.groupToken as string };
  }

  type Doc = { sku: string; final_price_incl_tax: number; price_incl_tax: number; configurable_children?: Doc[] };
  const byFinal = (docs: Doc[]) => {
    const out: Record<string, number> = {};
    for (const d of docs) {
      out[d.sku] = d.final_price_incl_tax;
      for (const c of d.configurable_children ?? []) out[c.sku] = c.final_price_incl_tax;
    }
    return out;
  };

  /** the prices shown for a group token: category listing/search, render list and URL map */
  async function shown(groupToken: string) {
    const token = encodeURIComponent(groupToken);
    const request = encodeURIComponent(JSON.stringify({ filters: { sku: ['VAT-GADGET', 'MBA-7000'] } }));
    const listing = await api.call(
      `/vsbridge/catalog/vue_storefront_catalog_en/product/_search?request=${request}&groupToken=${token}` +
        '&_source_include=sku,final_price_incl_tax,price_incl_tax,configurable_children.sku,configurable_children.final_price_incl_tax',
    );
    expect(listing.status, JSON.stringify(listing.body)).toBe(200);
    const render = await api.call(`/vsbridge/products/render-list?skus=VAT-GADGET,MBA-7000&storeCode=en&groupToken=${token}`);
    expect(render.status).toBe(200);
    const mapped = await api.call({
      method: 'POST',
      url: '/api/url/map',
      payload: { url: '/en/p/VAT-GADGET/vat-test-gadget', groupToken, includeFields: ['sku', 'final_price_incl_tax'] },
    });
    expect(mapped.body?._type, JSON.stringify(mapped.body)).toBe('product');
    return {
      listing: byFinal((listing.body.hits.hits as { _source: Doc }[]).map((h) => h._source)),
      render: byFinal(render.body.result.items as Doc[]),
      map: (mapped.body._source as Doc).final_price_incl_tax,
      regular: (render.body.result.items as Doc[]).find((d) => d.sku === 'VAT-GADGET')?.price_incl_tax,
    };
  }

  /** the unit prices the cart of that customer charges (no address yet: the store's country, LT) */
  async function charged(accessToken: string, skus: string[]) {
    const headers = bearer(accessToken);
    const cart = (await api.call({ method: 'POST', url: '/vsbridge/cart/create?storeCode=en', headers })).body.result as string;
    for (const sku of skus) {
      const r = await api.call({ method: 'POST', url: `/vsbridge/cart/update?cartId=${cart}&storeCode=en`, headers, payload: { cartItem: { sku, qty: 1 } } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    const t = await api.call({ url: `/vsbridge/cart/totals?cartId=${cart}&storeCode=en`, headers });
    return Object.fromEntries((t.body.result.items as { sku: string; price_incl_tax: number }[]).map((i) => [i.sku, i.price_incl_tax]));
  }

  it('a 0 % group sees the net price in the listing, search, render list and URL map, and pays it', async () => {
    const business = await member(3, 'shown-business');
    const s = await shown(business.groupToken);
    // 30.00 net at 0 %: 3000 (retail: 3630)
    expect(s.listing['VAT-GADGET']).toBe(3000);
    expect(s.render['VAT-GADGET']).toBe(3000);
    expect(s.map).toBe(3000);
    expect(s.regular).toBe(3000);
    const cart = await charged(business.accessToken, ['VAT-GADGET', 'MBA-7000-A']);
    expect(cart['VAT-GADGET']).toBe(s.listing['VAT-GADGET']);
    // a configurable child: its row in the listing is what its line costs
    expect(s.listing['MBA-7000-A']).toBeGreaterThan(0);
    expect(cart['MBA-7000-A']).toBe(s.listing['MBA-7000-A']);
    expect(cart['MBA-7000-A']).toBe(s.render['MBA-7000-A']);
  });

  it('a group at another rate (9 %) with a tier sees, to the cent, what its cart charges', async () => {
    const reduced = await member(2, 'shown-reduced');
    const s = await shown(reduced.groupToken);
    // by hand: 3000 net, 7 % off → 2790; 9 % of 2790 = 251.1 → 251; 2790 + 251 = 3041
    expect(s.listing['VAT-GADGET']).toBe(3041);
    expect(s.render['VAT-GADGET']).toBe(3041);
    expect(s.map).toBe(3041);
    // the regular price at the group's rate: 3000 + 270
    expect(s.regular).toBe(3270);
    const cart = await charged(reduced.accessToken, ['VAT-GADGET', 'MBA-7000-A']);
    expect(cart).toEqual({ 'VAT-GADGET': 3041, 'MBA-7000-A': s.render['MBA-7000-A'] });
    expect(s.listing['MBA-7000-A']).toBe(cart['MBA-7000-A']);
  });

  it('a guest still sees the retail price', async () => {
    const r = await api.call('/vsbridge/products/render-list?skus=VAT-GADGET&storeCode=en');
    expect(r.body.result.items[0].final_price_incl_tax).toBe(3630);
  });
});
