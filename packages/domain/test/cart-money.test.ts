import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  allowedPaymentMethods,
  cartTotals,
  couponApplies,
  couponOf,
  couponUsedUp,
  docUnitPrice,
  freeShippingThreshold,
  importedInclTax,
  lineContainedRate,
  lowestFreeShippingFrom,
  paidOnline,
  paymentFee,
  shippingFee,
  type CouponTerms,
  type PaymentMethodMoney,
  type PricedCartLine,
  type ShippingMethodMoney,
  type TaxPricing,
  type TaxRule,
} from '../src/index.ts';

// The money rules of a cart (cart-money.ts): amounts imported net, made gross at the destination's rate.

const rules: TaxRule[] = [
  { product_tax_class_ids: [2], customer_tax_class_ids: [3], rates: [{ rate: 21, tax_country_id: 'LT' }, { rate: 24, tax_country_id: 'EE' }] },
];
const LT: TaxPricing = { taxRules: rules, destination: { countryId: 'LT', storeCountryId: 'LT', crossBorderTrade: false } };
const config = { codPaymentCode: 'cashondelivery', codFeeCents: 300 };

const courier: ShippingMethodMoney = { code: 'courier', price_cents: 330, free_threshold_cents: 8182, countries: ['LT', 'LV'] };
const locker: ShippingMethodMoney = { code: 'locker', price_cents: 247, free_threshold_cents: 4132, countries: ['LT'] };
const pickup: ShippingMethodMoney = { code: 'pickup', price_cents: 0, free_threshold_cents: 100, countries: ['LT'] };
const cod: PaymentMethodMoney = { code: 'cashondelivery', fee_cents: 200, offline: true, allowed_for_virtual: false };
const bank: PaymentMethodMoney = { code: 'banktransfer', fee_cents: 0, offline: true, allowed_for_virtual: true };
const card: PaymentMethodMoney = { code: 'neopay', fee_cents: 50, offline: false, allowed_for_virtual: true };
const coupon = (over: Partial<CouponTerms> = {}): CouponTerms => ({
  code: 'SAVE10',
  type: 'percent',
  value: 10,
  from_date: null,
  to_date: null,
  min_subtotal_cents: null,
  uses_per_coupon: null,
  times_used: 0,
  is_active: true,
  ...over,
});
const line = (price: number, qty = 1, type = 'simple', sku = `S-${price}`): PricedCartLine => ({
  item_id: sku,
  sku,
  name: sku,
  qty,
  product_type: type,
  price_incl_tax: price,
  tax_rate_percent: 21,
});

describe('shipping: the fee, free from the method threshold', () => {
  it.each([
    ['below the threshold', courier, 9899, false, 399],
    ['at the threshold', courier, 9900, false, 0],
    ['above the threshold', courier, 20000, false, 0],
    ['a virtual cart ships nothing', courier, 100, true, 0],
    ['no method chosen', undefined, 100, false, 0],
    ['a method without threshold', { ...courier, free_threshold_cents: null }, 1_000_000, false, 399],
  ])('%s', (_, method, subtotal, virtual, fee) => {
    expect(shippingFee(method, subtotal, virtual, 21)).toBe(fee);
  });

  it('the threshold incl. tax, and the lowest of the paid methods to a country', () => {
    expect(freeShippingThreshold(courier, 21)).toBe(9900);
    expect(freeShippingThreshold({ free_threshold_cents: null }, 21)).toBeNull();
    expect(lowestFreeShippingFrom([courier, locker, pickup], 'LT', 21)).toBe(5000);
    expect(lowestFreeShippingFrom([courier, locker, pickup], 'LV', 21)).toBe(9900);
    expect(lowestFreeShippingFrom([courier, locker, pickup], 'EE', 21)).toBeNull();
  });

  it('property: the fee is the price below the threshold and 0 from it, never anything else', () => {
    fc.assert(
      fc.property(fc.nat(100_000), fc.nat(100_000), fc.nat(1_000_000), fc.constantFrom(0, 9, 21, 24), (price, free, subtotal, rate) => {
        const m = { price_cents: price, free_threshold_cents: free };
        const fee = shippingFee(m, subtotal, false, rate);
        expect(fee).toBe(subtotal >= importedInclTax(free, rate) ? 0 : importedInclTax(price, rate));
      }),
    );
  });
});

