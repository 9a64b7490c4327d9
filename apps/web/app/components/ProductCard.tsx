import {
  gradeKeyOf,
  isListedAvailable,
  lowStockQty,
  matchingVariant,
  stockLevel,
  stockStatus,
  type ChosenFilters,
} from '@vitrina/domain';
import { memo, type ReactNode } from 'react';
import { PrefetchingPathLink } from '../lib/link';
import { useT } from '../i18n';
import { retryImage } from '../lib/image-retry';
import type { Banner, Product } from '../lib/types';
import { imageUrl, productPath } from '../lib/urls';
import { BannerTile, byPosition } from './Banners';
import { CardAddToCart } from './CardAddToCart';
import { Price } from './Price';
import { SaveButtons } from './SaveButtons';
import { gradeBadge } from './ui/GradeBadge';
import { HydrateLater } from './ui/HydrateLater';
import { stockLineClass } from './ui/StockLine';
import { productNameNodes } from './ui/ProductName';

/**
 * What a card shows: under a filter on options the children carry (a
 * grade, a capacity), the matching child (domain matchingVariant): its price, grade, stock and link;
 * otherwise the product's own figures, with "from" before a configurable's lowest of several prices.
 */
export function cardView(product: Product, chosen: ChosenFilters = {}) {
  const variant =
    product.type_id === 'configurable' ? matchingVariant(product.configurable_children, chosen) : null;
  const prices = new Set((product.configurable_children ?? []).map((c) => c.final_price_incl_tax));
  const conditionValue = variant?.condition;
  const grade = variant
    ? (product.configurable_options
        ?.find((o) => o.attribute_code === 'condition')
        ?.values.find((v) => String(v.value_index) === String(conditionValue))?.label ?? null)
    : (product.condition_label ?? null);
  const from = !variant && product.type_id === 'configurable' && prices.size > 1;
  return {
    variant,
    final: variant?.final_price_incl_tax ?? product.final_price_incl_tax,
    /** the reference of an announced reduction (lowest of the 30 days before it): the only price struck */
    reference: (variant ? variant.reference_price_incl_tax : product.reference_price_incl_tax) ?? null,
    from,
    /** the grade of a configurable's own figures (its cheapest available child's): named on its price line */
    priceGrade:
      !variant && product.type_id === 'configurable' ? gradeKeyOf(product.price_condition_label) : null,
    grade,
    stock: variant ? (variant.stock ?? null) : (product.stock ?? null),
    /**
     * Sold out (listings show such products last): the matching variant by its
     * stock, otherwise the product as the listing orders it (domain isListedAvailable).
     */
    soldOut: variant ? stockStatus(variant.stock) === 'out_of_stock' : !isListedAvailable(product),
  };
}

/**
 * A listing tile: 266×266 thumbnail, name, grade, price, stock. The first row loads eagerly; the first
 * tile's image, the page's largest paint on a phone, is asked for first (`priority`: fetchpriority
 * high). One image at high priority, not the row's four: on Lighthouse's phone the others, each on a
 * connection of its own, held the largest paint ~150 ms past the first tile's. The rest of the row
 * asks at low priority: Chromium raises an image it finds in the viewport to high once it has laid the
 * page out, and when it did so for the second tile (before the first tile's paint, in about one
 * Lighthouse run in two) that image joined the simulated largest paint: 0.92-0.94 s against 0.76-0.80.
 * A sold-out product's tile says so and has no add-to-cart button: its link leads to the product
 * page, where the back-in-stock request is. Memoised: a grid rendered again with the same products (a
 * navigation's start, a parent's state) does not render its cards again. The name, the grade badge
 * and the stock line are the card's own elements, not components: a filter's tick renders most of
 * its cards anew, and they were three components more in each; so is its link a prefetching path link
 * itself, not `Link`, which chooses it.
 */
export const ProductCard = memo(function ProductCard({
  product,
  eager = false,
  priority = false,
  chosen,
}: ProductCardProps) {
  const t = useT();
  const view = viewOf(product, chosen);
  const src = imageUrl(view.variant?.image ?? product.image, 266, 266);
  // sold out as the listing orders it (a product in stock with 0 left too), else by the stock figures
  const level = view.soldOut ? 'out' : stockLevel(view.stock);
  const inStock = level !== 'out';
  return (
    <li className="card">
      <PrefetchingPathLink to={productPath(t.storeCode, product, view.variant?.sku)} prefetch="intent">
        {src ? (
          <img
            src={src}
            width={266}
            height={266}
            alt=""
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : eager ? 'low' : 'auto'}
            decoding="async"
            onError={retryImage}
          />
        ) : (
          <span className="img-placeholder" />
        )}
        <span className="card-name">{productNameNodes(product.name)}</span>
      </PrefetchingPathLink>
      {view.grade && !view.priceGrade ? gradeBadge(view.grade, '', true) : null}
      <Price
        final={view.final}
        reference={view.reference}
        compact
        sku={view.variant?.sku ?? product.sku}
        querySku={view.variant ? product.sku : null}
        from={view.from}
        grade={view.priceGrade}
      />
      <p className={stockLineClass(level)}>
        {level === 'out'
          ? t('product.outOfStock')
          : level === 'low'
            ? t('card.lowStock', { count: lowStockQty(view.stock) ?? 0 })
            : t('product.inStock')}
      </p>
      <div className="card-actions">
        {product.type_id === 'simple' && inStock ? <CardAddToCart product={product} /> : null}
        <SaveButtons product={product} compact />
      </div>
    </li>
  );
}, sameCard);

