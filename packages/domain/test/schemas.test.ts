import { describe, expect, it } from 'vitest';
import {
  addressInformationSchema,
  issuesToFieldErrors,
  nulCharacterIssues,
  addressSchema,
  cartItemSchema,
  emailSchema,
  changePasswordSchema,
  orderCreateSchema,
  pagingSchema,
  parseInput,
  searchRequestSchema,
  sortSchema,
  storeCodeSchema,
} from '../src/index.ts';

const address = {
  firstname: 'Jonas',
  lastname: 'Petraitis',
  city: 'Vilnius',
  postcode: '01100',
  street: ['Gedimino pr. 1'],
  countryId: 'lt',
  // every delivery address needs the phone (address-rules.ts)
  telephone: '+37060000000',
};

describe('storeCodeSchema', () => {
  it('accepts lt, en, ru only', () => {
    expect(storeCodeSchema.parse('ru')).toBe('ru');
    expect(storeCodeSchema.safeParse('de').success).toBe(false);
  });
});

describe('cartItemSchema (catalogue-and-cart.md §7 /cart/update)', () => {
  it('accepts an intent and drops a client price', () => {
    const r = cartItemSchema.parse({
      sku: ' MBP-14 ',
      qty: 2,
      price: 1,
      item_id: '15',
      quoteId: 'abc',
      product_option: {
        extension_attributes: { configurable_item_options: [{ option_id: '93', option_value: 52 }] },
      },
    });
    expect(r).toEqual({
      sku: 'MBP-14',
      qty: 2,
      item_id: 15,
      quoteId: 'abc',
      product_option: {
        extension_attributes: { configurable_item_options: [{ option_id: 93, option_value: 52 }] },
      },
    });
  });

  it.each([
    [{ qty: 1 }, 'cartItem.sku: Field is required'],
    [{ sku: '', qty: 1 }, 'cartItem.sku: Field is required'],
    [{ sku: 'a', qty: 0 }, 'cartItem.qty: Must be at least 1.'],
    [{ sku: 'a', qty: 10000 }, 'cartItem.qty: Must be at most 9999.'],
    [{ sku: 'a', qty: 1.5 }, 'cartItem.qty: Invalid type (expected int).'],
    [{ sku: 'a', qty: '2' }, 'cartItem.qty: Invalid type (expected number).'],
  ])('%j → %s', (input, message) => {
    const r = parseInput(cartItemSchema, input, 'en', 'cartItem');
    expect(r.success).toBe(false);
    if (!r.success) expect(r.message).toBe(message);
  });

  it('names the field in the store view language', () => {
    const r = parseInput(cartItemSchema, { sku: 'a' }, 'lt', 'cartItem');
    expect(r).toMatchObject({
      success: false,
      errors: [{ field: 'cartItem.qty', message: 'Laukas privalomas' }],
    });
  });
});

describe('addressSchema (accounts-checkout-routes.md §5)', () => {
  it('normalises the country and an LT postcode', () => {
    expect(addressSchema.parse(address)).toMatchObject({ countryId: 'LT', postcode: 'LT-01100' });
  });

  it.each([
    [{ postcode: '123' }, 'postcode', 'Bad zip-code format. Use LT-00000.'],
    [{ postcode: '1' }, 'postcode', 'Zip-code must have at least 3 letters.'],
    [{ countryId: 'LV', postcode: '01100' }, 'postcode', 'Bad zip-code format. Use LV-0000.'],
    [{ countryId: 'Lithuania' }, 'countryId', 'Use a two-letter country code (e.g. LT).'],
    [{ firstname: 'J' }, 'firstname', 'Name must have at least 2 letters.'],
    [{ lastname: 'P3traitis' }, 'lastname', 'Accepts only alphabet characters.'],
    [{ street: [''] }, 'street.0', 'Field is required'],
    [{ street: [] }, 'street', 'Field is required'],
    [{ email: 'x@' }, 'email', 'Please provide valid e-mail address.'],
    [{ company_code: '12' }, 'company_code', 'Company code must have at least 3 characters.'],
    [{ vat_id: 'LT1' }, 'vat_id', 'Tax identification number must be valid.'],
  ])('%j → %s: %s', (patch, field, message) => {
    const r = parseInput(addressSchema, { ...address, ...patch }, 'en');
    expect(r.success).toBe(false);
    if (!r.success) expect(r.errors).toContainEqual({ field, message });
  });

  it('EE takes five-digit postcodes', () => {
    expect(addressSchema.parse({ ...address, countryId: 'EE', postcode: '10115' }).postcode).toBe('10115');
  });

  it('addressInformation: billing optional', () => {
    const r = addressInformationSchema.parse({
      shippingAddress: address,
      shippingCarrierCode: 'dpd',
      shippingMethodCode: 'courier',
    });
    expect(r.billingAddress).toBeUndefined();
    expect(r.shippingAddress.postcode).toBe('LT-01100');
  });
});

