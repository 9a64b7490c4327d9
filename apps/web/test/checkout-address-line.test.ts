// @vitest-environment node
/** The one-line address a done checkout step repeats (features/checkout/rules/address-line.ts). */
import { describe, expect, it } from 'vitest';
import { addressLine } from '../app/features/checkout/rules/address-line';
import type { AddressDetails } from '../app/state/checkout';

const base: AddressDetails = {
  firstName: 'Ona',
  lastName: 'Onaitė',
  country: 'LV',
  streetAddress: 'Brīvības iela',
  apartmentNumber: '12-4',
  city: 'Rīga',
  state: 'Rīgas novads',
  region_id: null,
  zipCode: 'LV-1010',
  phoneNumber: '+37120000000',
};
const names = (code: string) => ({ LV: 'Latvia', LT: 'Lithuania' })[code] ?? code;

describe('addressLine', () => {
  it.each([
    [
      'every part, the region included',
      base,
      'Ona Onaitė, Brīvības iela 12-4, Rīga, Rīgas novads, LV-1010, Latvia',
    ],
    [
      'no region, no flat: no empty parts',
      { ...base, state: '', apartmentNumber: '' },
      'Ona Onaitė, Brīvības iela, Rīga, LV-1010, Latvia',
    ],
    [
      'blank parts are empty parts',
      { ...base, state: '  ', country: 'LT', zipCode: ' LT-01100 ' },
      'Ona Onaitė, Brīvības iela 12-4, Rīga, LT-01100, Lithuania',
    ],
  ])('%s', (_name, address, expected) => {
    expect(addressLine(address, names)).toBe(expected);
  });
});
