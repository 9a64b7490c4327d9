// @vitest-environment node
/**
 * The mini cart's "+" on a cart in step with the server is ONE request (cart/update answering the
 * totals), not the sync's pull, update and totals, and a guest's first add one (create with the line); the totals shown are the server's after the change,
 * and a refused change still restores the line (the full sync answers it). Real API on PGlite
 * (requests through `app.inject`), counted at the fetch the storefront uses.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type * as TL from '@testing-library/react';
import type * as Router from 'react-router';
import type * as MiniCartModule from '../app/features/cart';
import type * as ApiModule from '../app/api-client/api';
import type * as CartModule from '../app/state/cart';
import type * as UiModule from '../app/state/ui';
import { installBrowserGlobals } from './support/browser-globals';
import { startRealShop, type RealShop } from './support/real-shop';

let shop: RealShop;
let tl: typeof TL;
let MemoryRouter: typeof Router.MemoryRouter;
let MiniCart: typeof MiniCartModule.MiniCart;
let browserApi: typeof ApiModule.browserApi;
let cart: typeof CartModule.cart;
let ui: typeof UiModule.ui;
const requests: string[] = [];

beforeAll(async () => {
  shop = await startRealShop();
  await installBrowserGlobals(async (input, init) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname.includes('/cart/')) requests.push(url.pathname.replace(/.*\/cart\//, ''));
    return shop.fetch(input, init);
  });
  tl = await import('@testing-library/react');
  ({ MemoryRouter } = await import('react-router'));
  ({ MiniCart } = await import('../app/features/cart'));
  ({ browserApi } = await import('../app/api-client/api'));
  ({ cart } = await import('../app/state/cart'));
  ({ ui } = await import('../app/state/ui'));
});
afterAll(async () => {
  await shop?.close();
});
afterEach(() => {
  tl.cleanup();
  cart.clear();
  ui.close('microcart');
});

async function openWith(lines: { sku: string; qty: number }[]) {
  for (const l of lines) await cart.add({ ...l, name: l.sku, price: 0, image: '/demo/test/1.png' });
  ui.open('microcart');
  tl.render(
    <MemoryRouter initialEntries={['/en/']}>
      <MiniCart />
    </MemoryRouter>,
  );
}

async function plus(sku: string) {
  requests.length = 0;
  await tl.act(async () => {
    tl.fireEvent.click(tl.screen.getByRole('button', { name: `Increase quantity of ${sku}` }));
    await cart.idle();
  });
  return [...requests];
}

describe('mini cart round trips', () => {
  it("a guest's first add is ONE cart/create made with the line, answering it and the totals", async () => {
    requests.length = 0;
    const changes: string[] = [];
    const stop = cart.store.subscribe(() => {
      const s = cart.store.get();
      changes.push(`${s.cartServerToken ? 'token' : '-'} ${s.items.map((i) => i.server_item_id ?? 'new')}`);
    });
    await cart.add({ sku: 'PHN-2001', qty: 1, name: 'PHN-2001', price: 0, image: '/demo/test/1.png' });
    await cart.idle();
    stop();
    expect(requests).toEqual(['create']);
    const token = cart.store.get().cartServerToken as string;
    const server = await browserApi('en').cart.pull(token);
    expect(server.map((l) => [l.sku, l.qty])).toEqual([['PHN-2001', 1]]);
    expect(cart.store.get().items.map((i) => [i.sku, i.qty, i.server_item_id])).toEqual([
      ['PHN-2001', 1, server[0]?.item_id],
    ]);
    expect(cart.store.get().totals).toEqual(await browserApi('en').cart.totals(token));
    expect(cart.store.get().cartItemsHash).not.toBe('');
    // the server's answer is one change of the device's cart: the token comes with the line's id (a
    // create and an update wrote the token, then the line, then the totals, apart)
    expect(
      changes.filter((c) => c.startsWith('token')).every((c) => c === `token ${server[0]?.item_id}`),
    ).toBe(true);
    expect(changes).not.toContain('token new');
    // the next add goes to that cart (the sync's pull and update)
    requests.length = 0;
    await cart.add({ sku: 'ACC-3002', qty: 1, name: 'ACC-3002', price: 0, image: '/demo/test/1.png' });
    await cart.idle();
    expect(requests).not.toContain('create');
    expect((await browserApi('en').cart.pull(token)).map((l) => l.sku)).toEqual(['PHN-2001', 'ACC-3002']);
    expect(cart.store.get().totals).toEqual(await browserApi('en').cart.totals(token));
  });

  it('a first add the server refuses takes the line off and says why; no cart is kept', async () => {
    requests.length = 0;
    await expect(
      cart.add({ sku: 'NO-SUCH-SKU', qty: 1, name: 'x', price: 0, image: '/demo/test/1.png' }),
    ).rejects.toMatchObject({ code: 404 });
    await cart.idle();
    expect(requests).toEqual(['create']);
    expect(cart.store.get().items).toEqual([]);
    expect(cart.store.get().cartServerToken).toBeNull();
    expect(cart.store.get().syncDisabled).toBe(false);
  });

  it('a "+" is one cart/update whose totals are those a cart/totals answers', async () => {
    await openWith([
      { sku: 'PHN-2001', qty: 1 },
      { sku: 'ACC-3002', qty: 1 },
    ]);
    expect(await plus('PHN-2001')).toEqual(['update']);
    const token = cart.store.get().cartServerToken as string;
    const server = await browserApi('en').cart.totals(token);
    expect(cart.store.get().totals).toEqual(server);
    expect(server.items.find((i) => i.sku === 'PHN-2001')?.qty).toBe(2);
    // and again: the cart is still in step
    expect(await plus('PHN-2001')).toEqual(['update']);
    expect(cart.store.get().totals?.grand_total).toBe(
      (await browserApi('en').cart.totals(token)).grand_total,
    );
  });

  it('a refused "+" (no more in stock) falls back to the sync, which restores the line', async () => {
    // the fixture shop holds 1 of this child
    await cart.add({
      sku: 'MBA-7000-B',
      qty: 1,
      name: 'MBA-7000-B',
      price: 0,
      parentSku: 'MBA-7000',
      product_option: {
        extension_attributes: { configurable_item_options: [{ option_id: 141, option_value: 7 }] },
      },
    });
    ui.open('microcart');
    tl.render(
      <MemoryRouter initialEntries={['/en/']}>
        <MiniCart />
      </MemoryRouter>,
    );
    const sent = await plus('MBA-7000-B');
    expect(sent[0]).toBe('update');
    expect(sent).toContain('pull');
    expect(cart.store.get().items.find((i) => i.sku === 'MBA-7000-B')?.qty).toBe(1);
  });
});
