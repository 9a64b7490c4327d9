import { useEffect, useState } from 'react';
import type { Route } from './+types/wishlist';
import { getT } from '../i18n';
import { otherPagesT, useOtherPagesT } from '../i18n/other-pages';
import { pageMeta } from '../lib/seo';
import { privatePageLoader } from '../lib/seo.server';
import { SavedProductList } from '../components/SavedProductList';
import { ProductGrid } from '../components/ProductCard';
import { PRODUCT_CARD_FIELDS } from '../components/product-card-fields';
import { WayOn } from '../components/WayOn';
import { useApi } from '../api-client/use-api';
import type { Product } from '../lib/types';
import { useWishlist, wishlist } from '../state/wishlist';

/** The wish list lives on the device: the server renders the page shell only. */
export const loader = privatePageLoader;

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return [];
  const t = otherPagesT(getT(data.storeCode));
  return pageMeta({
    title: `${t('wishlist.title')} | ${t('site.name')}`,
    description: t('wishlist.description'),
    seo: data.seo,
    robots: 'noindex',
  });
};

/**
 * /wishlist: "Wishlist Products" (accounts-checkout-routes.md §2 route table). The saved products
 * as the shop's cards, from their current documents: today's price, grade and stock, "Add to cart"
 * for a simple product in stock, the heart to take one off the list. A product the catalogue no
 * longer lists keeps its saved row (name, price then, remove). Empty: a way on.
 */
export default function WishlistPage() {
  const t = useOtherPagesT();
  const api = useApi();
  const items = useWishlist();
  const skus = items.map((i) => i.sku).join('\n');
  const [fresh, setFresh] = useState<Map<string, Product> | null>(null);
  useEffect(() => {
    if (!skus) return;
    let cancelled = false;
    const list = skus.split('\n');
    api
      .searchProducts({ filters: { sku: list }, size: list.length, includeFields: PRODUCT_CARD_FIELDS })
      .then(
        (res) => !cancelled && setFresh(new Map(res.items.map((p) => [p.sku, p]))),
        (e: unknown) => {
          console.error('wishlist', e);
          // the saved rows stay: they need nothing from the catalogue
          if (!cancelled) setFresh(new Map());
        },
      );
    return () => {
      cancelled = true;
    };
  }, [api, skus]);
  const cards = fresh ? items.map((i) => fresh.get(i.sku)).filter((p): p is Product => p !== undefined) : [];
  // before the documents arrive, and for products no longer listed: the saved rows
  const rows = fresh ? items.filter((i) => !fresh.has(i.sku)) : items;
  return (
    <section className="saved-page">
      <h1>{t('wishlist.title')}</h1>
      {items.length ? <p className="muted">{t('listing.products', { count: items.length })}</p> : null}
      {items.length === 0 ? (
        <>
          <p>{t('wishlist.empty')}</p>
          <p className="muted">{t('wayOn.emptyWishlist')}</p>
          <WayOn />
        </>
      ) : (
        <>
          {cards.length ? <ProductGrid products={cards} /> : null}
          {rows.length ? (
            <SavedProductList
              items={rows}
              onRemove={wishlist.remove}
              removeLabel={(name) => t('wishlist.remove', { name })}
            />
          ) : null}
        </>
      )}
    </section>
  );
}
