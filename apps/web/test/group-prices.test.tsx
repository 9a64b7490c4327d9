// @vitest-environment node
/**
 * Customer-group prices in the storefront (state/group-prices.ts, GROUP_PRICING) against the real API
 * (PGlite, requests through `app.inject`): a guest sees the page's base prices and asks nothing;
 * after login the visible prices are re-priced through the render list at the group's tier, and the
 * cart charges exactly that; a price that appears later is priced too; a group change re-prices; on
 * logout the base prices come back. PGlite does not start inside jsdom, so the API starts first and
 * a jsdom window is installed after it (as in mini-cart.test.tsx).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as TL from '@testing-library/react';
import type * as Router from 'react-router';
import type * as AccountBootModule from '../app/components/AccountBoot';
import type * as PriceModule from '../app/components/Price';
import type * as ApiModule from '../app/api-client/api';
import type * as UserModule from '../app/state/user';
import type * as GroupPricesModule from '../app/state/group-prices';
import { formatPrice } from '@vitrina/domain';
import { installBrowserGlobals } from './support/browser-globals';
import { startRealShop, type RealShop } from './support/real-shop';
import { PASSWORD } from '../../api/test/user-helpers.ts';

let shop: RealShop;
let tl: typeof TL;
let MemoryRouter: typeof Router.MemoryRouter;
let AccountBoot: typeof AccountBootModule.AccountBoot;
let Price: typeof PriceModule.Price;
let browserApi: typeof ApiModule.browserApi;
let user: typeof UserModule.user;
let groupPrices: typeof GroupPricesModule.groupPrices;

/** group 3's tier in this shop: 7 % (rounds: not whole cents incl. tax); demo group 2: 5 % */
const TIER = 7;

beforeAll(async () => {
  shop = await startRealShop({
    GROUP_PRICING: 'true',
    MAIL_OUTBOX_INTERVAL_MS: '0',
    DEMO_SPECIAL_OFFERS: 'false',
  });
  await shop.api.database.query('UPDATE customer_groups SET discount_percent = $1 WHERE id = 3', [TIER]);
  await installBrowserGlobals(shop.fetch);
  tl = await import('@testing-library/react');
  ({ MemoryRouter } = await import('react-router'));
  ({ AccountBoot } = await import('../app/components/AccountBoot'));
  ({ Price } = await import('../app/components/Price'));
  ({ browserApi } = await import('../app/api-client/api'));
  ({ user } = await import('../app/state/user'));
  ({ groupPrices } = await import('../app/state/group-prices'));
});
afterAll(async () => {
  tl?.cleanup();
  user?.dispose();
  await shop?.close();
});

type Doc = { sku: string; final_price_incl_tax: number; configurable_children?: Doc[] };

/** the render list's prices (the truth the page must show), for a group token or none */
async function serverPrices(groupToken?: string): Promise<Record<string, number>> {
  const q = groupToken ? `&groupToken=${encodeURIComponent(groupToken)}` : '';
  const r = await shop.api.call(
    `/vsbridge/products/render-list?skus=LAP-1001,PHN-2001,MBA-7000&storeCode=en${q}`,
  );
  const out: Record<string, number> = {};
  for (const d of r.body.result.items as Doc[]) {
    out[d.sku] = d.final_price_incl_tax;
    for (const c of d.configurable_children ?? []) out[c.sku] = c.final_price_incl_tax;
  }
  return out;
}

/** the price a Price element shows (the special one when struck through) */
const shown = (id: string) => {
  const el = document.querySelector(`[data-testid="${id}"] .price`);
  return (el?.querySelector('ins') ?? el?.querySelector('span:not(.sr-only)'))?.textContent ?? null;
};
const money = (cents: number | undefined) => formatPrice(cents as number, 'en');
const renderListCalls = () => shop.requests.filter((r) => r.path.endsWith('/products/render-list')).length;

function Page({ more = false, base }: { more?: boolean; base: Record<string, number> }) {
  return (
    <MemoryRouter initialEntries={['/en/']}>
      <AccountBoot />
      <div data-testid="lap">
        <Price sku="LAP-1001" final={base['LAP-1001'] as number} />
      </div>
      <div data-testid="child">
        <Price sku="MBA-7000-A" querySku="MBA-7000" final={base['MBA-7000-A'] as number} large />
      </div>
      {more ? (
        <div data-testid="phone">
          <Price sku="PHN-2001" final={base['PHN-2001'] as number} />
        </div>
      ) : null}
    </MemoryRouter>
  );
}

