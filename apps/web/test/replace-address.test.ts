// @vitest-environment jsdom
/**
 * A grade's address written after the choice's paint (lib/router.ts replaceAddressAfterPaint): not in
 * the choice's task, the last of fast choices once, and never over an entry that came after the choice
 * (a navigation before the paint).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { replaceAddressAfterPaint } from '../app/lib/router';

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('replaceAddressAfterPaint', () => {
  beforeEach(() => {
    window.history.replaceState({ key: 'page', idx: 0 }, '', '/en/p/PX/phone');
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('leaves the address to after the paint, in place of the entry, keeping its state', async () => {
    const entries = window.history.length;
    const replaced = vi.spyOn(window.history, 'replaceState');
    replaceAddressAfterPaint('/en/p/PX/phone/PX-A');
    expect(replaced).not.toHaveBeenCalled();
    expect(window.location.pathname).toBe('/en/p/PX/phone');
    await settle();
    expect(window.location.pathname).toBe('/en/p/PX/phone/PX-A');
    expect(replaced).toHaveBeenCalledTimes(1);
    expect(window.history.state).toEqual({ key: 'page', idx: 0 });
    expect(window.history.length).toBe(entries);
  });

  it('writes the last of two fast choices, once', async () => {
    const replaced = vi.spyOn(window.history, 'replaceState');
    replaceAddressAfterPaint('/en/p/PX/phone/PX-A');
    replaceAddressAfterPaint('/en/p/PX/phone/PX-B');
    await settle();
    expect(replaced).toHaveBeenCalledTimes(1);
    expect(window.location.pathname).toBe('/en/p/PX/phone/PX-B');
  });

  it('does not rename an entry a navigation made before the paint', async () => {
    replaceAddressAfterPaint('/en/p/PX/phone/PX-A');
    window.history.pushState({ key: 'next', idx: 1 }, '', '/en/c/phones');
    await settle();
    expect(window.location.pathname).toBe('/en/c/phones');
  });

  it('is written at once when the page is left before the paint', () => {
    replaceAddressAfterPaint('/en/p/PX/phone/PX-A');
    window.dispatchEvent(new Event('pagehide'));
    expect(window.location.pathname).toBe('/en/p/PX/phone/PX-A');
  });
});
