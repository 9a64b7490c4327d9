/**
 * CATALOG_PRICES_INCLUDE_TAX: a shop that writes gross prices imports 449.00 and sells at 449,00 €
 * (not 448,99 €) in LT and LV (21 %), and under CROSS_BORDER_TRADE everywhere; an Estonian address
 * pays the net made from the gross at 24 %. The import goes through the shop's own import route, so
 * the setting is the shop's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTax, netFromGross } from '@vitrina/domain';
import { address, searchUrl, startApi, type TestApi } from './helpers.ts';
import { bearer } from './user-helpers.ts';

const addresses = {
  LT: address(),
  LV: address({ countryId: 'LV', city: 'Rīga', postcode: 'LV-1010' }),
  EE: address({ countryId: 'EE', city: 'Tallinn', postcode: '10115' }),
};
type Country = keyof typeof addresses;

async function shop(env: Record<string, string>): Promise<TestApi> {
  const api = await startApi({ CATALOG_PRICES_INCLUDE_TAX: 'true', ...env });
  const file = {
    taxrules: [
      {
        id: 1,
        code: 'Baltic VAT',
        product_tax_class_ids: [2],
        customer_tax_class_ids: [3],
        rates: [
          { rate: 21, tax_country_id: 'LT' },
          { rate: 21, tax_country_id: 'LV' },
          { rate: 24, tax_country_id: 'EE' },
        ],
      },
    ],
    products: [
      {
        id: 9301,
        sku: 'GROSS-449',
        name: 'Gross priced TV',
        url_key: 'gross-tv',
        price: '449.00',
        tax_class_id: 2,
        category_ids: [10],
        stock: { is_in_stock: true, qty: 100, manage_stock: true },
      },
      {
        id: 9302,
        sku: 'GROSS-SPECIAL',
        name: 'Gross priced radio',
        url_key: 'gross-radio',
        price: 120,
        special_price: 99.99,
        tax_class_id: 2,
        category_ids: [10],
        stock: { is_in_stock: true, qty: 100, manage_stock: true },
      },
    ],
    shipping_methods: [
      {
        code: 'grosscourier_grosscourier',
        carrier_code: 'grosscourier',
        method_code: 'grosscourier',
        title: 'Courier',
        price: 0,
        countries: ['LT', 'LV', 'EE'],
        position: 10,
      },
    ],
  };
  const imported = await api.call({
    method: 'POST',
    url: '/vsbridge/admin/catalog/import',
    headers: bearer(api.adminToken),
    payload: file,
  });
  expect(imported.status, JSON.stringify(imported.body)).toBe(200);
  return api;
}

/** the unit price of a cart line of `sku` and the totals, after the address of `country` */
async function cartFor(api: TestApi, sku: string, country: Country) {
  const cart = (await api.call({ method: 'POST', url: '/vsbridge/cart/create?storeCode=en' })).body
    .result as string;
  const post = (call: string, payload: unknown) =>
    api.call({
      method: 'POST',
      url: `/vsbridge/cart/${call}?cartId=${cart}&storeCode=en`,
      payload: payload as Record<string, unknown>,
    });
  expect((await post('update', { cartItem: { sku, qty: 1 } })).status).toBe(200);
  const info = await post('shipping-information', {
    addressInformation: {
      shippingAddress: addresses[country],
      shippingCarrierCode: 'grosscourier',
      shippingMethodCode: 'grosscourier',
    },
  });
  expect(info.status, JSON.stringify(info.body)).toBe(200);
  const lines = (await api.call({ url: `/vsbridge/cart/pull?cartId=${cart}&storeCode=en` })).body.result as {
    price: number;
  }[];
  const totals = (await api.call({ url: `/vsbridge/cart/totals?cartId=${cart}&storeCode=en` })).body
    .result as Record<string, number>;
  return { unit: lines[0]?.price, totals };
}

const eeGross = addTax(netFromGross(44900, 21), 24);

describe('prices entered gross, VAT by destination (CROSS_BORDER_TRADE off)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await shop({});
  });
  afterAll(async () => api?.close());

  it('stores the typed gross and its net', async () => {
    const [row] = await api.database.query<Record<string, number>>(
      "select price_cents, price_incl_tax_cents, special_price_cents, special_price_incl_tax_cents from products where sku = 'GROSS-SPECIAL'",
    );
    expect(row).toEqual({
      price_cents: 9917,
      price_incl_tax_cents: 12000,
      special_price_cents: 8264,
      special_price_incl_tax_cents: 9999,
    });
  });

  it('lists 449,00 € in the catalogue (net cents alone would make 448,99 €)', async () => {
    const r = await api.call(searchUrl('product', { filters: { sku: ['GROSS-449', 'GROSS-SPECIAL'] } }));
    const docs = Object.fromEntries(
      (r.body.hits.hits as { _source: Record<string, number> & { sku: string } }[]).map((h) => [
        h._source.sku,
        h._source,
      ]),
    );
    expect(docs['GROSS-449']).toMatchObject({
      price_incl_tax: 44900,
      final_price_incl_tax: 44900,
      price: netFromGross(44900, 21),
    });
    expect(docs['GROSS-SPECIAL']).toMatchObject({
      price_incl_tax: 12000,
      special_price_incl_tax: 9999,
      final_price_incl_tax: 9999,
    });
  });

  it.each([
    ['LT', 44900],
    ['LV', 44900],
    ['EE', eeGross],
  ] as const)('%s pays %i cents', async (country, expected) => {
    const { unit, totals } = await cartFor(api, 'GROSS-449', country);
    expect(unit).toBe(expected);
    expect(totals.subtotal_incl_tax).toBe(expected);
  });
});

describe('prices entered gross under CROSS_BORDER_TRADE', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await shop({ CROSS_BORDER_TRADE: 'true' });
  });
  afterAll(async () => api?.close());

  it.each(['LT', 'LV', 'EE'] as const)('%s pays the typed 449,00 €', async (country) => {
    const { unit, totals } = await cartFor(api, 'GROSS-449', country);
    expect(unit).toBe(44900);
    expect(totals.grand_total).toBe(44900);
  });
});