describe('group prices in the storefront (GROUP_PRICING=true)', () => {
  it('re-prices the visible prices at the tier after login, charges the same, and goes back to base on logout', async () => {
    const api = browserApi('en');
    const base = await serverPrices();
    const vip = await shop.newCustomer();
    await shop.api.database.query('UPDATE customers SET group_id = 3 WHERE id = $1', [vip.id]);

    // a guest: the page's base prices, no render list request
    const view = tl.render(<Page base={base} />);
    await tl.act(async () => {
      await user.store.ready;
      await new Promise((r) => setTimeout(r, 100));
    });
    expect(shown('lap')).toBe(money(base['LAP-1001']));
    expect(renderListCalls()).toBe(0);

    // login: the user store keeps the group and its token; the prices become the tier's
    await tl.act(async () => {
      await user.login(vip.email, PASSWORD);
    });
    const { groupToken, groupId } = user.store.get();
    expect(groupId).toBe(3);
    expect(groupToken).toMatch(/^3\./);
    const tier = await serverPrices(groupToken as string);
    expect(tier['LAP-1001']).toBeLessThan(base['LAP-1001'] as number);
    await tl.waitFor(() => expect(shown('lap')).toBe(money(tier['LAP-1001'])));
    expect(shown('child')).toBe(money(tier['MBA-7000-A']));
    // the tier is no announced reduction: the retail price, which the group was not charged, is not struck
    expect(document.querySelector('[data-testid="lap"] del')).toBeNull();

    // the price shown is the price charged: the customer's cart, to the cent
    const cartId = await api.cart.create();
    await api.cart.update(cartId, { sku: 'LAP-1001', qty: 1 });
    await api.cart.update(cartId, { sku: 'MBA-7000-A', qty: 1 });
    const totals = await api.cart.totals(cartId);
    expect(Object.fromEntries(totals.items.map((i) => [i.sku, money(i.price_incl_tax)]))).toEqual({
      'LAP-1001': shown('lap'),
      'MBA-7000-A': shown('child'),
    });

    // a price that appears later (another page's) is priced when it registers
    view.rerender(<Page base={base} more />);
    await tl.waitFor(() => expect(shown('phone')).toBe(money(tier['PHN-2001'])));

    // a group change (group 2, 5 %): the session's group token follows and the prices are re-priced
    await shop.api.database.query('UPDATE customers SET group_id = 2 WHERE id = $1', [vip.id]);
    await tl.act(async () => {
      await user.refreshProfile();
    });
    expect(user.store.get().groupId).toBe(2);
    const tier2 = await serverPrices(user.store.get().groupToken as string);
    expect(tier2['LAP-1001']).not.toBe(tier['LAP-1001']);
    await tl.waitFor(() => expect(shown('lap')).toBe(money(tier2['LAP-1001'])));
    expect(shown('phone')).toBe(money(tier2['PHN-2001']));

    // logout: back to the base prices, nothing struck through
    await tl.act(async () => {
      await user.logout({ silent: true });
    });
    expect(user.store.get()).toMatchObject({ groupToken: null, groupId: null });
    await tl.waitFor(() => expect(shown('lap')).toBe(money(base['LAP-1001'])));
    expect(shown('phone')).toBe(money(base['PHN-2001']));
    expect(document.querySelector('[data-testid="lap"] del')).toBeNull();
    expect(groupPrices.store.get().prices).toEqual({});
  });

  it('catalogue reads in the browser carry the group token; without a session they do not', async () => {
    const api = browserApi('en');
    const vip = await shop.newCustomer();
    await shop.api.database.query('UPDATE customers SET group_id = 3 WHERE id = $1', [vip.id]);
    await tl.act(async () => {
      await user.login(vip.email, PASSWORD);
    });
    const tier = await serverPrices(user.store.get().groupToken as string);
    expect((await api.products.renderList(['LAP-1001']))[0]?.final_price_incl_tax).toBe(tier['LAP-1001']);
    const search = await api.searchProducts({ filters: { sku: 'LAP-1001' } });
    expect(search.items[0]?.final_price_incl_tax).toBe(tier['LAP-1001']);
    await tl.act(async () => {
      await user.logout({ silent: true });
    });
    const base = await serverPrices();
    expect((await api.products.renderList(['LAP-1001']))[0]?.final_price_incl_tax).toBe(base['LAP-1001']);
    const guestSearch = await api.searchProducts({ filters: { sku: 'LAP-1001' } });
    expect(guestSearch.items[0]?.final_price_incl_tax).toBe(base['LAP-1001']);
  });
});
