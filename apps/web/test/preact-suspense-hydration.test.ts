// @vitest-environment jsdom
/**
 * Whether a part that hydrates later (React.lazy under a Suspense boundary, its chunk loaded on
 * visibility or idle) keeps the server's HTML until then when the browser build is on Preact
 * (VITRINA_BROWSER_RENDERER=preact, docs/decisions/0008-react-stays-preact-was-tried-twice-and-is-not-adopted.md).
 * The server's HTML is React's (renderToString, as the shop's server); the hydration is preact/compat's,
 * imported by name so that this runs on both renderers' test projects.
 *
 * What Preact 11 does (node_modules/preact/src/diff/index.js, the catch of a component that throws a promise while hydrating):
 * it keeps the first server node that is not a comment for the suspended component, skips React's
 * `<!--$-->` markers, renders no fallback, and adopts the kept node when the chunk arrives. So a lazy part
 * keeps its server HTML only if it renders ONE root element; a second root element is not kept.
 */
import { createElement as r, lazy as rLazy, Suspense as RSuspense } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createElement as p,
  Fragment as PFragment,
  lazy as pLazy,
  Suspense as PSuspense,
  useState,
  type ComponentType,
} from 'preact/compat';
import { hydrateRoot } from 'preact/compat/client';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { keepDeferredParts } from '../app/keep-deferred-parts';

afterEach(() => {
  document.body.innerHTML = '';
});

/** a lazy component whose module arrives when `load` is called, as a chunk on visibility or idle */
function deferred<P>(component: ComponentType<P>) {
  let load!: () => void;
  const arrived = new Promise<{ default: ComponentType<P> }>((resolve) => {
    load = () => resolve({ default: component });
  });
  return { Lazy: pLazy(() => arrived), load, arrived };
}

function Reviews() {
  const [open, setOpen] = useState(false);
  return p(
    'section',
    { className: 'reviews' },
    p('h2', null, 'Reviews'),
    p('button', { type: 'button', onClick: () => setOpen(true) }, open ? 'open' : 'closed'),
  );
}

function ReviewsAndRelated() {
  return p(
    PFragment,
    null,
    p('section', { className: 'reviews' }, p('h2', null, 'Reviews')),
    p('section', { className: 'related' }, p('h2', null, 'Related')),
  );
}

/** the page as the server renders it with React: the part below the fold inside a Suspense boundary */
function serverHtml(below: string): string {
  const Below = () =>
    below === 'one'
      ? r(
          'section',
          { className: 'reviews' },
          r('h2', null, 'Reviews'),
          r('button', { type: 'button' }, 'closed'),
        )
      : r(
          'div',
          { hidden: true },
          r('section', { className: 'reviews' }, r('h2', null, 'Reviews')),
          r('section', { className: 'related' }, r('h2', null, 'Related')),
        );
  // React.lazy is not rendered on the server here: the module is there at once, as in the server build
  const html = renderToString(
    r(
      'main',
      null,
      r('h1', null, 'Product'),
      r(RSuspense, { fallback: null }, r(Below)),
      r('footer', null, 'F'),
    ),
  );
  return below === 'one' ? html : html.replace(/<div hidden="">(.*)<\/div><!--\/\$-->/, '$1<!--/$-->');
}

function page(Lazy: ComponentType) {
  return p(
    'main',
    null,
    p('h1', null, 'Product'),
    p(PSuspense, { fallback: p('p', { className: 'fallback' }, 'Loading') }, p(Lazy, null)),
    p('footer', null, 'F'),
  );
}

