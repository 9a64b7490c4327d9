// @vitest-environment jsdom
/**
 * The head's history marks (lib/history-index.ts): neither `<ScrollRestoration>`'s inline script nor
 * React Router's browser history, which creates the router in the hydration, then calls
 * `history.replaceState`; a document with marks (a reload, back and forward) keeps them and its
 * other state.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNSAFE_createBrowserHistory as createBrowserHistory } from 'react-router';
import { HISTORY_INDEX_SCRIPT } from '../app/lib/history-index';

const runHeadScript = () => new Function(HISTORY_INDEX_SCRIPT)();

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '');
});

describe('the history index written in the head', () => {
  it('leaves React Router nothing to write when it creates its history', () => {
    window.history.replaceState(null, '');
    runHeadScript();
    const { key, idx } = window.history.state as { key: string; idx: number };
    expect(idx).toBe(0);
    // React Router's own form of key (ScrollRestoration: Math.random().toString(32).slice(2))
    expect(key).toMatch(/^[0-9a-v]+$/);
    const replace = vi.spyOn(window.history, 'replaceState');
    // ScrollRestoration's check, then the router's history
    expect(Boolean(window.history.state?.key)).toBe(true);
    const history = createBrowserHistory();
    expect(replace).not.toHaveBeenCalled();
    expect(history.location.key).toBe(key);
  });

  it('adds to a key what React Router would have added', () => {
    window.history.replaceState({ key: 'k1', usr: null }, '');
    runHeadScript();
    const ours = window.history.state as unknown;
    window.history.replaceState({ key: 'k1', usr: null }, '');
    createBrowserHistory();
    expect(ours).toEqual(window.history.state);
  });

  it('keeps an index the document has', () => {
    window.history.replaceState({ key: 'k2', usr: null, idx: 3 }, '');
    runHeadScript();
    expect(window.history.state).toEqual({ key: 'k2', usr: null, idx: 3 });
  });
});
