// @vitest-environment node
/**
 * The product and delivery pages read the delivery country without loading the checkout's state
 * (state/delivery-country-view.ts): from what the checkout saved on the device, from another tab's
 * checkout, and from this tab's checkout once it has loaded, which then outranks a slower read of the
 * device. The restore rule is the checkout's: details saved over 30 minutes before are forgotten.
 */
import 'fake-indexeddb/auto';
import { IN_CHECKOUT_WINDOW_MS } from '@vitrina/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import type * as View from '../app/state/delivery-country-view';

let view: typeof View;
const now = Date.now();
const saved = (shippingDetails: Record<string, unknown>, modifiedAt: unknown = now) => ({
  shippingDetails,
  modifiedAt,
});

beforeAll(async () => {
  // the view reads the device and listens to other tabs only "in a browser"
  (globalThis as { window?: unknown }).window ??= globalThis;
  const { idbSet } = await import('../app/lib/idb');
  await idbSet('checkout', saved({ country: 'EE', city: '' }));
  view = await import('../app/state/delivery-country-view');
});

describe('the delivery country a saved checkout names', () => {
  it.each([
    ['another country', saved({ country: 'ee' }), 'EE'],
    ['the default country with a typed address', saved({ country: 'LT', city: 'Kaunas' }), 'LT'],
    ['the default country and no address', saved({ country: 'LT', city: ' ' }), null],
    ['no country', saved({ city: 'Riga' }), null],
    ['details older than the checkout window', saved({ country: 'LV' }, now - IN_CHECKOUT_WINDOW_MS - 1), 'none'],
    ['a checkout saved before it had a time', saved({ country: 'LV' }, 0), 'LV'],
    ['not a checkout', 'LV', null],
    ['fields of the wrong type', saved({ country: 7, city: ['x'] }), null],
  ])('%s', (_, value, expected) => {
    expect(view.deliveryCountryOfSaved(value)).toBe(expected === 'none' ? null : expected);
  });
});

describe('the view', () => {
  it("reads the device's saved checkout at start, then follows another tab's checkout", async () => {
    await expect.poll(() => view.deliveryCountryView.get()).toBe('EE');
    const otherTab = new BroadcastChannel('vitrina:checkout');
    otherTab.postMessage(saved({ country: 'LV' }));
    await expect.poll(() => view.deliveryCountryView.get()).toBe('LV');
    otherTab.postMessage(saved({ country: 'LT' }));
    await expect.poll(() => view.deliveryCountryView.get()).toBeNull();
    otherTab.close();
  });

  it("takes this tab's checkout over the device's value read after it", async () => {
    // a fresh view whose read of the device (EE) is still on its way when the checkout speaks
    const { vi } = await import('vitest');
    vi.resetModules();
    const fresh = await import('../app/state/delivery-country-view');
    fresh.followCheckout({ country: 'LV', streetAddress: '', city: '', zipCode: '' });
    await fresh.deviceRead;
    expect(fresh.deliveryCountryView.get()).toBe('LV');
  });
});
