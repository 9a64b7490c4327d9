import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONDITION } from './fixtures.ts';
import { address, startApi, type TestApi } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => api?.close());

// prices incl. 21 % VAT, in cents (the fixture's net euros × 1.21)
const PRICE = { dell: 3630, samsung: 6050, licence: 2420, macbookB: 72600 };

async function newCart(storeCode = 'en'): Promise<string> {
  const { status, body } = await api.call({ method: 'POST', url: `/vsbridge/cart/create?storeCode=${storeCode}` });
  expect(status).toBe(200);
  return body.result;
}

const post = (path: string, cartId: string, payload?: Record<string, unknown>, extra = '') =>
  api.call({ method: 'POST', url: `/vsbridge/cart/${path}?cartId=${encodeURIComponent(cartId)}&storeCode=en${extra}`, ...(payload === undefined ? {} : { payload }) });
const get = (path: string, cartId: string) => api.call(`/vsbridge/cart/${path}?cartId=${encodeURIComponent(cartId)}&storeCode=en`);
const add = (cartId: string, cartItem: Record<string, unknown>) => post('update', cartId, { cartItem });

describe('cart', () => {
  it('creates carts with unguessable ids', async () => {
    const a = await newCart();
    const b = await newCart();
    expect(a).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(a).not.toBe(b);
  });

  it('adds a line priced by the server, merges a repeat, and sets qty by item_id', async () => {
    const cart = await newCart();
    const first = await add(cart, { sku: 'LAP-1002', qty: 1, price: 1, price_incl_tax: 1 });
    expect(first.status).toBe(200);
    expect(first.body.result).toMatchObject({ sku: 'LAP-1002', qty: 1, name: 'Dell XPS 13', price: PRICE.dell, product_type: 'simple', quote_id: cart });
    const again = await add(cart, { sku: 'LAP-1002', qty: 1 });
    expect(again.body.result).toMatchObject({ item_id: first.body.result.item_id, qty: 2 });
    const set = await add(cart, { sku: 'LAP-1002', qty: 1, item_id: first.body.result.item_id });
    expect(set.body.result).toMatchObject({ item_id: first.body.result.item_id, qty: 1 });
    const pull = await get('pull', cart);
    expect(pull.body).toEqual({ code: 200, result: [expect.objectContaining({ sku: 'LAP-1002', qty: 1, price: PRICE.dell })] });
  });

  it('refuses more than available and out-of-stock products with the spec messages', async () => {
    const cart = await newCart();
    await add(cart, { sku: 'LAP-1002', qty: 2 });
    const over = await add(cart, { sku: 'LAP-1002', qty: 1 });
    expect(over.status).toBe(400);
    expect(over.body.result).toBe('Only 2 products of this type are available!');
    expect(over.body.errors).toEqual([{ field: 'cartItem.qty', message: 'Only 2 products of this type are available!' }]);
    const out = await add(cart, { sku: 'AUD-4001', qty: 1 });
    expect(out.status).toBe(400);
    expect(out.body.result).toBe('The product is out of stock and cannot be added to the cart!');
    const lt = await api.call({ method: 'POST', url: `/vsbridge/cart/update?cartId=${cart}&storeCode=lt`, payload: { cartItem: { sku: 'AUD-4001', qty: 1 } } });
    expect(lt.body.result).not.toBe(out.body.result);
    // the failed update left the line as it was
    expect((await get('pull', cart)).body.result).toEqual([expect.objectContaining({ sku: 'LAP-1002', qty: 2 })]);
  });

  it('refuses unknown (404) and disabled (400) skus naming them', async () => {
    const cart = await newCart();
    const unknown = await add(cart, { sku: 'NO-SUCH', qty: 1 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0].field).toBe('cartItem.sku');
    expect(unknown.body.result).toContain('NO-SUCH');
    const disabled = await add(cart, { sku: 'PHN-2002', qty: 1 });
    expect(disabled.status).toBe(400);
    expect(disabled.body.result).toContain('PHN-2002');
  });

  it('buys a configurable product as the child its options choose', async () => {
    const cart = await newCart();
    const r = await add(cart, {
      sku: 'MBA-7000',
      qty: 1,
      product_option: { extension_attributes: { configurable_item_options: [{ option_id: 141, option_value: CONDITION.a }] } },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.result).toMatchObject({ sku: 'MBA-7000-B', parentSku: 'MBA-7000', price: PRICE.macbookB });
    const direct = await add(cart, { sku: 'MBA-7000-B', qty: 1 });
    expect(direct.status).toBe(400); // only 1 in stock, the line holds 1 already
    expect(direct.body.result).toBe('Only 1 products of this type are available!');
    const none = await add(cart, { sku: 'MBA-7000', qty: 1 });
    expect(none.status).toBe(400);
  });

  it('removes lines', async () => {
    const cart = await newCart();
    const line = (await add(cart, { sku: 'PHN-2001', qty: 1 })).body.result;
    await add(cart, { sku: 'LAP-1002', qty: 1 });
    const del = await post('delete', cart, { cartItem: { sku: 'PHN-2001', item_id: line.item_id } });
    expect(del.body).toEqual({ code: 200, result: true });
    expect((await get('pull', cart)).body.result.map((l: { sku: string }) => l.sku)).toEqual(['LAP-1002']);
  });

  it('computes totals in cents: lines, coupon, shipping with free threshold, COD fee, tax contained', async () => {
    const cart = await newCart();
    await add(cart, { sku: 'LAP-1002', qty: 1 });
    await add(cart, { sku: 'PHN-2001', qty: 1 });
    const subtotal = PRICE.dell + PRICE.samsung; // 9680 < 9900: courier is not free

    const plain = (await get('totals', cart)).body.result;
    expect(plain).toMatchObject({ subtotal_incl_tax: subtotal, grand_total: subtotal, discount_amount: 0, shipping_incl_tax: 0, payment_fee: 0 });
    expect(plain.items).toHaveLength(2);

    const methods = await post('shipping-methods', cart, { address: { countryId: 'LT' } });
    expect(methods.status).toBe(200);
    const courier = methods.body.result.find((m: { code: string }) => m.code === 'courier_courier');
    expect(courier).toMatchObject({ carrier_code: 'courier', method_code: 'courier', title: 'Courier', default: true, offline: true, cost_incl_tax: 399, price_incl_tax: 399 });

    const info = await post('shipping-information', cart, {
      addressInformation: { shippingAddress: address(), shippingCarrierCode: 'courier', shippingMethodCode: 'courier' },
    });
    expect(info.status, JSON.stringify(info.body)).toBe(200);
    expect(info.body.result.totals).toMatchObject({ shipping_incl_tax: 399, grand_total: subtotal + 399 });
    expect(info.body.result.payment_methods.map((m: { code: string }) => m.code)).toEqual(['cashondelivery', 'banktransfer']);

    const coupon = await post('apply-coupon', cart, undefined, '&coupon=SAVE10');
    expect(coupon.body).toEqual({ code: 200, result: true });
    const cod = await post('collect-totals', cart, { methods: { paymentMethod: { method: 'cashondelivery' } } });
    expect(cod.status).toBe(200);
    const t = cod.body.result;
    const discount = Math.round(subtotal * 0.1); // 968
    expect(t).toMatchObject({
      subtotal_incl_tax: subtotal,
      discount_amount: discount,
      shipping_incl_tax: 399,
      payment_fee: 300, // COD_FEE_CENTS default (the imported method says 2.00)
      coupon_code: 'SAVE10',
      grand_total: subtotal + 399 + 300 - discount,
    });
    // 21 % VAT contained in the grand total
    expect(t.tax_amount).toBe(t.grand_total - Math.round(t.grand_total / 1.21));
    const segments = Object.fromEntries(t.total_segments.map((s: { code: string; value: number }) => [s.code, s.value]));
    expect(segments).toMatchObject({ subtotal_incl_tax: subtotal, shipping: 399, payment: 300, discount: -discount, grand_total: t.grand_total });

    // a second Samsung passes the 99 € threshold: courier becomes free
    await add(cart, { sku: 'PHN-2001', qty: 1 });
    const free = (await get('totals', cart)).body.result;
    expect(free.subtotal_incl_tax).toBe(subtotal + PRICE.samsung);
    expect(free.shipping_incl_tax).toBe(0);
    expect(free.grand_total).toBe(free.subtotal_incl_tax + 300 - Math.round(free.subtotal_incl_tax * 0.1));

    // a coupon replaces the previous one; delete-coupon removes it
    expect((await post('apply-coupon', cart, undefined, '&coupon=FIXED5')).status).toBe(200);
    expect((await get('totals', cart)).body.result).toMatchObject({ coupon_code: 'FIXED5', discount_amount: 500 });
    expect((await post('delete-coupon', cart)).body).toEqual({ code: 200, result: true });
    expect((await get('totals', cart)).body.result).toMatchObject({ coupon_code: null, discount_amount: 0 });
  });

  it('refuses wrong, expired, used-up and below-minimum coupons', async () => {
    const cart = await newCart();
    await add(cart, { sku: 'PHN-2001', qty: 1 });
    for (const code of ['NOPE', 'EXPIRED', 'USEDUP', 'BIGSPENDER']) {
      const r = await post('apply-coupon', cart, undefined, `&coupon=${code}`);
      expect(r.status, code).toBe(400);
      expect(r.body.result).toBe("You've entered an incorrect coupon code. Please try again.");
    }
    expect((await post('apply-coupon', cart, undefined, '&coupon=save10')).status).toBe(200); // case-insensitive
    expect((await get('totals', cart)).body.result.coupon_code).toBe('SAVE10');
  });

  it('hides cash on delivery and shipping for virtual carts', async () => {
    const cart = await newCart();
    await add(cart, { sku: 'SW-5001', qty: 3 }); // stock not managed
    const methods = await get('payment-methods', cart);
    expect(methods.body.result.map((m: { code: string }) => m.code)).toEqual(['banktransfer']);
    expect((await post('shipping-methods', cart, { address: { countryId: 'LT' } })).body.result).toEqual([]);
    const cod = await post('collect-totals', cart, { methods: { paymentMethod: { method: 'cashondelivery' } } });
    expect(cod.status).toBe(400);
    const totals = (await get('totals', cart)).body.result;
    expect(totals).toMatchObject({ subtotal_incl_tax: 3 * PRICE.licence, payment_fee: 0, shipping_incl_tax: 0, grand_total: 3 * PRICE.licence });
  });

  it('lists shipping methods per country', async () => {
    const cart = await newCart();
    await add(cart, { sku: 'PHN-2001', qty: 1 });
    const ee = await post('shipping-methods', cart, { address: { countryId: 'EE' } });
    expect(ee.body.result.map((m: { code: string }) => m.code)).toEqual(['courier_courier']);
    const lv = await post('shipping-methods', cart, { address: { countryId: 'lv' } });
    expect(lv.body.result.map((m: { code: string }) => m.code)).toEqual(['courier_courier', 'omniva_omniva']);
    const bad = await post('shipping-methods', cart, { address: { countryId: 'Lithuania' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('address.countryId');
    // pickup points of the carrier in the cart's country (LV, remembered from the last estimate)
    const points = await api.call({ method: 'POST', url: `/vsbridge/pickup-points/?code=omniva&cartId=${cart}` });
    expect(points.body.result.map((p: { id: string }) => p.id)).toEqual(['omniva-LV-1']);
  });

  it('answers 400 for unknown or missing cart ids', async () => {
    for (const url of ['/vsbridge/cart/pull?cartId=unknown-cart-id', '/vsbridge/cart/totals?cartId=x', '/vsbridge/cart/pull']) {
      const r = await api.call(url);
      expect(r.status, url).toBe(400);
      expect(r.body.errors[0].field).toBe('cartId');
    }
    const upd = await api.call({ method: 'POST', url: '/vsbridge/cart/update?cartId=nope', payload: { cartItem: { sku: 'PHN-2001', qty: 1 } } });
    expect(upd.status).toBe(400);
  });

  it('answers 401 for a customer cart without that customer', async () => {
    const cart = await newCart();
    await api.database.query('UPDATE carts SET customer_id = 1 WHERE id = $1', [cart]);
    const r = await get('pull', cart);
    expect(r.status).toBe(401);
    expect(r.body.code).toBe(401);
  });
});

describe('shop data', () => {
  it('lists the delivery countries with localized names', async () => {
    const lt = await api.call('/vsbridge/country/list/?storeCode=lt');
    expect(lt.body.result.map((c: { id: string; full_name_locale: string }) => [c.id, c.full_name_locale])).toEqual([
      ['LT', 'Lietuva'],
      ['LV', 'Latvija'],
      ['EE', 'Estija'],
    ]);
    const ru = await api.call('/vsbridge/country/list?storeCode=ru');
    expect(ru.body.result[0]).toMatchObject({ id: 'LT', full_name_locale: 'Литва', full_name_english: 'Lithuania' });
  });

  it('serves the home page data', async () => {
    const { body } = await api.call('/vsbridge/home-page?storeCode=en');
    expect(body.result.slider).toEqual([expect.objectContaining({ title: 'Sale', link: '/en/c/computers', image: '/demo/test/1.png' })]);
    expect(body.result.banner[0]).toMatchObject({ category_id: 10 });
    expect(body.result.config).toEqual([{ code: 'home', configs: { lt: { headline: 'Sveiki' }, en: { headline: 'Welcome' } } }]);
  });

  it('lists pickup points of a carrier (default country LT without a cart)', async () => {
    const { body } = await api.call({ method: 'POST', url: '/vsbridge/pickup-points/?code=omniva' });
    expect(body.result.map((p: { id: string }) => p.id)).toEqual(['omniva-LT-2', 'omniva-LT-1']);
  });
});
