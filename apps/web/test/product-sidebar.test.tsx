// @vitest-environment jsdom
/**
 * The product sidebar (accounts-checkout-routes.md §2 "Overlays"; state/ui.ts `productSidebar`): the
 * product page opens its specifications and description in a modal side panel from beside the buy
 * box. It turns the backdrop on like the other overlays, takes the focus, keeps Tab inside, and
 * Escape closes it and gives the focus back to the button.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ui } from '../app/state/ui';
import type { Product } from '../app/lib/types';
import { productDoc } from './support/documents';
import { productRoute } from './support/product-route';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  // the page's own requests (live stock, reviews, related products): nothing new to say
  vi.stubGlobal('fetch', async () => new Response('not here', { status: 404 }));
});
afterEach(() => {
  cleanup();
  ui.closeAll();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const phone: Product = productDoc({
  id: 700,
  sku: 'PH',
  slug: 'phone-y',
  type_id: 'simple',
  name: 'Phone Y',
  description: 'A phone.\n\nWith a long battery life.',
  manufacturer: 206,
});

const data = {
  notFound: false as const,
  storeCode: 'en' as const,
  product: phone,
  stockAt: Date.now(),
  trail: [],
  linked: [],
  banners: [],
  routeName: 'simple-product',
  attributes: [
    {
      attribute_code: 'manufacturer',
      frontend_label: 'Brand',
      position: 2,
      options: [{ value: 206, label: 'Asus' }],
    },
  ],
  delivery: null,
  gradesInfo: null,
  deliveryDays: null,
  origin: 'http://localhost',
  seo: { canonical: 'http://localhost/en/p/PH/phone-y' },
};

function page() {
  return productRoute(data, '/en/p/PH/phone-y');
}

describe('the product sidebar', () => {
  it('opens as a modal dialog with the specifications and description, and gives the focus back on Escape', async () => {
    render(page());
    const opener = await screen.findByRole('button', { name: 'All specifications and description' });
    expect(opener.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('dialog')).toBeNull();
    opener.focus();
    act(() => fireEvent.click(opener));

    const dialog = screen.getByRole('dialog', { name: 'Phone Y' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.id).toBe(opener.getAttribute('aria-controls'));
    expect(opener.getAttribute('aria-expanded')).toBe('true');
    expect(dialog.contains(document.activeElement)).toBe(true);
    // the backdrop is on, as for every overlay of the five
    expect(ui.store.get()).toMatchObject({ productSidebar: true, overlay: true });
    const specs = within(dialog).getByRole('region', { name: 'Specifications' });
    expect(within(specs).getByRole('rowheader', { name: 'Brand' }).nextElementSibling?.textContent).toBe(
      'Asus',
    );
    expect(within(dialog).getByText('With a long battery life.')).toBeTruthy();
    // the page's own copy and the sidebar's name their headings apart
    expect(document.querySelectorAll('#specs')).toHaveLength(1);

    act(() => fireEvent.keyDown(dialog, { key: 'Escape' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(ui.store.get()).toMatchObject({ productSidebar: false, overlay: false });
    expect(document.activeElement).toBe(opener);
  });

  it('closes with its Close button, and another overlay closes it', async () => {
    render(page());
    const opener = await screen.findByRole('button', { name: 'All specifications and description' });
    act(() => fireEvent.click(opener));
    act(() => fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' })));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => fireEvent.click(opener));
    act(() => ui.open('microcart'));
    expect(screen.queryByRole('dialog', { name: 'Phone Y' })).toBeNull();
  });
});
