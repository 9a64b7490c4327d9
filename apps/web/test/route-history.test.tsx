// @vitest-environment jsdom
/**
 * Back navigation (accounts-checkout-routes.md §2: "Current and previous route are tracked, with
 * scroll position and the number of category products loaded"): the tracking
 * rules, and the product page's way back to the listing it came from (same path, same products,
 * scrolled back to where it was left).
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Link, Outlet, RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BackToList, useRestoredScroll } from '../app/components/BackToList';
import {
  enteredRoute,
  initialRouteHistory,
  productsLoaded,
  routeHistory,
  scrolledTo,
  useProductsLoaded,
  useRouteTracking,
} from '../app/state/route-history';

afterEach(() => {
  cleanup();
  routeHistory.set(initialRouteHistory);
});

describe('route history rules', () => {
  it('a new route makes the current one, as it was left, the previous one', () => {
    let h = enteredRoute(initialRouteHistory, '/en/c/phones?page=2');
    h = productsLoaded(scrolledTo(h, 640), 12);
    h = enteredRoute(h, '/en/p/PX/phone-x');
    expect(h).toEqual({
      previous: { path: '/en/c/phones?page=2', scrollY: 640, productsLoaded: 12 },
      current: { path: '/en/p/PX/phone-x', scrollY: 0, productsLoaded: null },
    });
    // the same path again (a re-render, a hash) changes nothing
    expect(enteredRoute(h, '/en/p/PX/phone-x')).toBe(h);
  });
});

function Layout() {
  useRouteTracking();
  return <Outlet />;
}
function Listing() {
  useProductsLoaded(12);
  useRestoredScroll(true);
  const { search } = useLocation();
  return (
    <div>
      <h1>Phones {search}</h1>
      <Link to="/en/p/PX/phone-x">Phone X</Link>
    </div>
  );
}
function ProductPage() {
  return (
    <div>
      <BackToList />
      <h1>Phone X</h1>
    </div>
  );
}

describe('the way back from a product to its listing', () => {
  it('opens the same listing page and scrolls to where it was left', async () => {
    const scrollTo = vi.fn();
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
    const router = createMemoryRouter(
      [
        {
          element: <Layout />,
          children: [
            { path: '/en/c/phones', element: <Listing /> },
            { path: '/en/p/PX/phone-x', element: <ProductPage /> },
          ],
        },
      ],
      { initialEntries: ['/en/c/phones?page=2'] },
    );
    render(<RouterProvider router={router} />);
    await screen.findByRole('heading', { name: 'Phones ?page=2' });
    // the shopper scrolls the listing down
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 640 });
    await act(async () => {
      window.dispatchEvent(new Event('scroll'));
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(routeHistory.get().current).toMatchObject({ scrollY: 640, productsLoaded: 12 });

    fireEvent.click(screen.getByRole('link', { name: 'Phone X' }));
    await screen.findByRole('heading', { name: 'Phone X' });
    const back = screen.getByRole('link', { name: /Back to the list/ });
    expect(back.getAttribute('href')).toBe('/en/c/phones?page=2');
    expect(routeHistory.get().previous).toEqual({
      path: '/en/c/phones?page=2',
      scrollY: 640,
      productsLoaded: 12,
    });

    scrollTo.mockClear();
    fireEvent.click(back);
    await screen.findByRole('heading', { name: 'Phones ?page=2' });
    expect(scrollTo).toHaveBeenCalledWith(0, 640);
  });

  it('is not offered when the product was not opened from a listing', async () => {
    const router = createMemoryRouter(
      [{ element: <Layout />, children: [{ path: '/en/p/PX/phone-x', element: <ProductPage /> }] }],
      { initialEntries: ['/en/p/PX/phone-x'] },
    );
    render(<RouterProvider router={router} />);
    await screen.findByRole('heading', { name: 'Phone X' });
    expect(screen.queryByRole('link', { name: /Back to the list/ })).toBeNull();
  });
});