describe('orderCreateSchema (CONTRACTS.md /order/create)', () => {
  const order = {
    cart_id: 'c'.repeat(32),
    products: [{ sku: 'a', qty: 1 }],
    addressInformation: {
      shippingAddress: address,
      billingAddress: address,
      shipping_method_code: 'courier',
      shipping_carrier_code: 'dpd',
      payment_method_code: 'NEOPAY',
      payment_method_additional: { bank: 'SWEDBANK' },
    },
    personalDetails: { firstName: 'Jonas', lastName: 'Petraitis', emailAddress: 'jonas@example.lt' },
    idempotency_key: 'k-123456789',
  };
  it('accepts a complete order', () => {
    expect(orderCreateSchema.safeParse(order).success).toBe(true);
  });
  it('needs products and an idempotency key, and a password when creating an account', () => {
    const r = parseInput(
      orderCreateSchema,
      {
        ...order,
        products: [],
        idempotency_key: undefined,
        personalDetails: { ...order.personalDetails, createAccount: true, password: 'short' },
      },
      'en',
    );
    expect(r.success).toBe(false);
    if (!r.success) {
      expect(r.errors.map((e) => e.field).sort()).toEqual([
        'idempotency_key',
        'personalDetails.password',
        'products',
      ]);
    }
  });
});

describe('searchRequestSchema (CONTRACTS.md "Catalogue search")', () => {
  it('accepts values, lists and ranges', () => {
    const req = {
      query: 'macbook',
      filters: {
        condition: [1, 2],
        brand: 'Apple',
        final_price: { gte: 0, lt: 50000 },
        'stock.is_in_stock': true,
      },
      aggregations: ['condition', 'price'],
    };
    expect(searchRequestSchema.parse(req)).toEqual(req);
  });

  it.each([
    [{ foo: 1 }, 'foo'],
    [{ filters: { 'a;drop': 1 } }, 'filters.a;drop'],
    [{ filters: { price: {} } }, 'filters.price'],
    [{ filters: { price: { gte: 1, between: 2 } } }, 'filters.price.between'],
    [{ filters: { sku: Array.from({ length: 1000 }, (_, i) => `s${i}`) } }, 'filters.sku'],
    [{ aggregations: ['ok', 'bad field'] }, 'aggregations.1'],
  ])('refuses %j at %s', (req, field) => {
    const r = parseInput(searchRequestSchema, req, 'en');
    expect(r.success).toBe(false);
    if (!r.success) expect(r.errors.map((e) => e.field)).toContain(field);
  });

  it('caps filter lists at 999', () => {
    expect(
      searchRequestSchema.safeParse({ filters: { sku: Array.from({ length: 999 }, (_, i) => i) } }).success,
    ).toBe(true);
  });
});

describe('paging, sort, passwords', () => {
  it.each([
    [
      { from: '-5', size: '0' },
      { from: 0, size: 50 },
    ],
    [
      { from: '24', size: '24' },
      { from: 24, size: 24 },
    ],
    [{}, { from: 0, size: 50 }],
  ])('pagingSchema %j → %j', (q, out) => {
    expect(pagingSchema.parse(q)).toEqual(out);
  });
  it('refuses a non-number size', () => {
    expect(pagingSchema.safeParse({ size: 'ten' }).success).toBe(false);
  });
  it('sort', () => {
    expect(sortSchema.safeParse('final_price:asc').success).toBe(true);
    expect(sortSchema.safeParse('final_price:sideways').success).toBe(false);
  });
  it('change password needs 8 characters', () => {
    const r = parseInput(changePasswordSchema, { currentPassword: 'x', newPassword: 'short' }, 'ru');
    expect(r).toMatchObject({
      success: false,
      errors: [{ field: 'newPassword', message: 'Пароль должен содержать не менее 8 символов.' }],
    });
  });
});

describe('nulCharacterIssues (no field can hold U+0000: PostgreSQL refuses it)', () => {
  it.each([
    ['a clean value', { a: 'x', b: [1, 'y', { c: null }] }, []],
    ['a string', 'a\u0000', ['(root)']],
    ['a nested field', { cartItem: { sku: 'x\u0000y' } }, ['cartItem.sku']],
    ['an array item', { skus: ['ok', '\u0000'] }, ['skus.1']],
    ['a key', { 'k\u0000': 1 }, ['k\u0000']],
    ['two places', { a: '\u0000', b: ['\u0000'] }, ['b.0', 'a']],
  ])('%s', (_, input, fields) => {
    expect(issuesToFieldErrors(nulCharacterIssues(input), 'en').map((e) => e.field)).toEqual(fields);
  });

  it('walks input nested far deeper than the call stack allows', () => {
    const deep = JSON.parse(`${'['.repeat(50_000)}"\\u0000"${']'.repeat(50_000)}`) as unknown;
    expect(nulCharacterIssues(deep)).toHaveLength(1);
  });
});

describe('emailSchema (an address pasted with spaces around it)', () => {
  it.each([
    [' jonas@example.lt ', 'jonas@example.lt'],
    ['\tjonas@example.lt\n', 'jonas@example.lt'],
    ['jonas@example.lt', 'jonas@example.lt'],
  ])('%j → %j', (input, output) => {
    expect(emailSchema.parse(input)).toBe(output);
  });

  it.each(['jonas', ' jonas@ ', '', `${'a'.repeat(250)}@example.lt`])('refuses %j', (input) => {
    expect(emailSchema.safeParse(input).success).toBe(false);
  });
});
