/**
 * The API's money-bearing answers are what the shared contracts
 * (packages/domain/src/contracts) say, field for field: each answer is parsed strictly, so a field
 * added, renamed or retyped on one side fails here before it reaches the storefront's types.
 */
import { DEMO_CATALOG_KEY, importCatalog, setMeta } from '@vitrina/db';
import {
  addressInformationSchema,
  attributeDocumentContract,
  bankContract,
  cartLineContract,
  cartTotalsContract,
  categoryDocumentContract,
  checkoutOptionsContract,
  claimContract,
  cmsBlockDocumentContract,
  cmsPageDocumentContract,
  customerProfileContract,
  customerReviewContract,
  deliveryOptionsContract,
  homePageContract,
  newsItemContract,
  newsletterConfirmationContract,
  newsPageContract,
  orderCreatedContract,
  orderCreateSchema,
  orderHistoryContract,
  orderPullContract,
  paymentMethodContract,
  pickupPointContract,
  parseInput,
  productDocumentContract,
  profileUpdateSchema,
  reviewContract,
  reviewListContract,
  searchAnswerContract,
  sessionAnswerContract,
  shippingMethodContract,
  specialOfferContract,
  storeInfoContract,
  type AddressBody,
  type OrderCreateBody,
  type ProfileUpdateBody,
} from '@vitrina/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CONDITION, compositeCatalog } from './fixtures.ts';
import { address, orderBody, searchUrl, startApi, type TestApi } from './helpers.ts';
import { bearer, customer, outbox, PASSWORD } from './user-helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startApi({
    SHOP_COMPANY_NAME: 'UAB Vitrina',
    SHOP_BANK_NAME: 'AB SEB bankas',
    SHOP_IBAN: 'LT97 7044 0600 0000 0001',
    GROUP_PRICING: 'true',
    PAYMENT_SANDBOX: 'true',
    EXPOSE_OUTBOX: 'true',
    MAIL_OUTBOX_INTERVAL_MS: '0',
    DEMO_SPECIAL_OFFERS: 'false',
  });
  await importCatalog(api.database, compositeCatalog());
}, 120_000);
afterAll(async () => api?.close());

function conforms<T>(contract: z.ZodType<T>, value: unknown): T {
  const parsed = contract.safeParse(value);
  expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues, null, 1)).toBe(true);
  return parsed.data as T;
}

const post = (path: string, cart: string, payload?: Record<string, unknown>, query = '') =>
  api.call({ method: 'POST', url: `/vsbridge/cart/${path}?cartId=${cart}&storeCode=en${query}`, payload });

async function filledCart(): Promise<string> {
  const cart = (await api.call({ method: 'POST', url: '/vsbridge/cart/create?storeCode=en' })).body
    .result as string;
  for (const sku of ['PHN-2001', 'LAP-1002'])
    expect((await post('update', cart, { cartItem: { sku, qty: 1 } })).status).toBe(200);
  return cart;
}

