import { useEffect, useState } from 'react';
import { Form } from 'react-router';
import { Link } from '../lib/link';
import { useT } from '../i18n';
import { useApi } from '../api-client/use-api';
import { localizedPath } from '../lib/store';
import { categoryPath } from '../lib/urls';
import type { Product } from '../lib/types';
import { useRootMenu } from './navigation/root-menu';
import { PRODUCT_CARD_FIELDS } from './product-card-fields';
import { ProductGrid } from './ProductCard';

/** how many bestsellers a dead end offers */
export const WAY_ON_PRODUCTS = 4;

/**
 * A way on from a page with nothing to show (the 404 page, an empty cart, wish list or comparison):
 * a search field (where asked), the shop's main categories, and a few bestsellers. Categories come
 * from the root loader's menu (rendered by the server, no JavaScript needed); the bestsellers are
 * asked for in the browser (a 404 or an empty list is not worth a slower answer), and left out when
 * they cannot be had.
 */
export function WayOn({ search = false, products = true }: { search?: boolean; products?: boolean }) {
  const t = useT();
  const api = useApi();
  const menu = useRootMenu();
  const [best, setBest] = useState<Product[]>([]);
  useEffect(() => {
    if (!products) return;
    let cancelled = false;
    api.products.bestsellers({ size: WAY_ON_PRODUCTS, exclude: [], includeFields: PRODUCT_CARD_FIELDS }).then(
      (items) => !cancelled && setBest(items.slice(0, WAY_ON_PRODUCTS)),
      (e: unknown) => console.error('way on: bestsellers', e),
    );
    return () => {
      cancelled = true;
    };
  }, [api, products]);
  return (
    <div className="way-on">
      {search ? (
        <Form
          method="get"
          action={localizedPath(t.storeCode, '/search')}
          role="search"
          className="search-again way-on-search"
          aria-label={t('wayOn.search')}
        >
          <label htmlFor="way-on-q">{t('wayOn.search')}</label>
          <input id="way-on-q" name="q" type="search" enterKeyHint="search" minLength={3} required />
          <button type="submit" className="btn btn-primary">
            {t('header.search')}
          </button>
        </Form>
      ) : null}
      {menu.length ? (
        <section aria-labelledby="way-on-categories">
          <h2 id="way-on-categories">{t('wayOn.categories')}</h2>
          <ul className="search-panel-chips way-on-categories">
            {menu.slice(0, 8).map((c) => (
              <li key={c.id}>
                <Link to={categoryPath(t.storeCode, c)}>{c.name}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {best.length ? (
        <section aria-labelledby="way-on-bestsellers">
          <h2 id="way-on-bestsellers">{t('wayOn.bestsellers')}</h2>
          <ProductGrid products={best} />
        </section>
      ) : null}
    </div>
  );
}
