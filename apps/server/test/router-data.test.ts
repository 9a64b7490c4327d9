import { describe, expect, it } from 'vitest';
import { pageUrlOfRouterData, routerDataUrlOf } from '@vitrina/domain';
import { takeRouterDataOut } from '../src/router-data.ts';

/** the scripts React Router 7's <Scripts> writes after the page's module script */
const enqueue = (text: string) =>
  `<script nonce="n">window.__reactRouterContext.streamController.enqueue(${JSON.stringify(text)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')});</script>`;
const close = '<script nonce="n">window.__reactRouterContext.streamController.close();</script>';
const page = (scripts: string) =>
  Buffer.from(
    '<!DOCTYPE html><html><head><style nonce="n">b{}</style></head><body><main>ąčę ёж</main>' +
      '<script nonce="n" type="module" async="">import("/assets/entry-C.js");</script>' +
      `${scripts}</body></html>`,
  );
const WITHOUT = page('').toString();

describe('takeRouterDataOut', () => {
  it('takes out the scripts that feed the hydration stream and gives back the text they fed, in order', () => {
    const parts = ['[{"_1":2},"loaderData",', '"Kompiuteriai ąč ё","</script><b>x</b>"]'];
    const out = takeRouterDataOut(page(parts.map(enqueue).join('') + close))!;
    expect(out.page.toString()).toBe(WITHOUT);
    expect(out.data.toString('utf8')).toBe(parts.join(''));
  });

  it('leaves a page without them, or with them in another shape, as it is (null)', () => {
    expect(takeRouterDataOut(page(''))).toBeNull();
    // no close: the stream would never end
    expect(takeRouterDataOut(page(enqueue('[1]')))).toBeNull();
    // a close alone: no data to serve
    expect(takeRouterDataOut(page(close))).toBeNull();
    // not a string literal
    const odd = '<script nonce="n">window.__reactRouterContext.streamController.enqueue(data);</script>';
    expect(takeRouterDataOut(page(odd + close))).toBeNull();
  });
});

describe('router-data URLs', () => {
  it('are the page URL, path and query, after /_page-data', () => {
    for (const url of ['/', '/c/kompiuteriai', '/en/search?q=lenovo&page=2', '/ru/p/A-1/x?childSku=A-1-b']) {
      expect(routerDataUrlOf(url)).toBe(`/_page-data${url}`);
      expect(pageUrlOfRouterData(routerDataUrlOf(url))).toBe(url);
    }
  });

  it('name no page when they are not below /_page-data/, name another host or a path with dot segments', () => {
    for (const url of [
      '/_page-data',
      '/_page-dataX/c/a',
      '/c/a',
      '/_page-data//evil.example/x',
      '/_page-data/c/../admin',
      '/_page-data/./c/a',
    ])
      expect(pageUrlOfRouterData(url)).toBeNull();
  });
});
