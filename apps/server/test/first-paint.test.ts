import { describe, expect, it } from 'vitest';
import { lowPriorityModulePreloads } from '../src/first-paint.ts';

const page = (head: string, body = '<main>x</main><link rel="modulepreload" href="/b.js">') =>
  Buffer.from(`<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`);

describe('lowPriorityModulePreloads', () => {
  it('marks every modulepreload of the head low priority and leaves the rest of the page alone', () => {
    const out = lowPriorityModulePreloads(
      page(
        '<link rel="modulepreload" href="/a.js" nonce="n"/><link rel="preload" as="font" href="/f.woff2"/><link rel="modulepreload" href="/é.js"/>',
      ),
    ).toString();
    expect(out).toBe(
      '<!DOCTYPE html><html><head><link rel="modulepreload" fetchpriority="low" href="/a.js" nonce="n"/>' +
        '<link rel="preload" as="font" href="/f.woff2"/><link rel="modulepreload" fetchpriority="low" href="/é.js"/></head>' +
        '<body><main>x</main><link rel="modulepreload" href="/b.js"></body></html>',
    );
  });

  it('keeps a priority already given and answers the same buffer when there is nothing to change', () => {
    const given = page('<link rel="modulepreload" fetchpriority="high" href="/a.js"/>');
    expect(lowPriorityModulePreloads(given)).toBe(given);
    const none = page('<title>t</title>');
    expect(lowPriorityModulePreloads(none)).toBe(none);
    const fragment = Buffer.from('<p>no head</p>');
    expect(lowPriorityModulePreloads(fragment)).toBe(fragment);
  });
});
