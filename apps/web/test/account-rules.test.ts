// @vitest-environment node
/**
 * The account feature's pure rules (features/account/rules/): the profile's and the shipping
 * address's values, the history's pages, and the newsletter's statuses, without a screen.
 */
import { ORDER_HISTORY_PAGE_SIZE } from '@vitrina/domain';
import { describe, expect, it } from 'vitest';
import type { CustomerAddress, CustomerProfile, HistoryOrder } from '../app/lib/types';
import { isSubscribed, statusAfterSubscribe } from '../app/features/account/rules/newsletter';
import { orderIn, pageCount, pageFrom, shipToLines } from '../app/features/account/rules/orders';
import { emailChanged, profileUpdate, profileValues } from '../app/features/account/rules/profile';
import { addressValues, toValues, withDefaultAddress } from '../app/features/account/rules/shipping-address';

const address = (extra: Partial<CustomerAddress>) =>
  ({
    firstname: 'Ona',
    lastname: 'Onaitė',
    street: ['Gedimino pr.', '1'],
    city: 'Vilnius',
    postcode: '01103',
    countryId: 'LT',
    telephone: '',
    ...extra,
  }) as CustomerAddress;
const profile = (addresses: CustomerAddress[] = []) =>
  ({
    id: 7,
    email: 'Ona@Example.com',
    firstname: 'Ona',
    lastname: 'Onaitė',
    addresses,
  }) as unknown as CustomerProfile;

describe('profile', () => {
  it('fills the form from the profile, the current password empty', () => {
    expect(profileValues(profile())).toEqual({
      firstname: 'Ona',
      lastname: 'Onaitė',
      email: 'Ona@Example.com',
      currentPassword: '',
    });
  });

  it('sees a new e-mail only when it differs beyond case and spaces', () => {
    expect(emailChanged(' ona@example.com ', profile())).toBe(false);
    expect(emailChanged('ona@example.lt', profile())).toBe(true);
    expect(emailChanged('ona@example.lt', null)).toBe(false);
  });

  it('sends trimmed names and keeps the saved addresses', () => {
    const v = { firstname: ' Ona ', lastname: 'Onaitė ', email: ' ona@example.lt', currentPassword: 'x' };
    expect(profileUpdate(v, profile())).toEqual({
      firstname: 'Ona',
      lastname: 'Onaitė',
      email: 'ona@example.lt',
    });
    const saved = [address({})];
    expect(profileUpdate(v, profile(saved)).addresses).toBe(saved);
  });
});

describe('shipping address', () => {
  it('starts from the default shipping address, else the first, else the names alone', () => {
    const first = address({ city: 'Kaunas' });
    const shipping = address({ city: 'Klaipėda', default_shipping: true });
    expect(addressValues(profile([first, shipping])).city).toBe('Klaipėda');
    expect(addressValues(profile([first])).city).toBe('Kaunas');
    expect(addressValues(profile())).toEqual({ ...toValues(undefined, 'Ona', 'Onaitė') });
    expect(toValues(undefined, '', '')).toMatchObject({ street: '', house: '', countryId: 'LT' });
    expect(toValues(first, '', '')).toMatchObject({ street: 'Gedimino pr.', house: '1' });
  });

  it('saves the new address first as the default, replacing the old default, 20 at most', () => {
    const old = address({ city: 'Klaipėda', default_shipping: true });
    const others = Array.from({ length: 25 }, (_, i) => address({ city: `City ${i}` }));
    const saved = withDefaultAddress(profile([old, ...others]), address({ city: 'Vilnius' }));
    expect(saved).toHaveLength(20);
    expect(saved[0]).toMatchObject({ city: 'Vilnius', default_shipping: true, default_billing: true });
    expect(saved.map((a) => a.city)).not.toContain('Klaipėda');
  });
});

describe('order history', () => {
  it('reads the page from the URL, the first when missing or wrong', () => {
    expect(pageFrom(null)).toBe(1);
    expect(pageFrom('abc')).toBe(1);
    expect(pageFrom('-3')).toBe(1);
    expect(pageFrom('4')).toBe(4);
  });

  it('counts at least one page', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(ORDER_HISTORY_PAGE_SIZE)).toBe(1);
    expect(pageCount(ORDER_HISTORY_PAGE_SIZE + 1)).toBe(2);
  });

  it('finds the URL’s order by its id', () => {
    const orders = [{ id: 12 }, { id: 7 }] as HistoryOrder[];
    expect(orderIn(orders, '7')).toBe(orders[1]);
    expect(orderIn(orders, '8')).toBeUndefined();
  });

  it('writes the address in three lines, leaving out what is missing', () => {
    expect(
      shipToLines({
        firstname: 'Ona',
        lastname: null,
        street: ['Gedimino pr.', '1'],
        postcode: '01103',
        city: 'Vilnius',
        countryId: 'LT',
      } as never),
    ).toEqual(['Ona', 'Gedimino pr. 1', '01103, Vilnius, LT']);
  });

  it("names the country in the page's language", () => {
    const names: Record<string, string> = { LV: 'Latvija' };
    expect(
      shipToLines(
        {
          firstname: 'Anna',
          lastname: 'Ozola',
          street: ['Brīvības iela 1'],
          postcode: 'LV-1010',
          city: 'Rīga',
          countryId: 'LV',
        } as never,
        (code) => names[code] ?? code,
      ),
    ).toEqual(['Anna Ozola', 'Brīvības iela 1', 'LV-1010, Rīga, Latvija']);
  });
});

describe('newsletter', () => {
  it('reads a pending subscription as subscribed, and a new one as pending', () => {
    expect(isSubscribed('subscribed')).toBe(true);
    expect(isSubscribed('pending')).toBe(true);
    expect(isSubscribed('unsubscribed')).toBe(false);
    expect(statusAfterSubscribe('subscribed')).toBe('subscribed');
    expect(statusAfterSubscribe('unsubscribed')).toBe('pending');
    expect(statusAfterSubscribe(null)).toBe('pending');
  });
});
