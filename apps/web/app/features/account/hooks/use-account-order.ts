import { localizedPath } from '@vitrina/domain';
import { useEffect, useState } from 'react';
import { useApi } from '../../../api-client/use-api';
import { useStoreCode } from '../../../lib/store';
import type { HistoryOrder } from '../../../lib/types';
import { user, useUser } from '../../../state/user';
import { LOOKUP_MAX_PAGES, LOOKUP_PAGE_SIZE, orderIn } from '../rules/orders';

/**
 * One order of the customer: from the session's cached first page, else looked up in the history.
 * `order` undefined: still looking; null: not the customer's (or not found).
 */
export function useAccountOrder(orderId: string) {
  const api = useApi();
  const storeCode = useStoreCode();
  const loggedIn = useUser((s) => Boolean(s.token));
  const [order, setOrder] = useState<HistoryOrder | null | undefined>(() =>
    orderIn(user.store.get().ordersHistory, orderId),
  );

  useEffect(() => {
    if (!loggedIn) return;
    let live = true;
    void (async () => {
      for (let page = 1; page <= LOOKUP_MAX_PAGES; page++) {
        const h = await api.user.orderHistory(LOOKUP_PAGE_SIZE, page);
        const found = orderIn(h.items, orderId);
        if (found || page * LOOKUP_PAGE_SIZE >= h.total_count) return found ?? null;
      }
      return null;
    })().then(
      (o) => live && setOrder(o),
      () => live && setOrder((prev) => prev ?? null),
    );
    return () => {
      live = false;
    };
  }, [api, orderId, loggedIn]);

  return { order, historyPath: localizedPath(storeCode, '/my-account/orders') };
}

export type AccountOrderModel = ReturnType<typeof useAccountOrder>;
