// @vitest-environment node
/**
 * Shipping amounts for the shopper's country: an Estonian shopper is charged the courier with
 * Estonian VAT (4,09 € where Lithuania pays 3,99 €). The delivery page's table and the product page's
 * delivery fact show the server's figures for the delivery country once the shopper has given it
 * (checkout's shipping details), and say "for Lithuania" until then. Against the real API (PGlite,
 * requests through app.inject; support/real-shop.ts, support/browser-globals.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as TL from '@testing-library/react';
import type * as Router from 'react-router';
import { importCatalog } from '@vitrina/db';
import { formatPrice } from '@vitrina/domain';
import type * as FeesModule from '../app/components/DeliveryFees';
import type * as FactsModule from '../app/features/product/components/DecisionFacts';
import type * as FactsRules from '../app/features/product/rules/decision-facts';
import type * as CheckoutModule from '../app/state/checkout';
import type * as CountryModule from '../app/state/delivery-country';
import type * as CountryViewModule from '../app/state/delivery-country-view';
import type { DeliveryOptions } from '../app/lib/types';
import { installBrowserGlobals } from './support/browser-globals';
import { startRealShop, type RealShop } from './support/real-shop';

let shop: RealShop;
let tl: typeof TL;
let MemoryRouter: typeof Router.MemoryRouter;
let DeliveryFees: typeof FeesModule.DeliveryFees;
let DecisionFacts: typeof FactsModule.DecisionFacts;
let decisionFacts: typeof FactsRules.decisionFacts;
let checkout: typeof CheckoutModule.checkout;
let initialCheckout: typeof CheckoutModule.initialCheckout;
let updateCheckout: typeof CheckoutModule.updateCheckout;
let knownDeliveryCountry: typeof CountryViewModule.knownDeliveryCountry;
let useDeliveryOptionsFor: typeof CountryModule.useDeliveryOptionsFor;

beforeAll(async () => {
  shop = await startRealShop();
  await importCatalog(shop.api.database, {
    taxrules: [
      {
        id: 1,
        code: 'Baltic VAT',
        product_tax_class_ids: [2],
        customer_tax_class_ids: [3],
        rates: [
          { rate: 21, tax_country_id: 'LT', tax_region_id: 0, region_name: '' },
          { rate: 21, tax_country_id: 'LV', tax_region_id: 0, region_name: '' },
          { rate: 24, tax_country_id: 'EE', tax_region_id: 0, region_name: '' },
        ],
      },
    ],
    shipping_methods: [
      {
        code: 'balticcourier_balticcourier',
        carrier_code: 'balticcourier',
        method_code: 'balticcourier',
        title: 'Baltic courier',
        price: 3.3,
        free_threshold: 81.82,
        countries: ['LT', 'LV', 'EE'],
        position: 1,
      },
    ],
  } as Parameters<typeof importCatalog>[1]);
  // only this shop's courier: the fixture shop's other methods are switched off
  await shop.api.database.query(
    "UPDATE shipping_methods SET is_active = (code = 'balticcourier_balticcourier')",
  );
  await installBrowserGlobals(shop.fetch, 'http://localhost/en/delivery');
  tl = await import('@testing-library/react');
  ({ MemoryRouter } = await import('react-router'));
  ({ DeliveryFees } = await import('../app/components/DeliveryFees'));
  ({ DecisionFacts } = await import('../app/features/product/components/DecisionFacts'));
  ({ decisionFacts } = await import('../app/features/product/rules/decision-facts'));
  ({ checkout, initialCheckout, updateCheckout } = await import('../app/state/checkout'));
  ({ useDeliveryOptionsFor } = await import('../app/state/delivery-country'));
  ({ knownDeliveryCountry } = await import('../app/state/delivery-country-view'));
}, 60_000);
afterAll(async () => {
  tl?.cleanup();
  await shop?.close();
});

const eur = (cents: number) => formatPrice(cents, 'en');
/** the text of a node, its spaces as one plain space (prices hold a no-break one) */
const flat = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

const reset = () => {
  tl.cleanup();
  checkout.set(() => initialCheckout);
};

/** what the route's loader gives: the store view's own country's options */
async function ownCountryOptions(): Promise<DeliveryOptions> {
  const r = await shop.api.app.inject({ method: 'GET', url: '/vsbridge/shop/delivery-options?storeCode=en' });
  return (r.json() as { result: DeliveryOptions }).result;
}

function Facts({ given }: { given: DeliveryOptions }) {
  const delivery = useDeliveryOptionsFor(given);
  return (
    <DecisionFacts
      facts={decisionFacts({ price: 5000, grade: null, delivery, days: null, inStock: true, shop: null })}
    />
  );
}

const renderEn = (ui: React.ReactNode) =>
  tl.render(<MemoryRouter initialEntries={['/en/delivery']}>{ui}</MemoryRouter>);
const fees = () =>
  tl
    .within(tl.screen.getByRole('table'))
    .getAllByRole('cell')
    .map((c) => c.textContent);
const heading = () => tl.screen.getByRole('heading', { level: 2 }).textContent;
const toEstonia = () =>
  tl.act(() => updateCheckout({ shippingDetails: { ...initialCheckout.shippingDetails, country: 'EE' } }));

describe("the delivery country's figures", () => {
  it('knows the country only once the shopper gave it', () => {
    const sd = initialCheckout.shippingDetails;
    expect(knownDeliveryCountry(sd)).toBeNull();
    expect(knownDeliveryCountry({ ...sd, country: 'EE' })).toBe('EE');
    expect(knownDeliveryCountry({ ...sd, city: 'Kaunas' })).toBe('LT');
  });

  it('the delivery page says "for Lithuania" until the country is known, then shows Estonia’s as charged', async () => {
    reset();
    const given = await ownCountryOptions();
    renderEn(<DeliveryFees given={given} />);
    expect(heading()).toBe('Delivery prices for Lithuania');
    // 3,30 € net + 21 % = 3,99 €; 81,82 € net + 21 % = 99,00 €
    expect(fees()).toEqual([eur(399), eur(9900)]);
    expect(tl.screen.getByText(/Delivering to Latvia or Estonia\?/)).toBeTruthy();

    toEstonia();
    await tl.waitFor(() => expect(heading()).toBe('Delivery prices for Estonia'));
    // 3,30 € + 24 % = 4,09 €; 81,82 € + 24 % = 101,46 €: what the cart charges in Estonia
    expect(fees()).toEqual([eur(409), eur(10146)]);
    expect(tl.screen.queryByText(/Delivering to Latvia or Estonia\?/)).toBeNull();
  });

  it("the product page's delivery fact names its country and follows the shopper's", async () => {
    reset();
    const given = await ownCountryOptions();
    const { container } = renderEn(<Facts given={given} />);
    const fact = () => flat(container.querySelector('.fact-delivery')?.textContent);
    expect(fact()).toBe(flat(`Delivery from ${eur(399)} · free from ${eur(9900)} · for Lithuania`));
    toEstonia();
    await tl.waitFor(() =>
      expect(fact()).toBe(flat(`Delivery from ${eur(409)} · free from ${eur(10146)} · for Estonia`)),
    );
  });
});
