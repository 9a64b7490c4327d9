// @vitest-environment jsdom
/**
 * The head's history index (lib/history-index.ts): React Router's browser history finds it and calls
 * no `history.replaceState` while it creates the router in the hydration; a document with an index
 * (a reload, back and forward) keeps it and its other state.
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
    expect(window.history.state).toEqual({ idx: 0 });
    const replace = vi.spyOn(window.history, 'replaceState');
    const history = createBrowserHistory();
    expect(replace).not.toHaveBeenCalled();
    expect(history.location.key).toBe('default');
  });

  it('is what React Router would have written', () => {
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
