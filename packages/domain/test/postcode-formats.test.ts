// The shipped zip-code data file (postcode-formats.ts) against the maintained data set it cites
// (postal-codes-js: each country's validation rule and its own valid/invalid samples).
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { POSTCODE_FORMATS, normaliseZip, validateZip } from '../src/index.ts';

const require = createRequire(import.meta.url);
const postalCodes = require('postal-codes-js') as { validate(country: string, code: string): true | string };
const formatFile = (country: string) => {
  const byAlpha2 = require('postal-codes-js/generated/postal-codes-alpha2.json') as Record<
    string,
    { postalCodeFormat: string }
  >;
  return require(`postal-codes-js/formats/${byAlpha2[country]?.postalCodeFormat}`) as {
    TestData: { Valid: string[]; Invalid: string[] };
  };
};

describe('postcode formats (the zip-code data file)', () => {
  it.each(POSTCODE_FORMATS.map((f) => [f.country, f] as const))(
    '%s: examples are valid and canonical',
    (country, f) => {
      for (const example of f.examples) {
        expect(normaliseZip(country, example)).toBe(example);
        expect(validateZip(country, example)).toBeNull();
        expect(postalCodes.validate(country, example)).toBe(true);
      }
    },
  );

  it.each(POSTCODE_FORMATS.map((f) => [f.country] as const))(
    '%s: agrees with postal-codes-js on its samples',
    (country) => {
      const { Valid, Invalid } = formatFile(country).TestData;
      for (const code of Valid) expect(normaliseZip(country, code), code).not.toBeNull();
      for (const code of Invalid) expect(normaliseZip(country, code), code).toBeNull();
    },
  );

  it.each(POSTCODE_FORMATS.map((f) => [f.country, f] as const))(
    '%s: every canonical code of the format is accepted by both',
    (country, f) => {
      // a sweep over the digit space (every 7th number): both rule sets agree
      for (let n = 0; n < 10 ** f.digits; n += 7) {
        const code = `${f.prefix ?? ''}${String(n).padStart(f.digits, '0')}`;
        expect(normaliseZip(country, code)).toBe(code);
        expect(postalCodes.validate(country, code), code).toBe(true);
      }
    },
  );

  it('Estonia: five digits (the spec says 0000, which would refuse every real postcode)', () => {
    expect(validateZip('EE', '10115')).toBeNull();
    expect(validateZip('EE', '1011')).toEqual({ key: 'validation.zipFormat', params: { format: '00000' } });
    expect(postalCodes.validate('EE', '1011')).not.toBe(true);
  });
});
