// @vitest-environment jsdom
/**
 * The root's `App` (root.tsx) across a client navigation. It reads the router's matches (for the
 * layout its deepest route names), so it renders at each change of the router's state: the
 * navigation's start and the new location's commit. The shell around the page (the PWA status, the
 * footer's hydration gate, the backdrop, the overlays, the notifications, the language suggestion,
 * the account boot) shows nothing the navigation changes unless it reads it itself, so it must not
 * render again with `App`; the parts that read the location through their own hooks must still show
 * the new page's. Renders are counted by wrapping the parts' modules.
 */
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { Link, createRoutesStub, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ComponentProps } from 'react';
import App from '../app/root';
import { StoreCodeContext } from '../app/lib/store';
import type * as PwaStatusModule from '../app/components/PwaStatus';
import type * as HydrateLaterModule from '../app/components/ui/HydrateLater';
import type * as BackdropModule from '../app/components/Backdrop';
import type * as NotificationsModule from '../app/components/Notifications';
import type * as LanguageSuggestionModule from '../app/components/LanguageSuggestion';
import type * as AccountBootModule from '../app/components/AccountBoot';
import { notifications } from '../app/state/notifications';
import type { StoreInfo } from '../app/lib/types';

const renders = vi.hoisted(() => ({}) as Record<string, number>);

/** the module with its component wrapped in a counter (called as a function: its hooks stay its own) */
function counted<M extends Record<string, unknown>>(m: M, name: keyof M & string): M {
  const Component = m[name] as (props: object) => unknown;
  return {
    ...m,
    [name]: (props: object) => {
      renders[name] = (renders[name] ?? 0) + 1;
      return Component(props);
    },
  };
}

vi.mock('../app/components/PwaStatus', async (orig) =>
  counted(await orig<typeof PwaStatusModule>(), 'PwaStatus'),
);
vi.mock('../app/components/ui/HydrateLater', async (orig) =>
  counted(await orig<typeof HydrateLaterModule>(), 'HydrateLater'),
);
vi.mock('../app/components/Backdrop', async (orig) =>
  counted(await orig<typeof BackdropModule>(), 'Backdrop'),
);
vi.mock('../app/components/Notifications', async (orig) =>
  counted(await orig<typeof NotificationsModule>(), 'Notifications'),
);
vi.mock('../app/components/LanguageSuggestion', async (orig) =>
  counted(await orig<typeof LanguageSuggestionModule>(), 'LanguageSuggestion'),
);
vi.mock('../app/components/AccountBoot', async (orig) =>
  counted(await orig<typeof AccountBootModule>(), 'AccountBoot'),
);

/** the root loader's answer, as the browser holds it after the document's hydration */
const ROOT_DATA = {
  storeCode: 'lt' as const,
  menu: [],
  storeInfo: null as StoreInfo | null,
  blocks: {},
  urlDispatcher: false,
};

function Page() {
  const { pathname } = useLocation();
  return (
    <>
      <h1>{pathname}</h1>
      <Link to="/telefonai">phones</Link>
    </>
  );
}

/** the root route's component under the store view the root's `Layout` gives it */
function Root(props: object) {
  return (
    <StoreCodeContext.Provider value="lt">
      <App {...(props as ComponentProps<typeof App>)} />
    </StoreCodeContext.Provider>
  );
}

function setup() {
  let release = () => {};
  const slow = new Promise<null>((resolve) => (release = () => resolve(null)));
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      Component: Root,
      loader: () => ROOT_DATA,
      children: [
        { id: 'home', index: true, Component: Page },
        { id: 'category', path: 'telefonai', Component: Page, loader: () => slow },
      ],
    },
  ]);
  render(<Stub initialEntries={['/']} hydrationData={{ loaderData: { root: ROOT_DATA, home: null } }} />);
  return { release };
}

/** the parts that show nothing a navigation changes, unless their own hooks read it */
const SHELL = ['PwaStatus', 'HydrateLater', 'Backdrop', 'Notifications', 'LanguageSuggestion', 'AccountBoot'];
const counts = () => Object.fromEntries(SHELL.map((name) => [name, renders[name] ?? 0]));

beforeEach(() => {
  // a Latvian browser is offered the English store view: the suggestion's link names the page shown
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['lv-LV']);
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
  for (const name of Object.keys(renders)) delete renders[name];
});

describe("the root's shell at a navigation", () => {
  it('renders the shell again only where a part reads what changed, and those parts show the new page', async () => {
    const { release } = setup();
    await screen.findByRole('heading', { name: '/' });
    const suggestion = await screen.findByRole('link', { name: 'Continue in English' });
    expect(suggestion.getAttribute('href')).toBe('/en');
    // a notice held by its action is dropped at a page change: read by Notifications from the location
    act(() =>
      notifications.add({ type: 'success', message: 'Held by its page', action2: { label: 'To checkout' } }),
    );
    expect(screen.getByText('Held by its page')).toBeTruthy();
    await act(async () => undefined);
    const before = counts();

    await act(async () => screen.getByRole('link', { name: 'phones' }).click());
    // the navigation's start: the router's state changes, nothing the shell shows does (the
    // suggestion's card reads the router's matches itself, for the page's own alternate paths)
    await act(async () => undefined);
    const started = counts();
    expect(started).toEqual(before);

    await act(async () => release());
    await screen.findByRole('heading', { name: '/telefonai' });
    // the new location: only the parts that read it (the notices, the account's quiet pages) render,
    // once each; the notices once more for the notice they dropped; the suggestion's card, not the
    // suggestion, for its link
    const after = counts();
    expect(after).toEqual({
      ...started,
      Notifications: started.Notifications! + 2,
      AccountBoot: started.AccountBoot! + 1,
    });
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Continue in English' }).getAttribute('href')).toBe(
        '/en/telefonai',
      ),
    );
    await waitFor(() => expect(screen.queryByText('Held by its page')).toBeNull());
  });
});
