import { parsePriceBounds, type PriceBoundsIssue } from '@vitrina/domain';
import { useEffect, useState, type FormEvent } from 'react';
import { usePathNavigate } from '../../../lib/router';
import type { Here } from '../rules/filter-options';
import { keptFields, PRICE_FORM_REPLACES, priceBoundsQuery } from '../rules/links';
import type { ListingQuery } from '../rules/query';

/**
 * The shopper's own price range beside the spec's ranges: checked by the domain's parsePriceBounds
 * before navigating (and by the loader for the form sent without JavaScript), the range travels in
 * the URL as `price=100-500` and the API filters the final price by it.
 */
export function usePriceBoundsForm(q: ListingQuery, here: Here) {
  // (not useNavigate: it would render the listing again at each change of the router's state)
  const navigate = usePathNavigate();
  const { search } = here;
  const [issue, setIssue] = useState<PriceBoundsIssue | null>(q.priceIssue ?? null);
  useEffect(() => setIssue(q.priceIssue ?? null), [q.priceIssue, q.price]);
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const parsed = parsePriceBounds(String(data.get('price_min') ?? ''), String(data.get('price_max') ?? ''));
    if (parsed.issue) return setIssue(parsed.issue);
    setIssue(null);
    navigate(priceBoundsQuery(here.pathname, search, parsed.bounds), { preventScrollReset: true });
  };
  return {
    issue,
    onSubmit,
    /** the query's other parameters, kept by the form sent without JavaScript */
    kept: keptFields(search, PRICE_FORM_REPLACES),
    min: q.priceBounds?.min ?? '',
    max: q.priceBounds?.max ?? '',
    /** the fields start again from the applied range when it changes */
    resetKey: String(q.price),
  };
}

export type PriceBoundsFormView = ReturnType<typeof usePriceBoundsForm>;
