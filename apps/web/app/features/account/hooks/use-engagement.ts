import { useEffect, useState } from 'react';
import { useApi } from '../../../api-client/use-api';
import type { Claim, Review } from '../../../lib/types';
import { useUser } from '../../../state/user-view';

/** The dashboard's loyalty card (claims) and the customer's own reviews; null while they load. */
export function useEngagement() {
  const api = useApi();
  const token = useUser((s) => s.token);
  const [claims, setClaims] = useState<Claim[] | null>(null);
  const [reviews, setReviews] = useState<Review[] | null>(null);
  useEffect(() => {
    if (!token) return;
    let live = true;
    api.user.claims().then(
      (c) => live && setClaims(c),
      () => live && setClaims([]),
    );
    api.user.reviews().then(
      (r) => live && setReviews(r),
      () => live && setReviews([]),
    );
    return () => {
      live = false;
    };
    // The token changes on refresh; the data does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, Boolean(token)]);
  return { claims, reviews };
}

export type EngagementModel = ReturnType<typeof useEngagement>;

/** The dashboard's greeting: the customer's first name ('' before the profile loads). */
export const useFirstName = () => useUser((s) => s.current?.firstname ?? '');
