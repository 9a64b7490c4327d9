// @vitest-environment jsdom
import { act, useEffect, useLayoutEffect, useState } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HydrateLater, useLaterPartOpener } from '../app/components/ui/HydrateLater';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** the elements watched, and a way to bring them near the screen */
let watched: Element[] = [];
let near: (() => void) | null = null;
class FakeIntersectionObserver {
  constructor(private cb: IntersectionObserverCallback) {}
  observe(el: Element) {
    watched.push(el);
    near = () => this.cb([{ isIntersecting: true, target: el } as IntersectionObserverEntry], this as never);
  }
  disconnect() {
    near = null;
  }
}

let container: HTMLElement;
let root: Root | null = null;
const hydratedParts: string[] = [];

function Probe({ name }: { name: string }) {
  useEffect(() => {
    hydratedParts.push(name);
  }, [name]);
  return null;
}

function Page({ onAbove, onBelow, idle }: { onAbove: () => void; onBelow: () => void; idle?: boolean }) {
  return (
    <main>
      <button type="button" onClick={onAbove}>
        above
      </button>
      <Probe name="page" />
      <HydrateLater idle={idle}>
        <section className="below">
          <button type="button" onClick={onBelow}>
            below
          </button>
          <Probe name="below" />
        </section>
      </HydrateLater>
    </main>
  );
}

/** the server's HTML, then the browser's hydration of it */
async function hydratePage(props: Parameters<typeof Page>[0]) {
  document.documentElement.dataset.hydrated = '';
  container.innerHTML = renderToString(<Page {...props} />);
  delete document.documentElement.dataset.hydrated;
  const serverButton = container.querySelector('.below button');
  await act(async () => {
    root = hydrateRoot(container, <Page {...props} />);
  });
  // what useHydratedMarker does once the document's hydration has committed
  document.documentElement.dataset.hydrated = '';
  return serverButton as HTMLButtonElement;
}

beforeEach(() => {
  watched = [];
  near = null;
  hydratedParts.length = 0;
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  container = document.createElement('div');
  document.body.append(container);
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container.remove();
  delete document.documentElement.dataset.hydrated;
  vi.unstubAllGlobals();
});

