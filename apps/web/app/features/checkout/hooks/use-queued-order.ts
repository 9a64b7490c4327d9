import { useEffect, useState } from 'react';
import { checkout, updateCheckout } from '../../../state/checkout';

/**
 * The order queued on the device while offline, shown instead of the
 * steps. The one shown in this tab stays on screen when another tab sends it and clears the flag:
 * the panel then follows it to the order's thank-you page until the shopper goes back (`dismiss`).
 */
export function useQueuedOrder(queuedOrderId: string | null) {
  const [shownQueued, setShownQueued] = useState<string | null>(null);
  useEffect(() => {
    if (queuedOrderId) setShownQueued(queuedOrderId);
  }, [queuedOrderId]);
  // a new visit: the thank-you state of an earlier order ends (an order still queued keeps it)
  useEffect(() => {
    void checkout.ready.then(() => {
      const st = checkout.get();
      if (st.isThankYouPage && !st.queuedOrderId) updateCheckout({ isThankYouPage: false });
    });
  }, []);
  return { queuedId: queuedOrderId ?? shownQueued, dismiss: () => setShownQueued(null) };
}
