import { AVAILABLE_FILTERS, HOME_LIST_SIZE, HOME_LIST_SORT } from '@vitrina/domain';
import type { Route } from './+types/home';
import { BannerGrid, HeadImage, Slider } from '../components/Banners';
import { ProductGrid } from '../components/ProductCard';
import { GradeHomeBlock } from '../components/GradeGuide';
import { useShopInfo } from '../lib/shop-info';
import { CategoryTiles } from '../components/CategoryTiles';
import { TrustStrip } from '../components/TrustStrip';
import { HydrateLater } from '../components/ui/HydrateLater';
import { getT, useT } from '../i18n';
import { serverApi } from '../api-client/api.server';
import { pageMeta } from '../lib/seo';
import { buildSeo, samePaths } from '../lib/seo.server';
import { storeCodeOfRequest } from '../lib/store';
import { PRODUCT_CARD_FIELDS } from '../components/product-card-fields';
import type { HomePageData, Product } from '../lib/types';
import { withRouteErrorMessages } from '../api-client/route-error';

/**
 * The two home lists (accounts-checkout-routes.md §9: 8 each, shown newest first): the newest
 * products, and the bestsellers by units sold (the API's cached ranking from orders, filled for a
 * shop with few orders by the catalogue's sales figure), never repeating a "New" product.
 */
// API errors keep their message for the error boundary (accounts-checkout-routes.md §8)
export const loader = withRouteErrorMessages(load);

async function load({ request, context }: Route.LoaderArgs) {
  const storeCode = storeCodeOfRequest(request);
  const api = serverApi(context, storeCode);
  // The API applies the listing rules (visibility, status, price: domain baseProductFilters); listings
  // show sold-out products last, the home lists never (AVAILABLE_FILTERS).
  const newQuery = api.searchProducts({
    filters: { ...AVAILABLE_FILTERS },
    sort: HOME_LIST_SORT,
    size: HOME_LIST_SIZE,
    includeFields: PRODUCT_CARD_FIELDS,
  });
  const bestQuery = newQuery.then((fresh) =>
    api.products
      .bestsellers({
        size: HOME_LIST_SIZE,
        exclude: fresh.items.map((p) => p.id),
        includeFields: PRODUCT_CARD_FIELDS,
      })
      .catch((e: unknown): Product[] => {
        // a list of the page, not the page: it is left out when it fails
        console.error('bestsellers', e);
        return [];
      }),
  );
  // Banners and slider are decoration: a failure leaves them out, the page still renders.
  const shopQuery = api.homePage().catch((e: unknown): HomePageData | null => {
    console.error('home-page', e);
    return null;
  });
  const [newProducts, bestsellers, shop] = await Promise.all([newQuery, bestQuery, shopQuery]);
  return {
    storeCode,
    newProducts: newProducts.items,
    bestsellers,
    slider: shop?.slider ?? [],
    banners: shop?.banner ?? [],
    smallBanners: shop?.small_banner ?? [],
    headImage: shop?.head_image ?? [],
    multiBanners: shop?.multi_banner ?? [],
    // `/pwa.html` is an alias: its canonical is the home page.
    seo: buildSeo(request, storeCode, samePaths('/')),
  };
}

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return [];
  const t = getT(data.storeCode);
  return pageMeta({ title: t('home.title'), description: t('home.description'), seo: data.seo });
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const shop = useShopInfo();
  return (
    <>
      <section className="hero">
        <HeadImage images={loaderData.headImage} />
        <h1>{t('home.heading')}</h1>
        <TrustStrip />
        <CategoryTiles />
      </section>
      {/* offers first, at every width: the first screen shows products and their prices (a phone's
          too, under the promises and the category tiles), the banners follow them. The first row's
          pictures load at once, the first at high priority: small images, the page's largest paint */}
      <section aria-labelledby="new-products" className="home-list">
        <h2 id="new-products">{t('home.newProducts')}</h2>
        <ProductGrid products={loaderData.newProducts} eagerCount={4} hydrateFirst={4} />
      </section>
      {/* below the first screen: no slide competes with the offers' pictures; hydrated when near it */}
      <HydrateLater>
        <Slider slides={loaderData.slider} eagerFirst={false} />
        <BannerGrid banners={loaderData.banners} small={loaderData.smallBanners} label={t('banners.main')} />
      </HydrateLater>
      {/* what each grade means, before the shopper weighs the next list's prices */}
      <HydrateLater>
        <GradeHomeBlock shop={shop} />
      </HydrateLater>
      {loaderData.bestsellers.length ? (
        <HydrateLater>
          <section aria-labelledby="bestsellers" className="home-list">
            <h2 id="bestsellers">{t('home.bestsellers')}</h2>
            <ProductGrid products={loaderData.bestsellers} />
          </section>
        </HydrateLater>
      ) : null}
      <HydrateLater>
        <BannerGrid banners={loaderData.multiBanners} label={t('banners.multi')} multi />
      </HydrateLater>
    </>
  );
}
