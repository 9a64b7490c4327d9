import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SHOP_SETTINGS,
  DEMO_SELLER,
  bankTransferDueDate,
  bankTransferReady,
  centsToEuroInput,
  issuesToFieldErrors,
  missingInvoiceSellerFields,
  parseEurosToCents,
  popularSearchLines,
  settingsFromStored,
  shopSettingsSchema,
  type ShopSettings,
} from '../src/index.ts';

const valid: ShopSettings = { ...DEFAULT_SHOP_SETTINGS, seller: { ...DEMO_SELLER } };

/** the field errors of a settings change, in a language */
function errorsOf(change: (s: ShopSettings) => unknown, store: 'lt' | 'en' = 'en') {
  const input = change(structuredClone(valid));
  const r = shopSettingsSchema.safeParse(input);
  return r.success ? [] : issuesToFieldErrors(r.error.issues, store);
}

describe('shop settings validation', () => {
  it('accepts the defaults with the demo seller, and the defaults with no seller at all', () => {
    expect(shopSettingsSchema.safeParse(valid).success).toBe(true);
    expect(shopSettingsSchema.safeParse(DEFAULT_SHOP_SETTINGS).success).toBe(true);
  });

  it.each<[string, (s: ShopSettings) => unknown, string, RegExp]>([
    [
      'a wrong IBAN check digit',
      (s) => ({ ...s, seller: { ...s.seller, iban: 'LT131000011101001000' } }),
      'seller.iban',
      /IBAN: not a valid/,
    ],
    [
      'an IBAN of a wrong length',
      (s) => ({ ...s, seller: { ...s.seller, iban: 'LT12100001110100100' } }),
      'seller.iban',
      /IBAN/,
    ],
    ['a bad SWIFT', (s) => ({ ...s, seller: { ...s.seller, swift: 'HAB' } }), 'seller.swift', /SWIFT\/BIC/],
    [
      'an IBAN without a bank name',
      (s) => ({ ...s, seller: { ...s.seller, bankName: '' } }),
      'seller.bankName',
      /Bank account/,
    ],
    [
      'a bad seller e-mail',
      (s) => ({ ...s, seller: { ...s.seller, email: 'not-mail' } }),
      'seller.email',
      /e-mail/i,
    ],
    ['money back shorter than the law allows', (s) => ({ ...s, moneyBackDays: 7 }), 'moneyBackDays', /14/],
    ['a fractional money-back day', (s) => ({ ...s, moneyBackDays: 30.5 }), 'moneyBackDays', /./],
    [
      'delivery max below min',
      (s) => ({ ...s, deliveryDays: { min: 3, max: 2 } }),
      'deliveryDays.max',
      /Delivery days/,
    ],
    [
      'support closing before opening',
      (s) => ({ ...s, supportHours: { from: '17:00', to: '8:00' } }),
      'supportHours.to',
      /Support hours/,
    ],
    [
      'a support time that is no time',
      (s) => ({ ...s, supportHours: { from: '25:00', to: '17:00' } }),
      'supportHours.from',
      /Time/,
    ],
    [
      'a coupon over 90 %',
      (s) => ({ ...s, newsletterCoupon: { enabled: true, percent: 95 } }),
      'newsletterCoupon.percent',
      /90/,
    ],
    [
      'a new-goods warranty under the legal 24 months',
      (s) => ({ ...s, warrantyMonths: { ...s.warrantyMonths, new: 12 } }),
      'warrantyMonths.new',
      /24/,
    ],
    ['a negative COD fee', (s) => ({ ...s, codFeeCents: -1 }), 'codFeeCents', /0/],
    [
      'a logo on another site over http',
      (s) => ({ ...s, logoUrl: 'http://evil.example/logo.png' }),
      'logoUrl',
      /Logo/,
    ],
    [
      'no Lithuanian shop name',
      (s) => ({ ...s, shopName: { lt: ' ', en: 'Shop', ru: '' } }),
      'shopName.lt',
      /required/i,
    ],
    ['an unknown field', (s) => ({ ...s, extra: 1 }), 'extra', /Unknown field/],
  ])('refuses %s, naming the field', (_name, change, field, message) => {
    const errors = errorsOf(change);
    expect(errors.map((e) => e.field)).toContain(field);
    expect(errors.find((e) => e.field === field)?.message).toMatch(message);
  });

  it('says it in Lithuanian too', () => {
    const [error] = errorsOf((s) => ({ ...s, seller: { ...s.seller, iban: 'LT131000011101001000' } }), 'lt');
    expect(error?.message).toMatch(/^IBAN: neteisingas sąskaitos numeris/);
  });

  it('stores the IBAN and SWIFT without spaces, upper case', () => {
    const r = shopSettingsSchema.parse({
      ...valid,
      seller: { ...valid.seller, iban: 'lt12 1000 0111 0100 1000', swift: 'haba lt22' },
    });
    expect(r.seller.iban).toBe('LT121000011101001000');
    expect(r.seller.swift).toBe('HABALT22');
  });
});

