import { createStore, useStore } from './store';

/** What the shopper is typing in the header's search field (feeds the search panel; per tab). */
export const searchQuery = createStore<string>('');

export function useSearchQuery(): string {
  return useStore(searchQuery);
}
