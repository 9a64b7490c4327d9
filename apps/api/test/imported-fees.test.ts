/**
 * The shop's own amounts (shipping prices, free-shipping thresholds, payment
 * fees, coupon amounts and minimums) are imported net of VAT like product prices and charged gross by
 * the one rule of the domain (importedInclTax); and the totals the cart answers for a chosen shipping
 * and payment method are, to the cent, what the order then charges, for every combination.
 */
import { importCatalog } from '@vitrina/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { address, startApi, type TestApi } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startApi({ COD_FEE_CENTS: '300' });
  // the import file's amounts are euros net of VAT (docs/CONTRACTS.md "Shop data import file");
  // the fixture shop's tax rule is 21 % in LT
  const result = await importCatalog(api.database, {
    products: [
      { id: 9101, sku: 'FEE-GADGET', name: 'Fee test gadget', url_key: 'fee-test-gadget', price: 30, tax_class_id: 2,
        category_ids: [10], stock: { is_in_stock: true, qty: 1000, manage_stock: true } },
    ],
    coupons: [
      { code: 'NET5', type: 'fixed', value: 4.13 }, // 5,00 € off incl. VAT
      { code: 'FROM100', type: 'percent', value: 10, min_subtotal: 82.65 }, // from 100,01 € incl. VAT
    ],
    shipping_methods: [
      { code: 'netcourier_netcourier', carrier_code: 'netcourier', method_code: 'netcourier', title: 'Net courier',
        price: 3.3, free_threshold: 81.82, countries: ['LT'], position: 10 },
      { code: 'omniva_netlocker', carrier_code: 'omniva', method_code: 'netlocker', title: 'Net locker',
        price: 2.47, free_threshold: 81.82, countries: ['LT'], needs_pickup_point: true, position: 11 },
      { code: 'netpickup_netpickup', carrier_code: 'netpickup', method_code: 'netpickup', title: 'Pickup',
        price: 0, countries: ['LT'], position: 12 },
    ],
    payment_methods: [
      // cash on delivery: the fee of COD_FEE_CENTS (incl. VAT) takes the place of the imported one
      { code: 'cashondelivery', title: 'Cash on delivery', fee: 2.48, offline: true, allowed_for_virtual: false, position: 1 },
      { code: 'netinvoice', title: 'Invoice', fee: 1.24, offline: true, position: 3 },
    ],
  });
  expect(result).toBeDefined();
});
afterAll(async () => api?.close());

const GADGET = 3630; // 30.00 net + 21 %

