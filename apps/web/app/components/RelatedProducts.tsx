import { CATEGORY_PAGE_SIZE, DEFAULT_SORT } from '@vitrina/domain';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../i18n';
import type { Filters } from '../lib/types';
import { PRODUCT_CARD_FIELDS } from './product-card-fields';
import type { Product } from '../lib/types';
import { useApi } from '../api-client/use-api';
import { ProductGrid } from './ProductCard';

/** How many related products the product page shows. */
export const RELATED_COUNT = 4;

/**
 * Related products: the product's `related` links when it has them, otherwise other products of its
 * deepest category. Not needed at first paint: asked for when the section nears the screen.
 */
export function RelatedProducts({ product, categoryId }: { product: Product; categoryId: number | null }) {
  const t = useT();
  const api = useApi();
  const ref = useRef<HTMLElement>(null);
  const [near, setNear] = useState(false);
  const [items, setItems] = useState<Product[] | null>(null);
  const related = (product.product_links ?? [])
    .filter((l) => l.link_type === 'related')
    .map((l) => l.linked_product_sku);
  const key = related.join(',');

  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    // preload margin 1.5 screens (catalogue-and-cart.md §9 "Lazy-load ... preload 1.5")
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: `${Math.round(window.innerHeight * 1.5)}px 0px`,
    });
    io.observe(el);
    return () => io.disconnect();
  }, []);

  useEffect(() => {
    if (!near || (!key && categoryId === null)) return;
    let cancelled = false;
    const filters: Filters = key ? { sku: key.split(',') } : { category_ids: categoryId as number };
    api
      .searchProducts({
        filters,
        size: key ? RELATED_COUNT : Math.min(CATEGORY_PAGE_SIZE, RELATED_COUNT + 1),
        sort: DEFAULT_SORT,
        includeFields: PRODUCT_CARD_FIELDS,
      })
      .then(
        (res) => {
          if (!cancelled) setItems(res.items.filter((p) => p.sku !== product.sku).slice(0, RELATED_COUNT));
        },
        (e: unknown) => console.error('related products', e),
      );
    return () => {
      cancelled = true;
    };
  }, [api, near, key, categoryId, product.sku]);

  return (
    <section ref={ref} aria-labelledby={items?.length ? 'related-title' : undefined} className="related">
      {items && items.length ? (
        <>
          <h2 id="related-title">{t('product.related')}</h2>
          <ProductGrid products={items} />
        </>
      ) : null}
    </section>
  );
}
