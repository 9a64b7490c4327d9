import {
  compareRows,
  formatPrice,
  isListedAvailable,
  lowStockQty,
  stockLevel,
  type ComparableAttribute,
} from '@vitrina/domain';
import { useState } from 'react';
import { Link } from '../lib/link';
import { useOtherPagesT } from '../i18n/other-pages';
import type { Product } from '../lib/types';
import { imageUrl, productPath } from '../lib/urls';
import { useGroupPrices } from '../state/group-prices';
import type { SavedProduct } from '../state/saved-product';
import { savedProductPath } from './SavedProductList';
import { CardAddToCart } from './CardAddToCart';
import { GradeBadge } from './ui/GradeBadge';
import { StockLine } from './ui/StockLine';

export interface CompareColumn {
  saved: SavedProduct;
  /** The current document, when the catalogue still has the product. */
  product: Product | null;
}

/**
 * Comparable attributes side by side: one column per product, one row per attribute any of them has;
 * "only differences" hides rows where every product has the same value.
 */
export function CompareTable({
  columns,
  attributes,
  optionLabel,
  onRemove,
}: {
  columns: CompareColumn[];
  attributes: ComparableAttribute[];
  optionLabel: (code: string, value: unknown) => string | undefined;
  onRemove: (sku: string) => void;
}) {
  const t = useOtherPagesT();
  const [onlyDifferences, setOnlyDifferences] = useState(false);
  // the customer group's tier prices while logged in with one (state/group-prices.ts)
  const tiers = useGroupPrices(columns.map((c) => c.saved.sku));
  const rows = compareRows(
    columns.map((c) => (c.product ?? {}) as Record<string, unknown>),
    attributes,
    optionLabel,
  ).filter((r) => !onlyDifferences || r.differs);
  return (
    <>
      <p>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={onlyDifferences}
            onChange={(e) => setOnlyDifferences(e.target.checked)}
          />{' '}
          {t('compare.onlyDifferences')}
        </label>
      </p>
      <div className="compare-scroll">
        <table className="compare-table">
          <caption className="sr-only">{t('compare.title')}</caption>
          <thead>
            <tr>
              <td />
              {columns.map(({ saved, product }) => {
                const image = product ? imageUrl(product.image, 150, 150) : (saved.image ?? null);
                return (
                  <th key={saved.sku} scope="col">
                    <Link to={savedProductPath(t.storeCode, saved)}>
                      {image ? (
                        <img src={image} alt="" width={100} height={100} loading="lazy" decoding="async" />
                      ) : null}
                      <span>{product?.name ?? saved.name}</span>
                    </Link>
                    <button
                      type="button"
                      className="btn btn-link"
                      aria-label={t('compare.remove', { name: saved.name })}
                      onClick={() => onRemove(saved.sku)}
                    >
                      {t('saved.remove')}
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">{t('product.price')}</th>
              {columns.map(({ saved, product }) => {
                const price = tiers[saved.sku]?.final ?? product?.final_price_incl_tax ?? saved.price;
                return <td key={saved.sku}>{price != null ? formatPrice(price, t.storeCode) : ''}</td>;
              })}
            </tr>
            <tr className="compare-buy">
              <th scope="row">{t('compareBuy.availability')}</th>
              {columns.map(({ saved, product }) => (
                <td key={saved.sku}>{product ? <CompareBuy product={product} /> : null}</td>
              ))}
            </tr>
            {rows.map((r) => (
              <tr key={r.code} className={r.differs ? 'differs' : undefined}>
                <th scope="row">{r.label}</th>
                {r.values.map((v, i) => (
                  <td key={columns[i]?.saved.sku ?? i}>{v || '–'}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/**
 * A compared product's grade, stock and the way to buy it: "Add to cart" for a simple product in
 * stock (as on its card), "Choose options" to its page for one with options; nothing to add when
 * sold out (its page has the back-in-stock request).
 */
function CompareBuy({ product }: { product: Product }) {
  const t = useOtherPagesT();
  const soldOut = !isListedAvailable(product);
  const level = soldOut ? 'out' : stockLevel(product.stock ?? null);
  return (
    <div className="compare-buy-cell">
      {product.condition_label ? <GradeBadge label={product.condition_label} /> : null}
      <StockLine level={level}>
        {level === 'out'
          ? t('product.outOfStock')
          : level === 'low'
            ? t('card.lowStock', { count: lowStockQty(product.stock ?? null) ?? 0 })
            : t('product.inStock')}
      </StockLine>
      {soldOut ? null : product.type_id === 'simple' ? (
        <CardAddToCart product={product} />
      ) : (
        <Link to={productPath(t.storeCode, product)} className="btn">
          {t('compareBuy.choose')}
        </Link>
      )}
    </div>
  );
}
