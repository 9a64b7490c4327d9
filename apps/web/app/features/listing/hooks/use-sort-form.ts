import type { SortOption } from '@vitrina/domain';
import { useLocation, useSubmit } from 'react-router';
import { keptFields, SORT_FORM_REPLACES } from '../rules/links';

/**
 * The sort select: applies on change (no Apply button; without JavaScript a button in
 * <noscript> sends the form), other query parameters kept, the page reset.
 */
export function useSortForm(sort: string, options: readonly SortOption[]) {
  const location = useLocation();
  const submit = useSubmit();
  return {
    sort,
    options,
    kept: keptFields(new URLSearchParams(location.search), SORT_FORM_REPLACES),
    onChange: (form: HTMLFormElement | null) => void submit(form, { preventScrollReset: true }),
  };
}

export type SortFormView = ReturnType<typeof useSortForm>;