async function cartWith(qty: number): Promise<string> {
  const cart = (await api.call({ method: 'POST', url: '/vsbridge/cart/create?storeCode=lt' })).body.result as string;
  const r = await api.call({ method: 'POST', url: `/vsbridge/cart/update?cartId=${cart}`, payload: { cartItem: { sku: 'FEE-GADGET', qty } } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return cart;
}

const post = (call: string, cart: string, payload?: unknown, extra = '') =>
  api.call({ method: 'POST', url: `/vsbridge/cart/${call}?cartId=${cart}&storeCode=lt${extra}`, payload: payload as Record<string, unknown> });

type Method = { carrier_code: string; method_code: string; cost_incl_tax: number };

describe('imported shipping and payment amounts are net of VAT', () => {
  it('offers the imported methods at their price incl. VAT, free from the threshold incl. VAT', async () => {
    const cart = await cartWith(1);
    const r = await post('shipping-methods', cart, { address: address() });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const cost = (code: string) => (r.body.result as Method[]).find((m) => m.carrier_code === code)?.cost_incl_tax;
    expect(cost('netcourier')).toBe(399);
    expect((r.body.result as Method[]).find((m) => m.method_code === 'netlocker')?.cost_incl_tax).toBe(299);
    expect(cost('netpickup')).toBe(0);

    const payments = (await api.call(`/vsbridge/cart/payment-methods?cartId=${cart}&storeCode=lt`)).body.result as { code: string; cost_incl_tax: number }[];
    expect(payments.find((m) => m.code === 'netinvoice')?.cost_incl_tax).toBe(150);
    expect(payments.find((m) => m.code === 'cashondelivery')?.cost_incl_tax).toBe(300);

    // 81.82 net is 99,00 € incl. VAT: three gadgets (108,90 €) ship free, one (36,30 €) does not
    const big = await cartWith(3);
    const free = (await post('shipping-methods', big, { address: address() })).body.result as Method[];
    expect(free.find((m) => m.carrier_code === 'netcourier')?.cost_incl_tax).toBe(0);
  });

  it('takes a fixed coupon and a coupon minimum incl. VAT', async () => {
    const cart = await cartWith(1);
    expect((await post('apply-coupon', cart, undefined, '&coupon=NET5')).status).toBe(200);
    expect((await api.call(`/vsbridge/cart/totals?cartId=${cart}&storeCode=lt`)).body.result).toMatchObject({ discount_amount: 500 });
    // 82.65 net is 100,01 € incl. VAT: 2 × 36,30 € = 72,60 € is below it, 3 × = 108,90 € above
    expect((await post('apply-coupon', cart, undefined, '&coupon=FROM100')).status).toBe(400);
    const big = await cartWith(3);
    expect((await post('apply-coupon', big, undefined, '&coupon=FROM100')).status).toBe(200);
  });
});

describe('the totals answered before the order are what the order charges', () => {
  const shippings = [
    { carrier: 'netcourier', method: 'netcourier', fee: 399 },
    { carrier: 'omniva', method: 'netlocker', fee: 299, pickup: 'omniva-LT-1' },
    { carrier: 'netpickup', method: 'netpickup', fee: 0 },
  ];
  const payments = [
    { code: 'cashondelivery', fee: 300 },
    { code: 'netinvoice', fee: 150 },
    { code: 'banktransfer', fee: 0 },
  ];
  const cases = [1, 3].flatMap((qty) => shippings.flatMap((s) => payments.map((p) => ({ qty, s, p }))));
  let n = 0;

  it.each(cases)('$qty × gadget, $s.carrier $s.method, $p.code', async ({ qty, s, p }) => {
    const cart = await cartWith(qty);
    const info = await post('shipping-information', cart, {
      addressInformation: { shippingAddress: address(), billingAddress: address(), shippingCarrierCode: s.carrier, shippingMethodCode: s.method },
    });
    expect(info.status, JSON.stringify(info.body)).toBe(200);
    // the payment step tells the cart the chosen method (the checkout's collect-totals call)
    const collected = await post('collect-totals', cart, {
      methods: { paymentMethod: { method: p.code }, shippingCarrierCode: s.carrier, shippingMethodCode: s.method },
    });
    expect(collected.status, JSON.stringify(collected.body)).toBe(200);
    const shown = collected.body.result;
    const subtotal = qty * GADGET;
    const shipping = subtotal >= 9900 ? 0 : s.fee;
    expect(shown).toMatchObject({ subtotal_incl_tax: subtotal, shipping_incl_tax: shipping, payment_fee: p.fee, grand_total: subtotal + shipping + p.fee });
    const segment = (code: string) => (shown.total_segments as { code: string; value: number }[]).find((x) => x.code === code)?.value;
    expect(segment('payment')).toBe(p.fee);
    expect(segment('grand_total')).toBe(shown.grand_total);
    // a later totals sync answers the same
    expect((await api.call(`/vsbridge/cart/totals?cartId=${cart}&storeCode=lt`)).body.result.grand_total).toBe(shown.grand_total);

    const order = await api.call({
      method: 'POST',
      url: '/vsbridge/order/create?storeCode=lt',
      payload: {
        cart_id: cart,
        products: [{ sku: 'FEE-GADGET', qty }],
        addressInformation: {
          shippingAddress: address(),
          billingAddress: address(),
          shipping_carrier_code: s.carrier,
          shipping_method_code: s.method,
          payment_method_code: p.code,
          ...(s.pickup ? { pickup_point_id: s.pickup } : {}),
        },
        personalDetails: { firstName: 'Jonas', lastName: 'Jonaitis', emailAddress: 'jonas@example.com' },
        idempotency_key: `imported-fees-${++n}-${s.method}-${p.code}-${qty}`,
      },
    });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    expect(order.body.result).toMatchObject({
      subtotal_incl_tax: shown.subtotal_incl_tax,
      shipping_incl_tax: shown.shipping_incl_tax,
      payment_fee: shown.payment_fee,
      discount_amount: shown.discount_amount,
      tax_amount: shown.tax_amount,
      grand_total: shown.grand_total,
    });
  });
});
