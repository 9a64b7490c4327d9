// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Link, Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useFocusMainOnNavigation } from '../app/lib/focus-after-navigation';

afterEach(cleanup);

function Layout() {
  useFocusMainOnNavigation();
  return (
    <>
      <nav>
        <Link to="/b">to b</Link>
        <Link to="/a?sort=price">sort a</Link>
        <Link to="/c">to c</Link>
        <Link to="/p/PX/phone/PX-A" replace>grade A</Link>
      </nav>
      <main id="main">
        <Outlet />
      </main>
    </>
  );
}

function setup(initial = '/a') {
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          { path: '/a', element: <h1>Page A</h1> },
          { path: '/b', element: <h1>Page B</h1> },
          { path: '/c', element: <p>No heading</p> },
          { path: '/p/:parentSku/:slug/:childSku?', element: <h1>Phone</h1> },
        ],
      },
    ],
    { initialEntries: [initial] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('focus after a client-side navigation', () => {
  it('stays where the browser put it on the first render', () => {
    setup();
    expect(document.activeElement).toBe(document.body);
  });

  it('moves to the new page’s h1 when the path changes', async () => {
    setup();
    const link = screen.getByText('to b');
    link.focus();
    fireEvent.click(link);
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Page B'));
    expect(document.activeElement?.getAttribute('tabindex')).toBe('-1');
  });

  it('moves to main when the page has no h1', async () => {
    setup();
    fireEvent.click(screen.getByText('to c'));
    await waitFor(() => expect(document.activeElement?.id).toBe('main'));
  });

  it('leaves the focus on the control when only the query string changes', async () => {
    const router = setup();
    const link = screen.getByText('sort a');
    link.focus();
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.search).toBe('?sort=price'));
    // two frames: a focus move would have happened in the first
    await act(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(document.activeElement).toBe(link);
  });

  it('leaves the focus on the grade chosen when only the product’s child sku changes', async () => {
    // a variant is the same page (as for the web font, lib/fonts.ts): a keyboard user's next arrow
    // key is for the next grade, not the page's heading
    const router = setup('/p/PX/phone');
    const control = screen.getByText('grade A');
    control.focus();
    fireEvent.click(control);
    await waitFor(() => expect(router.state.location.pathname).toBe('/p/PX/phone/PX-A'));
    await act(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(document.activeElement).toBe(control);
  });
});