describe('what the settings allow', () => {
  it('an invoice needs the name, company code, VAT code and address of the seller', () => {
    expect(missingInvoiceSellerFields(DEFAULT_SHOP_SETTINGS.seller)).toEqual([
      'companyName',
      'companyCode',
      'vatCode',
      'address',
    ]);
    expect(missingInvoiceSellerFields({ ...DEMO_SELLER, vatCode: ' ' })).toEqual(['vatCode']);
    expect(missingInvoiceSellerFields(DEMO_SELLER)).toEqual([]);
  });

  it.each([
    [DEMO_SELLER, true],
    [{ ...DEMO_SELLER, iban: '' }, false],
    [{ ...DEMO_SELLER, iban: 'LT131000011101001000' }, false],
    [{ ...DEMO_SELLER, bankName: '' }, false],
    [{ ...DEMO_SELLER, companyName: '' }, false],
  ])('bank transfer is offered only with a whole, valid account (%#)', (seller, ready) => {
    expect(bankTransferReady(seller)).toBe(ready);
  });

  it.each([
    ['2026-11-29T10:00:00Z', 5, '2026-12-04'],
    // 23:30 UTC is already the next day in Vilnius
    ['2026-11-29T23:30:00Z', 1, '2026-12-01'],
    ['2026-12-30T08:00:00Z', 5, '2027-01-04'],
  ])('a transfer for an order placed at %s is due %i days later: %s', (placed, days, due) => {
    expect(bankTransferDueDate(placed, days)).toBe(due);
  });

  it.each([
    ['3', 300],
    ['3,5', 350],
    ['3.05', 305],
    ['1 234,56 €', 123456],
    ['0', 0],
    ['3.456', null],
    ['-1', null],
    ['abc', null],
    ['', null],
  ])('euros "%s" are %s cents', (text, cents) => {
    expect(parseEurosToCents(text)).toBe(cents);
  });

  it('euros written by the form read back as the same cents', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 99_999_999 }),
        (cents) => parseEurosToCents(centsToEuroInput(cents)) === cents,
      ),
    );
  });

  it('stored settings missing newer fields read as the defaults', () => {
    const read = settingsFromStored({ shopName: { lt: 'Mano parduotuvė' }, moneyBackDays: 45 });
    expect(read.shopName).toEqual({ lt: 'Mano parduotuvė', en: 'Vitrina', ru: 'Vitrina' });
    expect(read.moneyBackDays).toBe(45);
    expect(read.warrantyMonths).toEqual(DEFAULT_SHOP_SETTINGS.warrantyMonths);
  });
});

describe('popular searches (the owner chooses them per store view)', () => {
  it.each([
    [
      'one a line, trimmed, inner spaces collapsed',
      ' iPhone  13 \nšaldytuvas\n',
      ['iPhone 13', 'šaldytuvas'],
    ],
    ['empty lines and Windows line ends', 'TV\r\n\r\n  \r\nradio', ['TV', 'radio']],
    [
      'a repeat (any case) kept once, first spelling',
      'MacBook\nmacbook\nMACBOOK Air',
      ['MacBook', 'MACBOOK Air'],
    ],
    ['nothing', '', []],
  ])('%s', (_name, text, lines) => {
    expect(popularSearchLines(text)).toEqual(lines);
  });

  it('never returns an empty, untrimmed or repeated line, whatever is typed', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const lines = popularSearchLines(text);
        for (const l of lines) expect(l).toBe(l.trim().replace(/\s+/g, ' '));
        expect(lines.every((l) => l.length > 0)).toBe(true);
        expect(new Set(lines.map((l) => l.toLocaleLowerCase())).size).toBe(lines.length);
      }),
    );
  });

  it.each([
    ['eleven in a store view', { ru: Array.from({ length: 11 }, (_, i) => `q${i}`) }, 'popularSearches.ru'],
    ['a search of 61 characters', { en: ['x'.repeat(61)] }, 'popularSearches.en.0'],
    ['an empty one', { lt: [''] }, 'popularSearches.lt.0'],
    ['one shorter than a search may be ("TV")', { en: ['iPhone', 'TV'] }, 'popularSearches.en.1'],
  ])('refuses %s, naming the field', (_name, lists, field) => {
    const errors = errorsOf((s) => ({ ...s, popularSearches: { ...s.popularSearches, ...lists } }));
    expect(errors.map((e) => e.field)).toContain(field);
  });

  it('a row written before popular searches existed reads as none', () => {
    const { popularSearches: _, ...older } = DEFAULT_SHOP_SETTINGS;
    expect(settingsFromStored(older).popularSearches).toEqual({ lt: [], en: [], ru: [] });
  });
});
