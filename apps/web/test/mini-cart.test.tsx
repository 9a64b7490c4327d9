// @vitest-environment node
/**
 * The mini cart (features/cart) on the app's cart engine against the real API (PGlite,
 * requests through `app.inject`): thumbnails, quantity change, removal with a confirmation, the
 * coupon field (disabled until totals can be computed, refuses an empty code, the spec's messages).
 * PGlite does not start inside the jsdom environment (it takes itself for a browser), so the API
 * starts first and a jsdom window is installed after it; the UI modules load after that.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type * as TL from '@testing-library/react';
import type * as Router from 'react-router';
import type * as MiniCartModule from '../app/features/cart';
import type * as ApiModule from '../app/api-client/api';
import type * as CartModule from '../app/state/cart';
import type * as NotificationsModule from '../app/state/notifications';
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
let notifications: typeof NotificationsModule.notifications;

beforeAll(async () => {
  shop = await startRealShop();
  await installBrowserGlobals(shop.fetch);
  tl = await import('@testing-library/react');
  ({ MemoryRouter } = await import('react-router'));
  ({ MiniCart } = await import('../app/features/cart'));
  ({ browserApi } = await import('../app/api-client/api'));
  ({ cart } = await import('../app/state/cart'));
  ({ ui } = await import('../app/state/ui'));
  ({ notifications } = await import('../app/state/notifications'));
});
afterAll(async () => {
  await shop?.close();
});
afterEach(() => {
  tl.cleanup();
  cart.clear();
  ui.close('microcart');
  notifications.clear();
});

const api = () => browserApi('en');

async function openWith(lines: { sku: string; qty: number }[]) {
  for (const l of lines) await cart.add({ ...l, name: l.sku, price: 0, image: '/demo/test/1.png' });
  ui.open('microcart');
  tl.render(
    <MemoryRouter initialEntries={['/en/']}>
      <MiniCart />
    </MemoryRouter>,
  );
}

const serverQty = async () =>
  Object.fromEntries(
    (await api().cart.pull(cart.store.get().cartServerToken as string)).map((l) => [l.sku, l.qty]),
  );

describe('mini cart', () => {
  it('shows 150 × 150 thumbnails and changes a quantity on the server', async () => {
    await openWith([{ sku: 'PHN-2001', qty: 1 }]);
    const img = document.querySelector('.cart-line img');
    expect(img?.getAttribute('width')).toBe('150');
    expect(img?.getAttribute('src')).toContain('150');
    await tl.act(async () => {
      tl.fireEvent.click(tl.screen.getByRole('button', { name: 'Increase quantity of PHN-2001' }));
      await cart.idle();
    });
    expect(await serverQty()).toEqual({ 'PHN-2001': 2 });
    expect((tl.screen.getByLabelText('Quantity of PHN-2001') as HTMLInputElement).value).toBe('2');
    // the spec's success message, defined and never shown before
    expect(notifications.store.get().map((n) => [n.type, n.message])).toContainEqual([
      'success',
      'Product quantity has been updated!',
    ]);
  });

  it('the edit dialog: saving another quantity says so, as the −/+ buttons do', async () => {
    await cart.add({
      sku: 'MBA-7000-A',
      qty: 1,
      name: 'MacBook',
      price: 0,
      parentSku: 'MBA-7000',
      product_option: {
        extension_attributes: { configurable_item_options: [{ option_id: 141, option_value: 6 }] },
      },
    });
    ui.open('microcart');
    tl.render(
      <MemoryRouter initialEntries={['/en/']}>
        <MiniCart />
      </MemoryRouter>,
    );
    const messages = () => notifications.store.get().map((n) => [n.type, n.message]);
    tl.fireEvent.click(tl.screen.getByRole('button', { name: 'Edit MacBook' }));
    const dialog = await tl.screen.findByRole('form', { name: 'Options of MacBook' });
    const qty = await tl.within(dialog).findByLabelText('Quantity');
    // the demo has 2 of this child in stock
    tl.fireEvent.input(qty, { target: { value: '2' } });
    await tl.act(async () => {
      // the Save button submits the form (jsdom's step check of a number field cannot run here)
      expect(tl.within(dialog).getByRole('button', { name: 'Save' }).getAttribute('type')).toBe('submit');
      tl.fireEvent.submit(dialog);
      await cart.idle();
    });
    expect(await serverQty()).toEqual({ 'MBA-7000-A': 2 });
    await tl.waitFor(() =>
      expect(messages()).toContainEqual(['success', 'Product quantity has been updated!']),
    );
    // saving the options without another quantity is no quantity change
    notifications.clear();
    tl.fireEvent.click(tl.screen.getByRole('button', { name: 'Edit MacBook' }));
    const again = await tl.screen.findByRole('form', { name: 'Options of MacBook' });
    await tl.within(again).findByLabelText('Quantity');
    await tl.act(async () => {
      tl.fireEvent.submit(again);
      await cart.idle();
    });
    expect(messages()).not.toContainEqual(['success', 'Product quantity has been updated!']);
  });

  it('removes a line only after the confirmation', async () => {
    await openWith([
      { sku: 'PHN-2001', qty: 1 },
      { sku: 'ACC-3002', qty: 1 },
    ]);
    tl.fireEvent.click(tl.screen.getByRole('button', { name: 'Remove ACC-3002' }));
    const confirm = tl.screen.getByRole('alertdialog', { name: 'Remove from the cart?' });
    tl.fireEvent.click(tl.within(confirm).getByRole('button', { name: 'Keep it' }));
    expect(await serverQty()).toEqual({ 'PHN-2001': 1, 'ACC-3002': 1 });
    tl.fireEvent.click(tl.screen.getByRole('button', { name: 'Remove ACC-3002' }));
    await tl.act(async () => {
      const again = tl.screen.getByRole('alertdialog', { name: 'Remove from the cart?' });
      tl.fireEvent.click(tl.within(again).getByRole('button', { name: 'Remove' }));
      await cart.idle();
    });
    expect(await serverQty()).toEqual({ 'PHN-2001': 1 });
  });

  it('coupon: refuses an empty code, shows the wrong-code message, applies and removes', async () => {
    await openWith([{ sku: 'PHN-2001', qty: 2 }]);
    const field = tl.screen.getByLabelText('Coupon code') as HTMLInputElement;
    expect(field.disabled).toBe(false);
    tl.fireEvent.click(tl.screen.getByRole('button', { name: 'Apply' }));
    expect(tl.screen.getByRole('alert').textContent).toBe('Please enter a coupon code.');
    tl.fireEvent.input(field, { target: { value: 'NOPE' } });
    tl.fireEvent.click(tl.screen.getByRole('button', { name: 'Apply' }));
    await tl.waitFor(() =>
      expect(tl.screen.getByRole('alert').textContent).toBe(
        "You've entered an incorrect coupon code. Please try again.",
      ),
    );
    tl.fireEvent.input(field, { target: { value: 'SAVE10' } });
    tl.fireEvent.click(tl.screen.getByRole('button', { name: 'Apply' }));
    await tl.waitFor(() => expect(cart.store.get().totals?.coupon_code).toBe('SAVE10'));
    expect(document.querySelector('.totals-discount dd')?.textContent).toContain('12.10');
    const removeButton = tl.screen.getByRole('button', { name: 'Remove coupon SAVE10' }) as HTMLButtonElement;
    await tl.waitFor(() => expect(removeButton.disabled).toBe(false)); // the apply has finished
    await tl.act(async () => {
      tl.fireEvent.click(tl.screen.getByRole('button', { name: 'Remove coupon SAVE10' }));
      await cart.idle();
    });
    expect(cart.store.get().totals?.coupon_code).toBeNull();
  });

  it('the coupon field is disabled until the totals can be computed', async () => {
    cart.store.set((s) => ({ ...s, items: [{ sku: 'PHN-2001', qty: 1, name: 'Phone', price: 6050 }] }));
    ui.open('microcart');
    tl.render(
      <MemoryRouter initialEntries={['/en/']}>
        <MiniCart />
      </MemoryRouter>,
    );
    expect((tl.screen.getByLabelText('Coupon code') as HTMLInputElement).disabled).toBe(true);
  });

  it('sync disabled (the cart request answered 503): the notice says the cart stays on the device; "Try again" connects it', async () => {
    // the real shop, except that the cart request answers 503 (spec "Cart connection" step 4)
    // (the app's cart calls the browser's API, which fetches through the page's `fetch`)
    const refusing: typeof fetch = async (input, init) =>
      String(input).split('?')[0] === '/vsbridge/cart/create'
        ? new Response(JSON.stringify({ code: 503, result: 'Service unavailable' }), {
            status: 503,
            headers: { 'content-type': 'application/json' },
          })
        : shop.fetch(String(input), init);
    const shopFetch = globalThis.fetch;
    globalThis.fetch = refusing;
    try {
      await cart.add({ sku: 'PHN-2001', qty: 1, name: 'PHN-2001', price: 0 });
    } finally {
      globalThis.fetch = shopFetch;
    }
    expect(cart.store.get()).toMatchObject({ syncDisabled: true, cartServerToken: null });
    ui.open('microcart');
    tl.render(
      <MemoryRouter initialEntries={['/en/']}>
        <MiniCart />
      </MemoryRouter>,
    );
    const notice = tl.screen.getByTestId('cart-sync-disabled');
    expect(notice.textContent).toContain(
      'The shop cannot save your cart right now: it is kept on this device only.',
    );
    // the shop answers again: "Try again" connects the cart and sends its line; the notice goes
    await tl.act(async () => {
      tl.fireEvent.click(tl.screen.getByRole('button', { name: 'Try again' }));
      await cart.idle();
    });
    expect(cart.store.get().syncDisabled).toBe(false);
    expect(await serverQty()).toEqual({ 'PHN-2001': 1 });
    expect(tl.screen.queryByTestId('cart-sync-disabled')).toBeNull();
  });
});