interface ProductCardProps {
  product: Product;
  eager?: boolean;
  priority?: boolean;
  /** the listing's attribute filters: the card stands for the child they chose */
  chosen?: ChosenFilters;
}

/**
 * Whether a card would show the same as before, so React may keep it. A filter's answer is a new
 * page of data: every product a new object, the chosen filters too, and under a filter the products
 * carry more of their children's fields (features/listing cardFields). Compared by identity alone,
 * every card and its ~8 components rendered again at every filter, sort or "Show more", though most
 * cards showed what they showed. So a card is the same when its product's own fields are equal (what
 * the card, its add-to-cart and its save buttons read) and what it shows of them (`cardView`: the
 * matching child, prices, grade, stock) is equal; the children's other fields only feed that view.
 */
export function sameCard(a: ProductCardProps, b: ProductCardProps): boolean {
  if (a.eager !== b.eager || a.priority !== b.priority) return false;
  if (a.product === b.product && a.chosen === b.chosen) return true;
  // what the card shows first: under a grade filter most cards show another child, and the product's
  // own fields (a deep comparison of the whole product) need not be walked to know the card changed
  const va = viewOf(a.product, a.chosen);
  const vb = viewOf(b.product, b.chosen);
  return (
    va.variant?.sku === vb.variant?.sku &&
    va.variant?.image === vb.variant?.image &&
    va.final === vb.final &&
    va.reference === vb.reference &&
    va.from === vb.from &&
    va.priceGrade === vb.priceGrade &&
    va.grade === vb.grade &&
    va.soldOut === vb.soldOut &&
    sameValue(va.stock, vb.stock) &&
    sameOwnFields(a.product, b.product)
  );
}

/**
 * A card's view of a product under the chosen filters, made once: the memo's comparison makes the new
 * product's view, and the card's render then uses it rather than making it again.
 */
const views = new WeakMap<
  Product,
  { chosen: ChosenFilters | undefined; view: ReturnType<typeof cardView> }
>();
function viewOf(product: Product, chosen: ChosenFilters | undefined) {
  const known = views.get(product);
  if (known && known.chosen === chosen) return known.view;
  const view = cardView(product, chosen);
  views.set(product, { chosen, view });
  return view;
}

/** a product's fields but its children's, which the card reads only through cardView */
function sameOwnFields(a: Product, b: Product): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  keys.delete('configurable_children');
  for (const k of keys) if (!sameValue(a[k as keyof Product], b[k as keyof Product])) return false;
  return true;
}

/** structural equality of JSON-like values (a decoded loader answer holds no other) */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/**
 * The product tiles; banners (category banners) take the tile at their position (1 = first),
 * banners beyond the end follow the last product.
 */
export function ProductGrid({
  products,
  eagerCount = 0,
  hydrateFirst,
  banners = [],
  chosen,
}: {
  products: Product[];
  eagerCount?: number;
  /**
   * The tiles the first screen's hydration takes (a page's first grid); the others hydrate later
   * (HydrateLater): when they near the screen, at a tap in them, or once the browser is idle after the
   * shopper's first interaction. Their server HTML is kept as it is. Unset: every tile at once.
   */
  hydrateFirst?: number;
  banners?: Banner[];
  chosen?: ChosenFilters;
}) {
  const tiles: ReactNode[] = products.map((p, i) => (
    <ProductCard
      key={p.id}
      product={p}
      eager={i < eagerCount}
      priority={i === 0 && eagerCount > 0}
      {...(chosen ? { chosen } : {})}
    />
  ));
  for (const b of byPosition(banners)) {
    const at = Math.min(Math.max(0, b.position - 1), tiles.length);
    tiles.splice(at, 0, <BannerTile key={`banner-${b.id}`} banner={b} />);
  }
  if (hydrateFirst === undefined || tiles.length <= hydrateFirst) return <ul className="grid">{tiles}</ul>;
  const later = tiles.slice(hydrateFirst);
  return (
    <ul className="grid">
      {tiles.slice(0, hydrateFirst)}
      {/* Another list (a filter, a sort, another page) while the part waits for its hydration: a new part,
          rendered at once; once hydrated, the same part with its cards kept. "Show more" adds to the
          same part, which has hydrated by then (its button is below it). */}
      <HydrateLater
        list={`${products[0]?.id}:${products[hydrateFirst]?.id}:${chosen ? JSON.stringify(chosen) : ''}`}
      >
        {later}
      </HydrateLater>
    </ul>
  );
}