describe('payment: fees and the methods a cart may use', () => {
  it.each([
    ['cash on delivery: the setting, incl. tax', cod, false, 300],
    ['cash on delivery of a virtual cart: nothing', cod, true, 0],
    ['an imported fee made gross', card, false, 61],
    ['no fee', bank, false, 0],
    ['no method', undefined, false, 0],
  ])('%s', (_, method, virtual, fee) => {
    expect(paymentFee(config, method, virtual, 21)).toBe(fee);
  });

  it('hides cash on delivery and methods not for virtual carts from a virtual cart', () => {
    const all = [cod, bank, card, { ...card, code: 'leasing', allowed_for_virtual: false }];
    expect(allowedPaymentMethods(config, all, false).map((m) => m.code)).toEqual(['cashondelivery', 'banktransfer', 'neopay', 'leasing']);
    expect(allowedPaymentMethods(config, all, true).map((m) => m.code)).toEqual(['banktransfer', 'neopay']);
  });

  it('paid online: not offline and never cash on delivery', () => {
    expect(paidOnline(config, card)).toBe(true);
    expect(paidOnline(config, bank)).toBe(false);
    expect(paidOnline(config, { code: 'cashondelivery', offline: false })).toBe(false);
  });
});

describe('coupons: when one applies, its cap, its amount', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  it.each([
    ['a plain coupon', coupon(), 100, true],
    ['inactive', coupon({ is_active: false }), 100, false],
    ['not yet open', coupon({ from_date: '2026-07-01T00:00:00Z' }), 100, false],
    ['expired', coupon({ to_date: '2026-01-01T00:00:00Z' }), 100, false],
    ['below its minimum (41.32 net = 50.00 gross)', coupon({ min_subtotal_cents: 4132 }), 4999, false],
    ['at its minimum', coupon({ min_subtotal_cents: 4132 }), 5000, true],
    ['used up', coupon({ uses_per_coupon: 3, times_used: 3 }), 100, false],
    ['under its cap', coupon({ uses_per_coupon: 3, times_used: 2 }), 100, true],
    ['an unknown type', coupon({ type: 'bogo' }), 100, false],
    ['none', undefined, 100, false],
  ])('%s', (_, c, subtotal, applies) => {
    expect(couponApplies(c, subtotal, now, 21)).toBe(applies);
  });

  it('the cap: used up once its uses reach it; no cap, never', () => {
    expect(couponUsedUp({ uses_per_coupon: 0, times_used: 0 })).toBe(true);
    expect(couponUsedUp({ uses_per_coupon: null, times_used: 1_000_000 })).toBe(false);
  });

  it('a fixed amount is made gross, a percent is kept', () => {
    expect(couponOf(coupon({ type: 'fixed', value: 413 }), 21)).toEqual({ code: 'SAVE10', type: 'fixed', value: 500 });
    expect(couponOf(coupon(), 21)).toEqual({ code: 'SAVE10', type: 'percent', value: 10 });
  });
});

describe('the VAT rate contained in a line', () => {
  it.each([
    ['the destination has a rule', 24, 21, false, 24],
    ['no rule, no cross-border trade: none contained', 0, 21, false, 0],
    ['no rule under cross-border trade: the listed rate', 0, 21, true, 21],
    ['a rule under cross-border trade: the destination', 9, 21, true, 9],
  ])('%s', (_, contained, listed, cross, rate) => {
    expect(lineContainedRate(contained, listed, cross)).toBe(rate);
  });
});

