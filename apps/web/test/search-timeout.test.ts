// @vitest-environment jsdom
/**
 * The client search timeout (catalogue-and-cart.md §9: 5000 ms): a text search in
 * the browser that has no answer after 5000 ms is aborted. The transport here answers only when the
 * request is aborted (a network that hangs).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_CLIENT_TIMEOUT_MS } from '@vitrina/domain';
import { createApi, type ApiFetch } from '../app/api-client/api';

function hangingNetwork() {
  const signals: (AbortSignal | null | undefined)[] = [];
  const fetch: ApiFetch = (_input, init) => {
    signals.push(init?.signal);
    return new Promise<Response>((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
    });
  };
  return { fetch, signals };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('client search timeout', () => {
  it('aborts a browser text search after 5000 ms, not before', async () => {
    const net = hangingNetwork();
    const api = createApi({ fetch: net.fetch, baseUrl: '', storeCode: 'lt' });
    const search = api.searchProducts({ query: 'lenovo', size: 5 });
    const outcome = search.then(
      () => 'answered',
      (e: unknown) => (e as Error).name,
    );
    await vi.advanceTimersByTimeAsync(SEARCH_CLIENT_TIMEOUT_MS - 1);
    expect(net.signals[0]?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(net.signals[0]?.aborted).toBe(true);
    await expect(outcome).resolves.toBe('TimeoutError');
    expect(SEARCH_CLIENT_TIMEOUT_MS).toBe(5000);
  });

  it('a listing read (no text query) is not cut off by the search timeout', async () => {
    const net = hangingNetwork();
    const api = createApi({ fetch: net.fetch, baseUrl: '', storeCode: 'lt' });
    void api.searchProducts({ filters: { category_ids: 11 } }).catch(() => undefined);
    await vi.advanceTimersByTimeAsync(SEARCH_CLIENT_TIMEOUT_MS * 2);
    expect(net.signals[0]).toBeUndefined();
  });
});