describe('HydrateLater', () => {
  it('leaves the server’s HTML in place while the rest hydrates, and hydrates it, same nodes, when it nears the screen', async () => {
    const onAbove = vi.fn();
    const onBelow = vi.fn();
    const serverButton = await hydratePage({ onAbove, onBelow });
    expect(hydratedParts).toEqual(['page']);
    // the part's own elements are watched, found between its boundary's comments
    expect(watched).toEqual([container.querySelector('section.below')]);
    expect(container.querySelector('.below button')).toBe(serverButton);

    await act(async () => near?.());
    expect(hydratedParts).toEqual(['page', 'below']);
    expect(container.querySelector('.below button')).toBe(serverButton);
    act(() => serverButton.click());
    expect(onBelow).toHaveBeenCalledTimes(1);
  });

  it('a click on the part before it hydrated reaches its handler', async () => {
    const onBelow = vi.fn();
    const serverButton = await hydratePage({ onAbove: vi.fn(), onBelow });
    expect(hydratedParts).toEqual(['page']);
    await act(async () => serverButton.click());
    expect(onBelow).toHaveBeenCalledTimes(1);
    expect(hydratedParts).toEqual(['page', 'below']);
    expect(container.querySelector('.below button')).toBe(serverButton);
  });

  it('keeps the server’s HTML when the page above re-renders before the part hydrated, then takes the new props', async () => {
    const first = vi.fn();
    const serverButton = await hydratePage({ onAbove: vi.fn(), onBelow: first });
    const latest = vi.fn();
    await act(async () => root?.render(<Page onAbove={vi.fn()} onBelow={latest} />));
    expect(hydratedParts).toEqual(['page']);
    expect(container.querySelector('.below button')).toBe(serverButton);
    await act(async () => near?.());
    expect(container.querySelector('.below button')).toBe(serverButton);
    act(() => serverButton.click());
    expect(latest).toHaveBeenCalledTimes(1);
    expect(first).not.toHaveBeenCalled();
  });

  it('hydrates after the first interaction elsewhere on the page, once the browser is idle: not inside it', async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => idle.push(cb));
    const onAbove = vi.fn();
    await hydratePage({ onAbove, onBelow: vi.fn() });
    const above = container.querySelector('button') as HTMLButtonElement;
    await act(async () => {
      above.dispatchEvent(new Event('pointerdown', { bubbles: true }));
      above.click();
    });
    expect(onAbove).toHaveBeenCalledTimes(1);
    // the interaction's own work is not joined by the hydration of parts it did not touch
    expect(hydratedParts).toEqual(['page']);
    expect(idle).toHaveLength(1);
    await act(async () => idle[0]?.());
    expect(hydratedParts).toEqual(['page', 'below']);
  });

  it('with `idle`, hydrates at the first idle moment after the page’s hydration, before any interaction', async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => idle.push(cb));
    const serverButton = await hydratePage({ onAbove: vi.fn(), onBelow: vi.fn(), idle: true });
    expect(hydratedParts).toEqual(['page']);
    expect(idle).toHaveLength(1);
    await act(async () => idle[0]?.());
    expect(hydratedParts).toEqual(['page', 'below']);
    // the server's nodes kept: nothing moves
    expect(container.querySelector('.below button')).toBe(serverButton);
  });

  it('without `idle`, waits for the screen or an interaction', async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => idle.push(cb));
    await hydratePage({ onAbove: vi.fn(), onBelow: vi.fn() });
    expect(idle).toHaveLength(0);
    expect(hydratedParts).toEqual(['page']);
  });

  it('renders at once outside the document’s first hydration (a client navigation)', async () => {
    document.documentElement.dataset.hydrated = '';
    const onBelow = vi.fn();
    await act(async () => {
      root = createRoot(container);
      root.render(<Page onAbove={vi.fn()} onBelow={onBelow} />);
    });
    expect(hydratedParts).toEqual(['page', 'below']);
    expect(watched).toEqual([]);
    act(() => (container.querySelector('.below button') as HTMLButtonElement).click());
    expect(onBelow).toHaveBeenCalledTimes(1);
  });

  it('renders in the same commit in a client render before the document is marked hydrated', async () => {
    // no `data-hydrated` yet: a client render of the document (React's own after a hydration error),
    // or a component test's render. There is no server HTML to keep, so nothing to wait for.
    let inFirstCommit: boolean | null = null;
    function AfterPart() {
      useLayoutEffect(() => {
        inFirstCommit ??= container.querySelector('.below button') !== null;
      }, []);
      return null;
    }
    await act(async () => {
      root = createRoot(container);
      root.render(
        <>
          <Page onAbove={vi.fn()} onBelow={vi.fn()} />
          <AfterPart />
        </>,
      );
    });
    expect(inFirstCommit).toBe(true);
    expect(hydratedParts).toEqual(['page', 'below']);
    expect(watched).toEqual([]);
  });

  it('an opener outside the part: one press hydrates the part and shows what the press set, same nodes', async () => {
    function Opened() {
      const [open, setOpen] = useState(false);
      const opener = useLaterPartOpener();
      return (
        <main>
          <button
            type="button"
            className="opener"
            onClick={() => {
              opener.open();
              setOpen(true);
            }}
          >
            open
          </button>
          <Probe name="page" />
          <HydrateLater opener={opener}>
            <section className={open ? 'below is-open' : 'below'}>
              <Probe name="below" />
            </section>
          </HydrateLater>
        </main>
      );
    }
    document.documentElement.dataset.hydrated = '';
    container.innerHTML = renderToString(<Opened />);
    delete document.documentElement.dataset.hydrated;
    const section = container.querySelector('section.below');
    await act(async () => {
      root = hydrateRoot(container, <Opened />);
    });
    document.documentElement.dataset.hydrated = '';
    expect(hydratedParts).toEqual(['page']);
    // React's own scheduling, not act's: the part is hydrated and shown open in the click's task
    // (its microtasks), not in a later retry of the boundary
    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      container.querySelector<HTMLButtonElement>('button.opener')!.click();
      await Promise.resolve();
      await Promise.resolve();
    } finally {
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
    }
    expect(hydratedParts).toEqual(['page', 'below']);
    expect(container.querySelector('section.below')).toBe(section);
    expect(section?.className).toBe('below is-open');
  });
});