describe('docUnitPrice: a document priced for the destination', () => {
  it('nets made gross at the destination; a listed gross kept where the rate is the listed one', () => {
    expect(docUnitPrice({ final_price: 1000, final_price_incl_tax: 1210, tax: 21 }, 2, 0, LT)).toEqual({ net: 1000, gross: 1210 });
    const ee = { ...LT, destination: { ...LT.destination, countryId: 'EE' } };
    expect(docUnitPrice({ final_price: 1000, final_price_incl_tax: 1210, tax: 21 }, 2, 0, ee)).toEqual({ net: 1000, gross: 1240 });
    expect(docUnitPrice({ final_price: 1000, tax: 21 }, 2, 10, LT)).toEqual({ net: 900, gross: 1089 });
  });
  it('no usable price: null', () => {
    expect(docUnitPrice({ final_price: 10.5 }, 2, 0, LT)).toBeNull();
    expect(docUnitPrice({ final_price: -1 }, 2, 0, LT)).toBeNull();
    expect(docUnitPrice({}, 2, 0, LT)).toBeNull();
  });
});

describe('cartTotals: one pass over the lines, coupon, shipping and payment', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  it('a physical cart with coupon, courier and cash on delivery', () => {
    const t = cartTotals(config, LT, {
      lines: [line(5000, 1), line(1210, 2)],
      coupon: coupon(),
      shippingMethod: courier,
      paymentMethod: cod,
      allShippingMethods: [courier, locker],
      storeCode: 'en',
      now,
    });
    expect(t).toMatchObject({
      subtotal_incl_tax: 7420,
      discount_amount: 742,
      shipping_incl_tax: 399,
      payment_fee: 300,
      grand_total: 7420 - 742 + 399 + 300,
      coupon_code: 'SAVE10',
      free_shipping_from: 5000,
      free_shipping_remaining: 0,
      tax_country_id: 'LT',
      tax_rate: 21,
    });
  });

  it('a virtual cart: no shipping, no cash-on-delivery fee, no free-shipping figures', () => {
    const t = cartTotals(config, LT, {
      lines: [line(2420, 1, 'virtual')],
      coupon: null,
      shippingMethod: courier,
      paymentMethod: cod,
      allShippingMethods: [courier],
      storeCode: 'en',
      now,
    });
    expect(t).toMatchObject({ shipping_incl_tax: 0, payment_fee: 0, grand_total: 2420, free_shipping_from: null });
  });

  it('property: the grand total is subtotal - discount + shipping + fee, all whole cents, the discount never above the subtotal', () => {
    const lines = fc.array(
      fc.record({ price: fc.nat(200_000), qty: fc.integer({ min: 1, max: 20 }), type: fc.constantFrom('simple', 'virtual') }),
      { maxLength: 20 },
    );
    fc.assert(
      fc.property(
        lines,
        fc.option(fc.record({ type: fc.constantFrom('percent', 'fixed'), value: fc.nat(10_000), min: fc.option(fc.nat(50_000)) })),
        fc.constantFrom(undefined, courier, locker, pickup),
        fc.constantFrom(undefined, cod, bank, card),
        (ls, c, shipping, payment) => {
          const priced = ls.map((l, i) => line(l.price, l.qty, l.type, `L${i}`));
          const terms = c ? coupon({ type: c.type, value: c.type === 'percent' ? c.value % 101 : c.value, min_subtotal_cents: c.min }) : null;
          const t = cartTotals(config, LT, { lines: priced, coupon: terms, shippingMethod: shipping, paymentMethod: payment, allShippingMethods: [courier, locker, pickup], storeCode: 'lt', now });
          const subtotal = priced.reduce((s, l) => s + l.price_incl_tax * l.qty, 0);
          const virtual = priced.length > 0 && priced.every((l) => l.product_type === 'virtual');
          expect(t.subtotal_incl_tax).toBe(subtotal);
          expect(t.shipping_incl_tax).toBe(shippingFee(shipping, subtotal, virtual, 21));
          expect(t.payment_fee).toBe(paymentFee(config, payment, virtual, 21));
          expect(t.discount_amount).toBeGreaterThanOrEqual(0);
          expect(t.discount_amount).toBeLessThanOrEqual(subtotal);
          expect(t.grand_total).toBe(subtotal - t.discount_amount + t.shipping_incl_tax + t.payment_fee);
          for (const v of [t.grand_total, t.discount_amount, t.tax_amount]) expect(Number.isInteger(v)).toBe(true);
          if (t.free_shipping_remaining !== null) expect(t.free_shipping_remaining).toBe(Math.max(0, 5000 - subtotal));
        },
      ),
    );
  });
});
