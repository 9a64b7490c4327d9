// @vitest-environment jsdom
/**
 * The shop's Link (app/lib/link.tsx): the `<a>` React Router's Link renders for a path of the shop,
 * and its navigation on a plain click (push, replace on the same page, nothing on a modified click or
 * another tab), with React Router's own Link for whatever it does not take.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import {
  Link as RouterLink,
  Outlet,
  RouterProvider,
  createMemoryRouter,
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  useLocation,
} from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Link } from '../app/lib/link';

afterEach(cleanup);

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function shop(links: React.ReactNode, initial = '/en/c/phones') {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            {links}
            <Where />
            <Outlet />
          </>
        ),
        children: [{ path: '*', element: null }],
      },
    ],
    { initialEntries: [initial] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

async function serverHtml(element: React.ReactNode) {
  const routes = [{ path: '*', element }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request('http://shop.test/en/c/phones'));
  if (context instanceof Response) throw new Error('unexpected response');
  return renderToString(
    <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} />,
  );
}

/**
 * Per click, whether the link left it to the browser, recorded after React has handled it (and then
 * prevented here: jsdom does not load documents).
 */
function clicksLeftToBrowser(clicks: () => void): boolean[] {
  const leftToBrowser: boolean[] = [];
  const record = (event: Event) => {
    leftToBrowser.push(!event.defaultPrevented);
    event.preventDefault();
  };
  document.addEventListener('click', record);
  try {
    clicks();
  } finally {
    document.removeEventListener('click', record);
  }
  return leftToBrowser;
}

describe('the shop Link', () => {
  it('renders the anchor React Router renders, less its lazy-discovery mark', async () => {
    const props = { className: 'card', 'aria-label': 'Phone X', title: 't' };
    const ours = await serverHtml(
      <Link to="/en/p/PX/phone-x?a=1#specs" {...props}>
        Phone X
      </Link>,
    );
    const theirs = await serverHtml(
      <RouterLink to="/en/p/PX/phone-x?a=1#specs" {...props} discover="none">
        Phone X
      </RouterLink>,
    );
    expect(ours).toBe(theirs);
    expect(ours).toContain('href="/en/p/PX/phone-x?a=1#specs"');
  });

  it('navigates in the page on a plain click, pushing a new entry', () => {
    const router = shop(<Link to="/en/p/PX/phone-x">Phone X</Link>);
    const click = fireEvent.click(screen.getByRole('link', { name: 'Phone X' }), { button: 0 });
    expect(click).toBe(false); // default prevented: no document load
    expect(screen.getByTestId('where').textContent).toBe('/en/p/PX/phone-x');
    expect(router.state.historyAction).toBe('PUSH');
  });

  it('replaces the entry when the link is the page it is on, as React Router does', () => {
    const router = shop(<Link to="/en/c/phones?page=2">Page 2</Link>, '/en/c/phones?page=2');
    fireEvent.click(screen.getByRole('link', { name: 'Page 2' }), { button: 0 });
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.search).toBe('?page=2');
  });

  it('leaves a modified click, another button and another tab to the browser', () => {
    shop(
      <>
        <Link to="/en/p/A/a">A</Link>
        <Link to="/en/p/B/b" target="_blank">
          B
        </Link>
      </>,
    );
    const leftToBrowser = clicksLeftToBrowser(() => {
      for (const modifier of ['ctrlKey', 'metaKey', 'shiftKey', 'altKey'])
        fireEvent.click(screen.getByRole('link', { name: 'A' }), { button: 0, [modifier]: true });
      fireEvent.click(screen.getByRole('link', { name: 'A' }), { button: 1 });
      fireEvent.click(screen.getByRole('link', { name: 'B' }), { button: 0 });
    });
    expect(leftToBrowser).toEqual([true, true, true, true, true, true]);
    expect(screen.getByTestId('where').textContent).toBe('/en/c/phones');
  });

  it('leaves a link to another store view or the back office to the browser (a document load)', () => {
    shop(
      <>
        <Link to="/ru/c/phones">RU</Link>
        <Link to="/admin">Admin</Link>
      </>,
    );
    const leftToBrowser = clicksLeftToBrowser(() => {
      fireEvent.click(screen.getByRole('link', { name: 'RU' }), { button: 0 });
      fireEvent.click(screen.getByRole('link', { name: 'Admin' }), { button: 0 });
    });
    // the page's route table holds its own store view's pages only (lib/route-branches.ts)
    expect(leftToBrowser).toEqual([true, true]);
    expect(screen.getByTestId('where').textContent).toBe('/en/c/phones');
  });

  it('runs its own onClick first, and a prevented click does not navigate', () => {
    const onClick = vi.fn((event: React.MouseEvent) => event.preventDefault());
    shop(
      <Link to="/en/p/A/a" onClick={onClick}>
        A
      </Link>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'A' }), { button: 0 });
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('where').textContent).toBe('/en/c/phones');
  });

  it('is React Router’s Link for a relative or external target', () => {
    shop(
      <>
        <Link to="../p/A/a">relative</Link>
        <Link to="https://example.com/x">external</Link>
      </>,
    );
    // resolved against the route it is rendered in (the root), as React Router does
    expect(screen.getByRole('link', { name: 'relative' }).getAttribute('href')).toBe('/p/A/a');
    expect(screen.getByRole('link', { name: 'external' }).getAttribute('href')).toBe('https://example.com/x');
    fireEvent.click(screen.getByRole('link', { name: 'relative' }), { button: 0 });
    expect(screen.getByTestId('where').textContent).toBe('/p/A/a');
  });
});
