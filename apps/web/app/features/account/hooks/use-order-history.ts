import { ORDER_HISTORY_PAGE_SIZE, localizedPath } from '@vitrina/domain';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useApi } from '../../../api-client/use-api';
import { useStoreCode } from '../../../lib/store';
import type { HistoryOrder } from '../../../lib/types';
import { useUser } from '../../../state/user-view';
import { pageCount, pageFrom } from '../rules/orders';

/**
 * The order history, 20 per page (`?page=`), newest first: the page asked for, shown from the
 * session's cached first page until it comes (and when it fails). `list` null: still loading.
 */
export function useOrderHistory() {
  const api = useApi();
  const storeCode = useStoreCode();
  const [params] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const cached = useUser((s) => (page === 1 ? s.ordersHistory : null));
  const cachedTotal = useUser((s) => s.ordersTotal);
  const loggedIn = useUser((s) => Boolean(s.token));
  const [orders, setOrders] = useState<HistoryOrder[] | null>(null);
  const [total, setTotal] = useState(0);

  useEffect(() => {
    if (!loggedIn) return;
    let live = true;
    api.user.orderHistory(ORDER_HISTORY_PAGE_SIZE, page).then(
      (h) => {
        if (!live) return;
        setOrders(h.items);
        setTotal(h.total_count);
      },
      () => live && setOrders(cached ?? []),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, page, loggedIn]);

  return {
    list: orders ?? cached,
    page,
    pages: pageCount(orders ? total : cachedTotal),
    /** the history's path (an order's page is under it) */
    base: localizedPath(storeCode, '/my-account/orders'),
  };
}

export type OrderHistoryModel = ReturnType<typeof useOrderHistory>;
