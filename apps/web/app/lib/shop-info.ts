/**
 * The shop's name and promises from its settings, as every page's root loader read them with the
 * store information (GET /store-info `shop`). Null while unknown (the read failed): a text that
 * would state a promise then says nothing rather than a value the settings may not hold.
 */
import { useRootData } from './router';
import type { StoreInfo } from './types';

export type ShopInfo = StoreInfo['shop'];

export function useShopInfo(): ShopInfo | null {
  const root = useRootData<{ storeInfo?: StoreInfo | null }>();
  return root?.storeInfo?.shop ?? null;
}