describe('Preact hydrating React’s HTML around a lazy part (Suspense)', () => {
  it('React writes a Suspense boundary as <!--$--> … <!--/$--> around the part', () => {
    expect(serverHtml('one')).toBe(
      '<main><h1>Product</h1><!--$--><section class="reviews"><h2>Reviews</h2><button type="button">closed</button></section><!--/$--><footer>F</footer></main>',
    );
    // fails if rLazy stops being React's (the server's) lazy: keeps the import honest
    expect(rLazy).toBeTypeOf('function');
  });

  it('keeps the server’s element of a one-root lazy part until its chunk arrives, then adopts it and it works', async () => {
    document.body.innerHTML = serverHtml('one');
    const root = document.body;
    const reviews = root.querySelector('.reviews')!;
    const footer = root.querySelector('footer')!;
    const { Lazy, load, arrived } = deferred(Reviews);

    act(() => {
      hydrateRoot(root, page(Lazy));
    });
    // while the chunk is away: the server's part is still there, the same node, and no fallback
    expect(root.querySelector('.reviews')).toBe(reviews);
    expect(reviews.textContent).toBe('Reviewsclosed');
    expect(root.querySelector('.fallback')).toBeNull();
    expect(root.querySelector('footer')).toBe(footer);

    await act(async () => {
      load();
      await arrived;
    });
    // the chunk arrived: the server's node is adopted (not rebuilt) and hydrated
    await expect.poll(() => root.querySelector('.reviews')).toBe(reviews);
    expect(root.querySelectorAll('.reviews')).toHaveLength(1);
    expect(root.querySelector('.fallback')).toBeNull();
    const button = reviews.querySelector('button')!;
    act(() => button.click());
    await expect.poll(() => button.textContent).toBe('open');
    expect(root.querySelector('footer')).toBe(footer);
  });

  it('keeps the server’s element while it waits through a render of the page around it', async () => {
    document.body.innerHTML = serverHtml('one');
    const root = document.body;
    const reviews = root.querySelector('.reviews')!;
    const { Lazy, load, arrived } = deferred(Reviews);
    let rerender!: () => void;
    function Page() {
      const [n, setN] = useState(0);
      rerender = () => setN(n + 1);
      return p(
        'main',
        null,
        p('h1', null, n === 0 ? 'Product' : 'Product again'),
        p(PSuspense, { fallback: p('p', { className: 'fallback' }, 'Loading') }, p(Lazy, null)),
        p('footer', null, 'F'),
      );
    }

    act(() => {
      hydrateRoot(root, p(Page, null));
    });
    act(() => rerender());
    expect(root.querySelector('h1')!.textContent).toBe('Product again');
    expect(root.querySelector('.reviews')).toBe(reviews);
    expect(root.querySelector('.fallback')).toBeNull();

    await act(async () => {
      load();
      await arrived;
    });
    await expect.poll(() => root.querySelector('.reviews button')?.textContent).toBe('closed');
    expect(root.querySelectorAll('.reviews')).toHaveLength(1);
  });

  it('does not keep the second root element of a lazy part (a fragment) while it waits', async () => {
    document.body.innerHTML = serverHtml('two');
    const root = document.body;
    expect(root.querySelector('.related')).not.toBeNull();
    const { Lazy, load, arrived } = deferred(ReviewsAndRelated);

    act(() => {
      hydrateRoot(root, page(Lazy));
    });
    const keptWhileWaiting = root.querySelector('.related') !== null;

    await act(async () => {
      load();
      await arrived;
    });
    await expect.poll(() => root.querySelectorAll('section')).toHaveLength(2);
    // the first root element is kept; the second was removed while waiting (content shifted: a layout
    // shift on a real page), rendered again once the chunk arrived
    expect(keptWhileWaiting).toBe(false);
  });
});

describe('keepDeferredParts: the markers of the parts that hydrate later, renamed for Preact', () => {
  /** React's HTML of a page with two parts that hydrate later (components/ui/HydrateLater.tsx): two roots, none */
  function serverPage(): string {
    const Two = () =>
      r(
        'div',
        { hidden: true },
        r('section', { className: 'slider' }, r('button', { type: 'button' }, 'closed')),
        r('section', { className: 'banners' }, r('h2', null, 'Banners')),
      );
    const html = renderToString(
      r(
        'main',
        null,
        r('h1', null, 'Home'),
        r('template', { 'data-hydrate-later': '' }),
        r(RSuspense, { fallback: null }, r(Two)),
        r('template', { 'data-hydrate-later': '' }),
        r(RSuspense, { fallback: null }, null),
        r('footer', null, 'F'),
      ),
    );
    return html.replace(/<div hidden="">(.*?)<\/div><!--\/\$-->/, '$1<!--/$-->');
  }

  function SliderAndBanners() {
    const [open, setOpen] = useState(false);
    return p(
      PFragment,
      null,
      p(
        'section',
        { className: 'slider' },
        p('button', { type: 'button', onClick: () => setOpen(true) }, open ? 'open' : 'closed'),
      ),
      p('section', { className: 'banners' }, p('h2', null, 'Banners')),
    );
  }

  it('keeps every root element of a waiting part and takes nothing for an empty one, then adopts them', async () => {
    document.body.innerHTML = serverPage();
    expect(document.body.innerHTML).toContain(
      '<template data-hydrate-later=""></template><!--$--><section class="slider">',
    );
    keepDeferredParts();
    const root = document.body;
    const slider = root.querySelector('.slider')!;
    const banners = root.querySelector('.banners')!;
    const footer = root.querySelector('footer')!;
    const { Lazy, load, arrived } = deferred(SliderAndBanners);
    const empty = deferred(() => null);

    act(() => {
      hydrateRoot(
        root,
        p(
          'main',
          null,
          p('h1', null, 'Home'),
          p('template', { 'data-hydrate-later': '' }),
          p(PSuspense, { fallback: null }, p(Lazy, null)),
          p('template', { 'data-hydrate-later': '' }),
          p(PSuspense, { fallback: null }, p(empty.Lazy, null)),
          p('footer', null, 'F'),
        ),
      );
    });
    // while the parts wait: both root elements of the first are the server's, the footer is not taken by the empty one
    expect(root.querySelector('.slider')).toBe(slider);
    expect(root.querySelector('.banners')).toBe(banners);
    expect(root.querySelector('footer')).toBe(footer);
    expect(root.querySelectorAll('main > *')).toHaveLength(6);

    await act(async () => {
      load();
      empty.load();
      await Promise.all([arrived, empty.arrived]);
    });
    await expect.poll(() => root.querySelectorAll('section')).toHaveLength(2);
    expect(root.querySelector('.slider')).toBe(slider);
    expect(root.querySelector('.banners')).toBe(banners);
    expect(root.querySelector('footer')).toBe(footer);
    const button = slider.querySelector('button')!;
    act(() => button.click());
    await expect.poll(() => button.textContent).toBe('open');
  });
});
