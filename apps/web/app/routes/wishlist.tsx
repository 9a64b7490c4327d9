import type { Route } from './+types/wishlist';
import { getT, useT } from '../i18n';
import { pageMeta } from '../lib/seo';
import { privatePageLoader } from '../lib/seo.server';
import { SavedProductList } from '../components/SavedProductList';
import { useWishlist, wishlist } from '../state/wishlist';

/** The wish list lives on the device: the server renders the page shell only. */
export const loader = privatePageLoader;

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return [];
  const t = getT(data.storeCode);
  return pageMeta({
    title: `${t('wishlist.title')} | ${t('site.name')}`,
    description: t('wishlist.description'),
    seo: data.seo,
    robots: 'noindex',
  });
};

/** /wishlist: "Wishlist Products" (accounts-checkout-routes.md §2 route table). */
export default function WishlistPage() {
  const t = useT();
  const items = useWishlist();
  return (
    <section className="saved-page">
      <h1>{t('wishlist.title')}</h1>
      {items.length === 0 ? (
        <p>{t('wishlist.empty')}</p>
      ) : (
        <SavedProductList
          items={items}
          onRemove={wishlist.remove}
          removeLabel={(name) => t('wishlist.remove', { name })}
        />
      )}
    </section>
  );
}