describe('the cart answers keep the contract', () => {
  it('totals, shipping and payment methods, with a coupon, a courier and cash on delivery', async () => {
    const cart = await filledCart();
    conforms(
      cartTotalsContract,
      (await api.call(`/vsbridge/cart/totals?cartId=${cart}&storeCode=en`)).body.result,
    );
    const methods = (await post('shipping-methods', cart, { address: { countryId: 'LT' } })).body.result;
    for (const m of methods as unknown[]) conforms(shippingMethodContract, m);
    const info = await post('shipping-information', cart, {
      addressInformation: {
        shippingAddress: address(),
        shippingCarrierCode: 'courier',
        shippingMethodCode: 'courier',
      },
    });
    expect(info.status, JSON.stringify(info.body)).toBe(200);
    conforms(cartTotalsContract, info.body.result.totals);
    for (const m of info.body.result.payment_methods as unknown[]) conforms(paymentMethodContract, m);
    expect((await post('apply-coupon', cart, undefined, '&coupon=SAVE10')).status).toBe(200);
    const totals = conforms(
      cartTotalsContract,
      (await post('collect-totals', cart, { methods: { paymentMethod: { method: 'cashondelivery' } } })).body
        .result,
    );
    expect(totals.payment_fee).toBe(300);
    expect(totals.total_segments.map((s) => s.code)).toContain('discount');
  });

  it('checkout options: every country, every method with the subtotal from which it is free', async () => {
    const r = await api.call('/vsbridge/shop/checkout-options?storeCode=lt');
    const { options } = conforms(checkoutOptionsContract, r.body.result);
    expect(options.map((o) => o.country_id)).toEqual(['EE', 'LT', 'LV']);
    const lt = options.find((o) => o.country_id === 'LT');
    expect(lt?.shipping_methods.map((m) => [m.carrier_code, m.free_from_incl_tax])).toEqual([
      ['courier', 9900],
      ['omniva', null],
    ]);
    expect(lt?.payment_methods.length).toBeGreaterThan(0);
  });
});

describe('the cart lines keep the contract', () => {
  it('cart/update and cart/pull: simple, virtual, configurable, bundle and grouped parts', async () => {
    const cart = (await api.call({ method: 'POST', url: '/vsbridge/cart/create?storeCode=en' })).body
      .result as string;
    const items = [
      { sku: 'PHN-2001', qty: 2 },
      { sku: 'SW-5001', qty: 1 },
      {
        sku: 'MBA-7000',
        qty: 1,
        product_option: {
          extension_attributes: {
            configurable_item_options: [{ option_id: 141, option_value: CONDITION.a }],
          },
        },
      },
      {
        sku: 'BUN-8100',
        qty: 1,
        product_option: {
          extension_attributes: {
            bundle_options: [
              { option_id: 1, option_qty: 1, option_selections: ['PART-RAM-16'] },
              { option_id: 2, option_qty: 1, option_selections: ['PART-SSD'] },
              { option_id: 3, option_selections: ['PART-MOUSE'] },
            ],
          },
        },
      },
      // a grouped product goes into the cart as its parts
      { sku: 'PART-BAG', qty: 1 },
    ];
    for (const cartItem of items) {
      const r = await post('update', cart, { cartItem });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      conforms(cartLineContract, r.body.result);
    }
    const pulled = (await api.call(`/vsbridge/cart/pull?cartId=${cart}&storeCode=en`)).body
      .result as unknown[];
    const lines = pulled.map((l) => conforms(cartLineContract, l));
    // the configurable's line is its chosen variant (a simple product) naming its parent
    expect(lines.map((l) => `${l.sku}:${l.product_type}`).sort()).toEqual([
      'BUN-8100:bundle',
      'MBA-7000-B:simple',
      'PART-BAG:simple',
      'PHN-2001:simple',
      'SW-5001:virtual',
    ]);
    expect(lines.find((l) => l.sku === 'MBA-7000-B')?.parentSku).toBe('MBA-7000');
    expect(
      lines.find((l) => l.sku === 'BUN-8100')?.product_option?.extension_attributes.bundle_options,
    ).toHaveLength(3);
    expect(lines.every((l) => Number.isInteger(l.price))).toBe(true);
  });
});

