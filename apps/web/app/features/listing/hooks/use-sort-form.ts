import type { SortOption } from '@vitrina/domain';
import { usePathNavigate } from '../../../lib/router';
import type { Here } from '../rules/filter-options';
import { keptFields, SORT_FORM_REPLACES } from '../rules/links';

/**
 * The sort select: applies on change (no Apply button; without JavaScript a button in
 * <noscript> sends the form), other query parameters kept, the page reset.
 */
export function useSortForm(sort: string, options: readonly SortOption[], here: Here) {
  // the form's GET as a navigation to this page with its fields as the query (what React Router's
  // useSubmit does), without useSubmit's subscription to the route context (lib/router.ts)
  const navigate = usePathNavigate();
  return {
    sort,
    options,
    kept: keptFields(here.search, SORT_FORM_REPLACES),
    onChange: (form: HTMLFormElement | null) => {
      if (!form) return;
      const fields = new URLSearchParams();
      for (const [k, v] of new FormData(form)) if (typeof v === 'string') fields.append(k, v);
      const query = fields.toString();
      navigate(query ? `${here.pathname}?${query}` : here.pathname, { preventScrollReset: true });
    },
  };
}

export type SortFormView = ReturnType<typeof useSortForm>;
