/**
 * The zip-code data file of the checkout (accounts-checkout-routes.md §7 "a local zip-code data file
 * exists"; §5 "bad zip format (Lithuania LT-00000, Latvia LV-0000, Estonia 0000)"): the postcode
 * format of each delivery market. It is part of the bundle, so the checkout checks postcodes offline.
 *
 * Sources: the national postal operators' published formats — Lietuvos paštas: "LT-" and five
 * digits; Latvijas Pasts: "LV-" (mandatory) and four digits; Omniva (Eesti Post): five digits,
 * e.g. 10115 Tallinn — as recorded in the maintained data set postal-codes-js 2.5.2
 * (postal-codes-js/formats/LT.json, LV.json, 5Digits.json; Apache-2.0). test/postcode-formats.test.ts checks this
 * file against that package's rules and samples.
 *
 * Estonia: real Estonian postcodes have FIVE digits; the spec's "0000" would refuse every one, so the
 * shipped format is 00000 (docs/decisions/0027-estonian-postcodes.md).
 *
 * Only formats are shipped: no register of individual postcodes (none is published as open data we
 * could ship honestly), so a well-formed code that no post office uses is accepted.
 */
export interface PostcodeFormat {
  /** ISO 3166-1 alpha-2 */
  country: string;
  /** the digits of a postcode, without prefix */
  digits: number;
  /** the canonical prefix, when the country's postcodes carry one */
  prefix?: string;
  /** the format as shown to the shopper in messages */
  format: string;
  /** real postcodes, for tests and placeholders */
  examples: readonly string[];
}

export const POSTCODE_FORMATS: readonly PostcodeFormat[] = [
  {
    country: 'LT',
    digits: 5,
    prefix: 'LT-',
    format: 'LT-00000',
    examples: ['LT-01100', 'LT-44279', 'LT-92231'],
  },
  { country: 'LV', digits: 4, prefix: 'LV-', format: 'LV-0000', examples: ['LV-1010', 'LV-3120', 'LV-2160'] },
  { country: 'EE', digits: 5, format: '00000', examples: ['10115', '45303', '91302'] },
];
