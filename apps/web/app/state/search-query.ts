import { localizedPath } from '@vitrina/domain';
import { useLocation } from 'react-router';
import { storeCodeOf } from '../lib/store';
import { createStore, useStore } from './store';

/** What the shopper is typing in the header's search field (feeds the search panel; per tab). */
export const searchQuery = createStore<string>('');

export function useSearchQuery(): string {
  return useStore(searchQuery);
}

/**
 * The words of the search page being shown ('' on any other page): the header's field keeps them, so the
 * shopper sees what was searched where it was typed and can change a word without typing them all again.
 * From the URL, so the server's HTML and the first render in the browser agree.
 */
export function useSearchedWords(): string {
  const { pathname, search } = useLocation();
  if (pathname !== localizedPath(storeCodeOf(pathname), '/search')) return '';
  return (new URLSearchParams(search).get('q') ?? '').slice(0, 200);
}
