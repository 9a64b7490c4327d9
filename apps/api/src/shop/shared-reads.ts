/**
 * The shop data every storefront page reads: the home page's banners and configuration
 * and the footer's store information, kept per catalogue version (CatalogService.shared). The routes
 * and the in-process reads of a server render (storefront-reads.ts) answer from here.
 */
import type { StoreCode } from '@vitrina/domain';
import type { ApiContext } from '../context.ts';
import type { BannerLog } from './banner-files.ts';

export function sharedShopReads(ctx: Pick<ApiContext, 'catalog' | 'shop' | 'cart'>) {
  return {
    homePage: (store: StoreCode, log?: BannerLog) =>
      ctx.catalog.shared(`home-page:${store}`, () => ctx.shop.homePage(store, log)),
    storeInfo: (store: StoreCode) =>
      ctx.catalog.shared(`store-info:${store}`, () => ctx.shop.storeInfo(store)),
    deliveryOptions: (store: StoreCode) => ctx.cart.deliveryOptions(store),
  };
}
