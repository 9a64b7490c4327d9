import { formatPrice } from '@vitrina/domain';
import { useT } from '../../../i18n';
import type { Product } from '../../../lib/types';
import { imageUrl } from '../../../lib/urls';
import type { CartItem } from '../../../state/cart';
import { useGroupedPicker } from '../hooks/use-grouped-picker';
import { GROUPED_MAX_QTY, type LinkedProduct } from '../rules/composite';

/**
 * Grouped product: a quantity per linked product (default the link's qty), the total Σ linked price ×
 * qty (the domain's groupedPrice), and each chosen product added to the cart as its own line.
 */
export function GroupedPicker({
  product,
  linked,
  adding,
  onAdd,
}: {
  product: Product;
  linked: LinkedProduct[];
  adding: boolean;
  onAdd: (items: CartItem[]) => void;
}) {
  const t = useT();
  const model = useGroupedPicker({ product, linked, onAdd });
  return (
    <section className="grouped-picker" aria-labelledby="grouped-title">
      <h2 id="grouped-title">{t('grouped.title')}</h2>
      <table>
        <tbody>
          {model.rows.map(({ product: p, price, available, qty, setQty }) => {
            const id = `grouped-qty-${p.id}`;
            const thumb = imageUrl(p.image, 150, 150);
            return (
              <tr key={p.sku} data-sku={p.sku}>
                <td>
                  {thumb ? (
                    <img src={thumb} alt="" width={50} height={50} loading="lazy" decoding="async" />
                  ) : null}
                </td>
                <th scope="row">
                  <label htmlFor={id}>{p.name}</label>
                  {available ? null : <span className="stock out"> {t('product.outOfStock')}</span>}
                </th>
                <td>{formatPrice(price, t.storeCode)}</td>
                <td>
                  <input
                    id={id}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={GROUPED_MAX_QTY}
                    step={1}
                    disabled={!available}
                    aria-label={t('grouped.qty', { name: p.name })}
                    value={qty}
                    onChange={(e) => setQty(e.target.value)}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="price price-large">
        {t('grouped.total')}: <output aria-live="polite">{formatPrice(model.total, t.storeCode)}</output>
      </p>
      {model.noneChosen ? <p className="field-error">{t('grouped.noneChosen')}</p> : null}
      <button
        type="button"
        className="btn btn-primary btn-large"
        disabled={adding || model.noneChosen}
        onClick={model.add}
      >
        {adding ? t('product.adding') : t('product.addToCart')}
      </button>
    </section>
  );
}
