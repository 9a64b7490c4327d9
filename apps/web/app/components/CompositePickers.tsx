import {
  associatedLinks,
  bundleCartOptions,
  bundlePrice,
  chosenGroupedLinks,
  defaultBundleSelection,
  defaultLinkQty,
  formatPrice,
  groupedPrice,
  missingRequiredBundleOptions,
  stockStatus,
} from '@vitrina/domain';
import { useId, useState } from 'react';
import { useT } from '../i18n';
import type { Product } from '../lib/types';
import { imageUrl } from '../lib/urls';
import type { CartItem } from '../state/cart';

/** A linked product of a grouped or bundle product, as the product page loads it. */
export type LinkedProduct = Pick<
  Product,
  'id' | 'sku' | 'name' | 'slug' | 'image' | 'status' | 'type_id' | 'final_price_incl_tax' | 'stock'
>;

const MAX_QTY = 99;

function pricesOf(linked: readonly LinkedProduct[]): Map<string, number> {
  return new Map(linked.map((p) => [p.sku, p.final_price_incl_tax]));
}

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
  const bySku = new Map(linked.map((p) => [p.sku, p]));
  const links = associatedLinks(product.product_links).filter((l) => bySku.has(l.linked_product_sku));
  const inStock = (sku: string) => stockStatus(bySku.get(sku)?.stock ?? null) !== 'out_of_stock';
  const [qty, setQty] = useState<Record<string, number>>(() =>
    Object.fromEntries(
      links.map((l) => [l.linked_product_sku, inStock(l.linked_product_sku) ? defaultLinkQty(l) : 0]),
    ),
  );
  const chosen = chosenGroupedLinks(links, qty);
  const total = groupedPrice(chosen, pricesOf(linked));
  const add = () =>
    onAdd(
      chosen.map((l) => {
        const p = bySku.get(l.linked_product_sku) as LinkedProduct;
        return {
          sku: p.sku,
          id: p.id,
          qty: l.qty as number,
          name: p.name,
          price: p.final_price_incl_tax,
          image: p.image ?? null,
          parentSku: product.sku,
          slug: product.slug,
          product_type: p.type_id,
          type_id: p.type_id,
          product_option: null,
        };
      }),
    );
  return (
    <section className="grouped-picker" aria-labelledby="grouped-title">
      <h2 id="grouped-title">{t('grouped.title')}</h2>
      <table>
        <tbody>
          {links.map((l) => {
            const p = bySku.get(l.linked_product_sku) as LinkedProduct;
            const id = `grouped-qty-${p.id}`;
            const thumb = imageUrl(p.image, 150, 150);
            const available = inStock(p.sku);
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
                <td>{formatPrice(p.final_price_incl_tax, t.storeCode)}</td>
                <td>
                  <input
                    id={id}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={MAX_QTY}
                    step={1}
                    disabled={!available}
                    aria-label={t('grouped.qty', { name: p.name })}
                    value={qty[p.sku] ?? 0}
                    onChange={(e) => {
                      const n = Math.min(MAX_QTY, Math.max(0, Math.floor(Number(e.target.value) || 0)));
                      setQty((q) => ({ ...q, [p.sku]: n }));
                    }}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="price price-large">
        {t('grouped.total')}: <output aria-live="polite">{formatPrice(total, t.storeCode)}</output>
      </p>
      {chosen.length === 0 ? <p className="field-error">{t('grouped.noneChosen')}</p> : null}
      <button
        type="button"
        className="btn btn-primary btn-large"
        disabled={adding || chosen.length === 0}
        onClick={add}
      >
        {adding ? t('product.adding') : t('product.addToCart')}
      </button>
    </section>
  );
}

/**
 * Bundle product: per option a choice of its linked products (radio for single-choice options, with
 * "None" when the option is not required; checkboxes for multi-choice), starting from the default
 * selection; the price from the selection (the domain's bundlePrice), one cart line carrying
 * product_option.extension_attributes.bundle_options.
 */
export function BundlePicker({
  product,
  linked,
  adding,
  disabled,
  onAdd,
}: {
  product: Product;
  linked: LinkedProduct[];
  adding: boolean;
  disabled: boolean;
  onAdd: (items: CartItem[]) => void;
}) {
  const t = useT();
  const uid = useId();
  const bySku = new Map(linked.map((p) => [p.sku, p]));
  // Only links to products the catalogue shows (status 1) can be chosen; link prices are the
  // linked products' prices incl. tax, as the cart prices them.
  const options = (product.bundle_options ?? [])
    .map((o) => ({
      ...o,
      product_links: o.product_links
        .filter((l) => bySku.has(l.sku))
        .map(({ sku, qty, is_default }) => ({ sku, qty, is_default })),
    }))
    .filter((o) => o.product_links.length > 0);
  const [selected, setSelected] = useState<Record<number, string[]>>(() => defaultBundleSelection(options));
  const prices = pricesOf(linked);
  const total = bundlePrice(options, prices, selected);
  const missing = missingRequiredBundleOptions(options, selected);
  const multi = (type?: string) => type === 'checkbox' || type === 'multi';

  const add = () =>
    onAdd([
      {
        sku: product.sku,
        id: product.id,
        qty: 1,
        name: product.name,
        price: total,
        image: product.image ?? null,
        parentSku: product.sku,
        slug: product.slug,
        product_type: 'bundle',
        type_id: 'bundle',
        product_option: { extension_attributes: { bundle_options: bundleCartOptions(options, selected) } },
      },
    ]);

  return (
    <section className="bundle-picker" aria-labelledby="bundle-title">
      <h2 id="bundle-title">{t('bundle.title')}</h2>
      {options.map((o) => {
        const name = `${uid}-bundle-${o.option_id}`;
        const chosen = selected[o.option_id] ?? [];
        const set = (skus: string[]) => setSelected((s) => ({ ...s, [o.option_id]: skus }));
        return (
          <fieldset key={o.option_id}>
            <legend>
              {o.title ?? ''} {o.required ? <span className="muted">{t('bundle.required')}</span> : null}
            </legend>
            {!multi(o.type) && !o.required ? (
              <label>
                <input type="radio" name={name} checked={chosen.length === 0} onChange={() => set([])} />
                {t('bundle.none')}
              </label>
            ) : null}
            {o.product_links.map((l) => {
              const p = bySku.get(l.sku) as LinkedProduct;
              const qty = defaultLinkQty(l);
              return (
                <label key={l.sku}>
                  <input
                    type={multi(o.type) ? 'checkbox' : 'radio'}
                    name={name}
                    value={l.sku}
                    checked={chosen.includes(l.sku)}
                    onChange={(e) =>
                      multi(o.type)
                        ? set(e.target.checked ? [...chosen, l.sku] : chosen.filter((s) => s !== l.sku))
                        : set([l.sku])
                    }
                  />
                  <span>
                    {qty > 1 ? `${qty} × ` : ''}
                    {p.name}
                  </span>
                  <span className="muted">+{formatPrice(p.final_price_incl_tax * qty, t.storeCode)}</span>
                </label>
              );
            })}
          </fieldset>
        );
      })}
      <p className="price price-large">
        {t('bundle.total')}: <output aria-live="polite">{formatPrice(total, t.storeCode)}</output>
      </p>
      <button
        type="button"
        className="btn btn-primary btn-large"
        disabled={adding || disabled || missing.length > 0}
        onClick={add}
      >
        {adding ? t('product.adding') : t('product.addToCart')}
      </button>
    </section>
  );
}
