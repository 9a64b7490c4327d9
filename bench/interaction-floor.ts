/**
 * The floor under the interactions bench: the same three interactions on pages with no framework and
 * almost no document, driven and summed by the same code (bench/interactions.ts), so that a figure of
 * the shop reads against what the browser itself costs on the machine measuring it: the press and its
 * events, a handler, the address written, one text changed, the frame drawn.
 *
 *   filter-floor  a link whose click asks the server (a small JSON answer, as a tick asks for the
 *                 listing), writes the address (pushState) and marks the value ticked and the count;
 *   grade-floor   a radio chosen by its label; the price beside it changes;
 *   add-floor     a button; the cart's count beside it becomes 1.
 *
 * Served from this process on a free port, each page as it is (no cache, no service worker).
 */
import type { ServerResponse } from 'node:http';
import { tapElement, type Interaction } from './interactions.ts';
import { servePages, type PageServer } from './page-server.ts';

const HEAD = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>floor</title></head><body><h1 id="first-touch">Floor</h1>`;
// marked as the shop marks a hydrated page: the bench waits for it before its runs. Before it, the
// listeners React puts on its root for every press event: Chromium dispatches (and traces) a press
// only to a page that listens for it, and without them the floor's window began at the click, after
// the press's own task, and every run was taken three times for want of a traced press
const READY = `for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup'])
  document.addEventListener(type, () => undefined);
document.documentElement.setAttribute('data-hydrated', '');`;

const PAGES: Record<string, string> = {
  '/floor/filter': `${HEAD}<p id="count">24 products</p>
<a id="value" href="/floor/filter?brand=a">Apple <span>(12)</span></a>
<script>
const link = document.getElementById('value');
link.addEventListener('click', async (event) => {
  event.preventDefault();
  const answer = await (await fetch('/floor/answer')).json();
  history.pushState(null, '', link.href);
  link.setAttribute('aria-current', 'true');
  document.getElementById('count').textContent = answer.total + ' products';
});
${READY}
</script></body></html>`,
  '/floor/grade': `${HEAD}<p class="price">129,00 €</p>
<input type="radio" name="grade" id="g1" checked><label for="g1">A</label>
<input type="radio" name="grade" id="g2"><label for="g2">B</label>
<script>
document.getElementById('g2').addEventListener('change', () => {
  document.querySelector('.price').textContent = '99,00 €';
});
${READY}
</script></body></html>`,
  '/floor/add': `${HEAD}<p>Cart <span class="cart-count">0</span></p><button id="add">Add to cart</button>
<script>
document.getElementById('add').addEventListener('click', () => {
  document.querySelector('.cart-count').textContent = '1';
});
${READY}
</script></body></html>`,
};

function answer(res: ServerResponse, status: number, type: string, body: string) {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(body);
}

/** The floor's pages on 127.0.0.1 and a free port. */
export function startFloorServer(): Promise<PageServer> {
  return servePages((req, res) => {
    const path = new URL(req.url ?? '/', 'http://floor').pathname;
    if (path === '/floor/answer') return answer(res, 200, 'application/json', '{"total":12}');
    const page = PAGES[path];
    if (page) return answer(res, 200, 'text/html; charset=utf-8', page);
    answer(res, 404, 'text/plain', 'no such page');
  });
}

/**
 * Before the measured tap, a tap on the page's heading: the page's first input (the browser's own
 * set-up of its input handling, ~50-150 ms at 4x) comes before the window, as in the shop's runs,
 * where the filter sheet's toggle or the finger's scroll to the control was the first touch.
 */
const firstTouchThen =
  (selector: string): Interaction['prepare'] =>
  async (page, cdp) => {
    await tapElement(page, cdp, '#first-touch');
    return selector;
  };

/** The three floor interactions, named after the shop's with "-floor", on the floor server at `origin`. */
export function floorInteractions(origin: string): Interaction[] {
  return [
    {
      name: 'filter-floor',
      path: '/floor/filter',
      origin,
      touchScroll: false,
      prepare: firstTouchThen('#value'),
      done: `location.search === '?brand=a' && !!document.querySelector('a[aria-current="true"]')`,
    },
    {
      name: 'grade-floor',
      path: '/floor/grade',
      origin,
      touchScroll: false,
      prepare: firstTouchThen('label[for="g2"]'),
      done: `document.getElementById('g2').checked && document.querySelector('.price').textContent === '99,00 €'`,
    },
    {
      name: 'add-floor',
      path: '/floor/add',
      origin,
      touchScroll: false,
      prepare: firstTouchThen('#add'),
      done: `document.querySelector('.cart-count').textContent === '1'`,
    },
  ];
}