describe('the customer answers keep the contract', () => {
  it('user/create, user/me with a saved address, and its update', async () => {
    const c = await customer(api, 'contract');
    const me = conforms(
      customerProfileContract,
      (await api.call({ url: '/vsbridge/user/me?storeCode=en', headers: bearer(c.accessToken) })).body.result,
    );
    expect(me.addresses).toEqual([]);
    // GROUP_PRICING is on: the profile carries the group's token
    expect(me.group_token).toEqual(expect.any(String));
    const saved = {
      ...address({
        company: 'UAB Testas',
        company_code: '123456789',
        tax_id: 'LT100000000011',
        region: 'Vilniaus apskr.',
      }),
      default_shipping: true,
      default_billing: true,
    };
    const updated = await api.call({
      method: 'POST',
      url: '/vsbridge/user/me?storeCode=en',
      headers: bearer(c.accessToken),
      payload: { customer: { email: c.email, firstname: 'Ona', lastname: 'Onaitė', addresses: [saved] } },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    conforms(customerProfileContract, updated.body.result);
    const again = conforms(
      customerProfileContract,
      (await api.call({ url: '/vsbridge/user/me?storeCode=en', headers: bearer(c.accessToken) })).body.result,
    );
    expect(again.addresses).toEqual([saved]);
  });

  it('user/create answers the profile', async () => {
    const r = await api.call({
      method: 'POST',
      url: '/vsbridge/user/create?storeCode=en',
      payload: {
        customer: { email: 'contract-create@example.com', firstname: 'Jonas', lastname: 'Jonaitis' },
        password: 'correct horse 1',
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    conforms(customerProfileContract, r.body.result);
  });
});

describe('the order answer keeps the contract', () => {
  it.each(['cashondelivery', 'banktransfer'])('order/pull of a %s order', async (payment) => {
    const cartId = await filledCart();
    const created = await api.call({
      method: 'POST',
      url: '/vsbridge/order/create?storeCode=lt',
      payload: orderBody({
        cartId,
        key: `contract-${payment}`,
        products: [{ sku: 'PHN-2001', qty: 1 }],
        payment,
      }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { orderNumber, orderToken } = conforms(orderCreatedContract, created.body.result);
    const pulled = await api.call(`/vsbridge/order/pull?number=${orderNumber}&orderToken=${orderToken}`);
    const order = conforms(orderPullContract, pulled.body.result);
    expect(order.bank_transfer === null).toBe(payment !== 'banktransfer');
    expect(order.payment_kind).toBe(payment === 'banktransfer' ? 'bank_transfer' : 'cash_on_delivery');
  });
});

describe('the request bodies are the shared schemas', () => {
  // the storefront's OrderPayload and Address are these types (apps/web lib/types.ts): a body the
  // client may send is what the API's route parses; a refusal names the fields the schema names
  const refusal = async (url: string, body: unknown, schema: z.ZodType, headers = {}) => {
    const r = await api.call({ method: 'POST', url, payload: body as Record<string, unknown>, headers });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    const verdict = parseInput(schema, body, 'en');
    expect(verdict.success).toBe(false);
    expect(r.body.errors).toEqual(verdict.success ? [] : verdict.errors);
    return (r.body.errors as { field: string }[]).map((e) => e.field);
  };
  // a cart of one phone (LAP-1002's two units may be sold by the orders above)
  const phoneCart = async () => {
    const cart = (await api.call({ method: 'POST', url: '/vsbridge/cart/create?storeCode=en' })).body
      .result as string;
    expect((await post('update', cart, { cartItem: { sku: 'PHN-2001', qty: 1 } })).status).toBe(200);
    return cart;
  };
  const shippingAddress: AddressBody = {
    firstname: 'Jonas',
    lastname: 'Jonaitis',
    street: ['Gedimino pr.', '1'],
    city: 'Vilnius',
    postcode: 'LT-01100',
    countryId: 'LT',
    telephone: '+37060000000',
    email: 'jonas@example.com',
    region_id: null,
  };
  const order = (cartId: string, key: string): OrderCreateBody => ({
    cart_id: cartId,
    products: [{ sku: 'PHN-2001', qty: 1 }],
    addressInformation: {
      shippingAddress,
      billingAddress: shippingAddress,
      shipping_method_code: 'courier',
      shipping_carrier_code: 'courier',
      payment_method_code: 'cashondelivery',
    },
    personalDetails: { firstName: 'Jonas', lastName: 'Jonaitis', emailAddress: 'jonas@example.com' },
    idempotency_key: key,
  });

  it('order/create takes a body of the contract and refuses one the schema refuses, naming its fields', async () => {
    const cartId = await phoneCart();
    const url = '/vsbridge/order/create?storeCode=en';
    const bad = order(cartId, 'contract-body');
    const refused = await refusal(
      url,
      {
        ...bad,
        products: [{ sku: 'PHN-2001', qty: 0 }],
        addressInformation: {
          ...bad.addressInformation,
          shippingAddress: { ...shippingAddress, telephone: undefined, countryId: 'Lietuva' },
        },
        personalDetails: { ...bad.personalDetails, emailAddress: 'jonas' },
        idempotency_key: 'short',
      },
      orderCreateSchema,
    );
    expect(refused).toEqual(
      expect.arrayContaining([
        'products.0.qty',
        'addressInformation.shippingAddress.telephone',
        'addressInformation.shippingAddress.countryId',
        'personalDetails.emailAddress',
        'idempotency_key',
      ]),
    );
    const placed = await api.call({ method: 'POST', url, payload: order(cartId, 'contract-body-ok') });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    conforms(orderCreatedContract, placed.body.result);
  });

  it('the address of cart/shipping-information and of the account is the same schema', async () => {
    const cart = await phoneCart();
    const noPhone = { ...shippingAddress, telephone: '' };
    const info = {
      addressInformation: {
        shippingAddress: noPhone,
        shippingCarrierCode: 'courier',
        shippingMethodCode: 'courier',
      },
    };
    expect(
      await refusal(
        `/vsbridge/cart/shipping-information?cartId=${cart}&storeCode=en`,
        info,
        z.object({ addressInformation: addressInformationSchema }),
      ),
    ).toEqual(['addressInformation.shippingAddress.telephone']);
    const c = await customer(api, 'contract-body');
    const body: ProfileUpdateBody = {
      customer: {
        email: c.email,
        firstname: 'Jonas',
        lastname: 'Jonaitis',
        addresses: [{ ...shippingAddress, city: '', postcode: 'nope' }],
      },
      currentPassword: PASSWORD,
    };
    expect(
      await refusal('/vsbridge/user/me?storeCode=en', body, profileUpdateSchema, bearer(c.accessToken)),
    ).toEqual(['customer.addresses.0.city', 'customer.addresses.0.postcode']);
  });
});

describe("a customer's parcel-locker order keeps the contract", () => {
  it('pickup points, order/pull with the point in the address, and the order history', async () => {
    const points = (
      await api.call({
        method: 'POST',
        url: '/vsbridge/pickup-points/?code=omniva&countryId=LT&storeCode=lt',
      })
    ).body.result as unknown[];
    expect(points.length).toBeGreaterThan(0);
    const point = points.map((p) => conforms(pickupPointContract, p))[0]!;
    const c = await customer(api, 'contract-locker');
    // (the earlier orders took both units of LAP-1002: this cart holds the phone alone)
    const cartId = (await api.call({ method: 'POST', url: '/vsbridge/cart/create?storeCode=en' })).body
      .result as string;
    expect((await post('update', cartId, { cartItem: { sku: 'PHN-2001', qty: 1 } })).status).toBe(200);
    const body = orderBody({
      cartId,
      key: 'contract-locker',
      products: [{ sku: 'PHN-2001', qty: 1 }],
      email: c.email,
    });
    const created = await api.call({
      method: 'POST',
      url: '/vsbridge/order/create?storeCode=lt',
      headers: bearer(c.accessToken),
      payload: {
        ...body,
        addressInformation: {
          ...body.addressInformation,
          shipping_carrier_code: 'omniva',
          shipping_method_code: 'omniva',
          pickup_point_id: point.id,
        },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { orderNumber, orderToken } = created.body.result as { orderNumber: string; orderToken: string };
    const pulled = conforms(
      orderPullContract,
      (await api.call(`/vsbridge/order/pull?number=${orderNumber}&orderToken=${orderToken}`)).body.result,
    );
    expect(pulled.shipping_address?.pickup_point).toEqual(point);
    const history = conforms(
      orderHistoryContract,
      (await api.call({ url: '/vsbridge/user/order-history?storeCode=lt', headers: bearer(c.accessToken) }))
        .body.result,
    );
    expect(history.items.map((o) => [o.increment_id, o.is_pickup, o.grand_total])).toEqual([
      [orderNumber, true, pulled.grand_total],
    ]);
  });
});

describe('the catalogue documents keep the contract', () => {
  it.each(['lt', 'en', 'ru'])(
    'product/_search hits in %s: simple, virtual, configurable, bundle, grouped',
    async (store) => {
      const r = await api.call(searchUrl('product', {}, { size: 100, storeCode: store }));
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const docs = (r.body.hits.hits as { _source: unknown }[]).map((h) =>
        conforms(productDocumentContract, h._source),
      );
      expect(new Set(docs.map((d) => d.type_id))).toEqual(
        new Set(['simple', 'virtual', 'configurable', 'bundle', 'grouped']),
      );
      const mba = docs.find((d) => d.sku === 'MBA-7000');
      expect(mba?.configurable_children.map((c) => c.condition)).toEqual([CONDITION.aplus, CONDITION.a]);
      expect(docs.find((d) => d.sku === 'BUN-8100')?.bundle_options).toHaveLength(3);
      expect(docs.find((d) => d.sku === 'SET-8200')?.product_links).toHaveLength(2);
    },
  );

  it('an attribute value is a number or a text; any other undocumented field fails', async () => {
    const r = await api.call(searchUrl('product', {}, { size: 100, storeCode: 'en' }));
    const doc = (r.body.hits.hits as { _source: Record<string, unknown> }[]).find(
      (h) => h._source.sku === 'MBA-7000',
    )!._source;
    expect(productDocumentContract.safeParse({ ...doc, warranty_note: '2 years', memory: 81 }).success).toBe(
      true,
    );
    for (const value of [{ a: 1 }, [1], true, null]) {
      const parsed = productDocumentContract.safeParse({ ...doc, undocumented: value });
      expect(parsed.error?.issues.map((i) => i.path.join('.'))).toEqual(['undocumented']);
    }
    const [child] = doc.configurable_children as Record<string, unknown>[];
    const badChild = productDocumentContract.safeParse({
      ...doc,
      configurable_children: [{ ...child, extra: {} }],
    });
    expect(badChild.error?.issues.map((i) => i.path.join('.'))).toEqual(['configurable_children.0.extra']);
  });

  it.each(['lt', 'en'])('category/_search hits in %s, the tree nested', async (store) => {
    const r = await api.call(searchUrl('category', {}, { size: 100, storeCode: store }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const docs = (r.body.hits.hits as { _source: unknown }[]).map((h) =>
      conforms(categoryDocumentContract, h._source),
    );
    expect(docs.find((d) => d.id === 2)?.children_data.map((c) => c.id)).toContain(10);
  });
});

describe('the shop data keeps the contract', () => {
  it('home page with banners and configuration, store information, delivery options', async () => {
    const home = conforms(homePageContract, (await api.call('/vsbridge/home-page?storeCode=en')).body.result);
    expect(home.slider.map((b) => b.title)).toEqual(['Sale']);
    expect(home.banner[0]?.category_id).toBe(10);
    expect(home.config.map((c) => c.code)).toEqual(['home']);
    const info = conforms(
      storeInfoContract,
      (await api.call('/vsbridge/store-info?storeCode=en')).body.result,
    );
    expect(info.company).toMatchObject({ name: 'UAB Vitrina', demo: false });
    const delivery = conforms(
      deliveryOptionsContract,
      (await api.call('/vsbridge/shop/delivery-options?storeCode=lt')).body.result,
    );
    expect(
      delivery.shipping_methods.map((m) => [m.carrier_code, m.price_incl_tax, m.free_from_incl_tax]),
    ).toEqual([
      ['courier', 399, 9900],
      ['omniva', 249, null],
    ]);
  });

  it('the NEOPAY banks (sandbox)', async () => {
    const r = await api.call('/vsbridge/neopay/payment/banks/LT');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const banks = (r.body.result as unknown[]).map((b) => conforms(bankContract, b));
    expect(banks.length).toBeGreaterThan(0);
    expect(banks.every((b) => b.sandbox === true)).toBe(true);
  });
});

describe('the search answer keeps the contract', () => {
  it("a product search with aggregations: hits, buckets and the attributes' labels", async () => {
    const r = await api.call(
      searchUrl('product', { aggregations: ['color', 'condition'] }, { size: 100, storeCode: 'lt' }),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const answer = conforms(searchAnswerContract(productDocumentContract), r.body);
    expect(Object.keys(answer.aggregations).sort()).toEqual(['color', 'condition']);
    expect(answer.attribute_metadata?.find((m) => m.attribute_code === 'color')?.frontend_label).toBe(
      'Spalva',
    );
  });

  it('attributes, CMS pages and CMS blocks', async () => {
    const search = async (type: string) => {
      const r = await api.call(searchUrl(type, {}, { size: 100, storeCode: 'en' }));
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body as unknown;
    };
    const attributes = conforms(searchAnswerContract(attributeDocumentContract), await search('attribute'));
    expect(attributes.hits.hits.map((h) => h._source.attribute_code)).toContain('color');
    // a search without aggregations answers no attribute labels
    expect(attributes.attribute_metadata).toBeUndefined();
    const pages = conforms(searchAnswerContract(cmsPageDocumentContract), await search('cms_page'));
    expect(pages.hits.hits.map((h) => h._source.slug)).toEqual(['about-us', 'karjera']);
    const blocks = conforms(searchAnswerContract(cmsBlockDocumentContract), await search('cms_block'));
    expect(blocks.hits.hits.map((h) => h._source.content)).toEqual(['<p>Terms</p>']);
  });
});

describe("the account's answers keep the contract", () => {
  it('login and refresh: the access token, meta with the refresh token and the group', async () => {
    const c = await customer(api, 'contract-session');
    const loggedIn = conforms(
      sessionAnswerContract,
      (
        await api.call({
          method: 'POST',
          url: '/vsbridge/user/login?storeCode=en',
          payload: { username: c.email, password: PASSWORD },
        })
      ).body,
    );
    // GROUP_PRICING is on: meta names the group and its signed token
    expect(loggedIn.meta.groupToken).toEqual(expect.any(String));
    const refreshed = await api.call({
      method: 'POST',
      url: '/vsbridge/user/refresh?storeCode=en',
      payload: { refreshToken: loggedIn.meta.refreshToken },
    });
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    conforms(sessionAnswerContract, refreshed.body);
  });

  it('claims and special offers', async () => {
    const c = await customer(api, 'contract-card');
    await api.database.query(
      "INSERT INTO customer_claims (customer_id, code, value, description) VALUES ($1, 'CARD-1', '5 %', 'Loyalty card')",
      [c.id],
    );
    const claims = (
      await api.call({ url: '/vsbridge/user/claims?storeCode=en', headers: bearer(c.accessToken) })
    ).body.result as unknown[];
    expect(claims.map((x) => conforms(claimContract, x).code)).toEqual(['CARD-1']);
    const set = await api.call({
      method: 'PUT',
      url: '/vsbridge/admin/special-offers?storeCode=en',
      headers: await api.staff(),
      payload: {
        email: c.email,
        offers: [
          { sku: 'PHN-2001', final_price: 50000, price_incl_tax: 60500, valid_until: '2999-01-01T00:00:00Z' },
          { sku: 'MBA-7000-B', final_price: 55000, price_incl_tax: 66550 },
        ],
      },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const offers = (
      await api.call({ url: '/vsbridge/user/special-offers?storeCode=en', headers: bearer(c.accessToken) })
    ).body.result as unknown[];
    expect(offers.map((o) => conforms(specialOfferContract, o).sku)).toEqual(['PHN-2001', 'MBA-7000-B']);
  });

  it("an order's feedback, the product's reviews and the customer's own", async () => {
    const c = await customer(api, 'contract-review');
    const cartId = (await api.call({ method: 'POST', url: '/vsbridge/cart/create?storeCode=en' })).body
      .result as string;
    expect((await post('update', cartId, { cartItem: { sku: 'PHN-2001', qty: 1 } })).status).toBe(200);
    const created = await api.call({
      method: 'POST',
      url: '/vsbridge/order/create?storeCode=en',
      headers: bearer(c.accessToken),
      payload: orderBody({
        cartId,
        key: 'contract-review',
        products: [{ sku: 'PHN-2001', qty: 1 }],
        email: c.email,
      }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { orderNumber, orderToken } = conforms(orderCreatedContract, created.body.result);
    const review = { title: 'Works', detail: 'As described.', nickname: 'Ona', rating: 5 };
    // a review of the product bought (without product_id it is feedback on the order as a whole)
    const [bought] = await api.database.query<{ id: number }>("SELECT id FROM products WHERE sku = 'PHN-2001'");
    const written = await api.call({
      method: 'POST',
      url: '/vsbridge/review/create?storeCode=en',
      payload: { review: { ...review, number: orderNumber, orderToken, product_id: bought!.id } },
    });
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    const [mine] = (written.body.result as unknown[]).map((x) => conforms(reviewContract, x));
    const list = conforms(
      reviewListContract,
      (await api.call(`/vsbridge/review/list?productId=${mine?.product_id}`)).body.result,
    );
    expect(list.items).toEqual([mine]);
    const own = (
      await api.call({ url: '/vsbridge/user/reviews?storeCode=en', headers: bearer(c.accessToken) })
    ).body.result as unknown[];
    expect(own.map((x) => conforms(customerReviewContract, x).order_number)).toEqual([orderNumber]);
  });

  it('the newsletter confirmation with its coupon, then without', async () => {
    const reader = await customer(api, 'contract-newsletter');
    const email = reader.email;
    /** subscribes and confirms with the newest e-mail's code */
    const subscribeAndConfirm = async () => {
      const subscribed = await api.call({
        method: 'POST',
        url: '/vsbridge/mailer/subscribe?storeCode=en',
        payload: { email },
      });
      expect(subscribed.status, JSON.stringify(subscribed.body)).toBe(200);
      const [mail] = await outbox(api, { kind: 'mail.newsletter-confirmation', to: email });
      const code = /\/newsletter\/[^/]+\/([\w-]+)$/.exec(mail?.link ?? '')?.[1] ?? '';
      const confirmed = await api.call({
        method: 'POST',
        url: '/vsbridge/mailer/mail-confirmation?storeCode=en',
        payload: { email, code },
      });
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      return conforms(newsletterConfirmationContract, confirmed.body.result);
    };
    expect((await subscribeAndConfirm()).coupon?.type).toBe('percent');
    const left = await api.call({
      method: 'DELETE',
      url: '/vsbridge/mailer/subscribe?storeCode=en',
      headers: bearer(reader.accessToken),
      payload: { email },
    });
    expect(left.status, JSON.stringify(left.body)).toBe(200);
    // subscribed again: never a second coupon
    expect((await subscribeAndConfirm()).coupon).toBeNull();
  });

  it('news: a page and an item', async () => {
    // the demo news: the shop's own demo catalogue shows it while the news table is empty
    await setMeta(api.database, DEMO_CATALOG_KEY, true);
    const page = conforms(newsPageContract, (await api.call('/vsbridge/news?storeCode=en')).body.result);
    expect(page.items.length).toBeGreaterThan(0);
    const slug = page.items[0]!.slug;
    const item = conforms(
      newsItemContract,
      (await api.call(`/vsbridge/news/${slug}?storeCode=en`)).body.result,
    );
    expect(item).toEqual(page.items[0]);
  });
});
