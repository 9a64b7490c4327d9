import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  normaliseZip,
  validateAlphaOnly,
  validateCompanyCode,
  validateEmail,
  validateFields,
  validateNameLength,
  validatePassword,
  validatePasswordsMatch,
  validateQuantity,
  validateRequired,
  validateSearchTerm,
  validateTaxId,
  validateTermsAccepted,
  validateVatCode,
  validateZip,
} from '../src/index.ts';

const key = (r: { key: string } | null) => r?.key ?? null;

describe('field rules (accounts-checkout-routes.md §5)', () => {
  it.each([
    ['', 'validation.required'],
    ['   ', 'validation.required'],
    [null, 'validation.required'],
    [[], 'validation.required'],
    [false, 'validation.required'],
    ['x', null],
    [0, null],
  ])('required(%j) → %s', (v, out) => {
    expect(key(validateRequired(v))).toBe(out);
  });

  it.each([
    ['Jo', null],
    ['J', 'validation.nameMinLength'],
    ['J-', 'validation.nameMinLength'],
    ['Žė', null],
    ['Юл', null],
  ])('name "%s" → %s', (v, out) => {
    expect(key(validateNameLength(v))).toBe(out);
  });

  it.each([
    ["O'Neil-Ąžuolas", null],
    ['Анна Мария', null],
    ['Jonas2', 'validation.alphaOnly'],
    ['Jonas!', 'validation.alphaOnly'],
    ['Zoë', null],
  ])('alpha "%s" → %s', (v, out) => {
    expect(key(validateAlphaOnly(v))).toBe(out);
  });

  it('passwords, terms', () => {
    expect(key(validatePassword('1234567'))).toBe('validation.passwordMinLength');
    expect(validatePassword('12345678')).toBeNull();
    expect(key(validatePasswordsMatch('a', 'b'))).toBe('validation.passwordsMustMatch');
    expect(validatePasswordsMatch('a', 'a')).toBeNull();
    expect(key(validateTermsAccepted(false))).toBe('validation.termsRequired');
    expect(validateTermsAccepted(true)).toBeNull();
  });

  it.each([
    ['jonas@example.lt', null],
    ['jonas.petraitis+shop@mail.example.com', null],
    ['jonas@example', 'validation.email'],
    ['jonas@@example.lt', 'validation.email'],
    ['jonas example.lt', 'validation.email'],
    ['a..b@example.lt', 'validation.email'],
    ['', 'validation.email'],
  ])('email "%s" → %s', (v, out) => {
    expect(key(validateEmail(v))).toBe(out);
  });

  it.each([
    [validateCompanyCode, '12', 'validation.companyCodeMinLength'],
    [validateCompanyCode, '123456789', null],
    [validateVatCode, 'LT', 'validation.vatCodeMinLength'],
    [validateVatCode, 'LT100001234567', null],
    [validateVatCode, 'LT 123456789', null],
    [validateVatCode, 'LT12345', 'validation.taxIdInvalid'],
    [validateVatCode, 'EE123456789', null],
    [validateVatCode, 'LV12345678901', null],
    [validateVatCode, 'DE123456789', null],
    [validateTaxId, '12', 'validation.taxIdMinLength'],
    [validateTaxId, '38001010000', null],
    [validateTaxId, '380!!', 'validation.taxIdInvalid'],
  ])('%o("%s") → %s', (fn, v, out) => {
    expect(key(fn(v))).toBe(out);
  });

  it.each([
    ['LT', 'LT-01100', 'LT-01100'],
    ['LT', '01100', 'LT-01100'],
    ['LT', 'lt 01100', 'LT-01100'],
    ['LT', 'LT01100', 'LT-01100'],
    ['LT', '1100', null],
    ['LT', 'LV-1010', null],
    ['LV', 'LV-1010', 'LV-1010'],
    ['LV', '1010', 'LV-1010'],
    ['LV', 'LV-10100', null],
    ['EE', '10115', '10115'],
    ['EE', '1011', null],
    ['EE', 'EE-10115', null],
    ['PL', '00-950', '00-950'],
    ['PL', '0', null],
  ])('zip %s "%s" → %s', (country, zip, out) => {
    expect(normaliseZip(country, zip)).toBe(out);
    const e = validateZip(country, zip);
    if (out === null) expect(['validation.zipFormat', 'validation.zipMinLength']).toContain(e?.key);
    else expect(e).toBeNull();
  });

  it('zip format message names the format', () => {
    expect(validateZip('LT', '123456')).toEqual({
      key: 'validation.zipFormat',
      params: { format: 'LT-00000' },
    });
    expect(validateZip('EE', '12')).toEqual({ key: 'validation.zipMinLength', params: { min: 3 } });
  });

  it('search term', () => {
    expect(key(validateSearchTerm('tv'))).toBe('validation.searchTermMinLength');
    expect(validateSearchTerm('tvs')).toBeNull();
  });

  it.each([
    [1, 5, null],
    [5, 5, null],
    [6, 5, 'cart.onlyAvailable'],
    [0, 5, 'validation.quantityAboveZero'],
    [-1, undefined, 'validation.quantityAboveZero'],
    [1.5, undefined, 'validation.quantityInteger'],
    ['3', 5, null],
    ['x', 5, 'validation.quantityInteger'],
    [NaN, 5, 'validation.quantityInteger'],
  ])('quantity %j (available %s) → %s', (q, max, out) => {
    expect(key(validateQuantity(q, max))).toBe(out);
  });

  it('"Only {maxQuantity} products of this type are available!" carries the quantity', () => {
    expect(validateQuantity(9, 4)).toEqual({ key: 'cart.onlyAvailable', params: { maxQuantity: 4 } });
  });

  it('quantity property: valid exactly for integers 1..available', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 50 }), fc.nat(40), (q, max) => {
        expect(validateQuantity(q, max) === null).toBe(q >= 1 && q <= max);
      }),
    );
  });

  it('validateFields runs the first failing rule per field', () => {
    const values = { email: 'bad', password: 'short', repeat: 'other' };
    const errors = validateFields(values, {
      email: [validateRequired, (v) => validateEmail(String(v))],
      password: [(v) => validatePassword(String(v))],
      repeat: [(v, all) => validatePasswordsMatch(all.password, String(v))],
    });
    expect(errors).toEqual({
      email: { key: 'validation.email' },
      password: { key: 'validation.passwordMinLength', params: { min: 8 } },
      repeat: { key: 'validation.passwordsMustMatch' },
    });
  });
});
