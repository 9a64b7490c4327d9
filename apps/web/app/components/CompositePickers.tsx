import {
  associatedLinks,
  bundleCartOptions,
  bundlePrice,
  bundleStock,
  bundleStockQty,
  chosenGroupedLinks,
  defaultBundleSelection,
  defaultLinkQty,
  formatPrice,
  groupedPrice,
  isMultiChoiceOption,
  missingRequiredBundleOptions,
  partUnits,
  stockStatus,
  type BundleOption,
} from '@vitrina/domain';
import { useId, useMemo, useState } from 'react';
import { useT } from '../i18n';
import type { Product } from '../lib/types';
import { imageUrl } from '../lib/urls';
import type { CartItem } from '../state/cart';
import { useGroupPrices, type TierPrice } from '../state/group-prices';

/** A linked product of a grouped or bundle product, as the product page loads it. */
export type LinkedProduct = Pick<
  Product,
  'id' | 'sku' | 'name' | 'slug' | 'image' | 'status' | 'type_id' | 'final_price_incl_tax' | 'stock'
>;

const MAX_QTY = 99;

/**
 * The price each linked product is shown and added at (cents incl. tax): the customer group's tier
 * price when the render list gave one (state/group-prices.ts), else the page's base price.
 */
export function linkedPrices(
  linked: readonly LinkedProduct[],
  tier: Readonly<Record<string, TierPrice>> = {},
): Map<string, number> {
  return new Map(linked.map((p) => [p.sku, tier[p.sku]?.final ?? p.final_price_incl_tax]));
}

/** The linked products' prices, following the customer group's tier while one is set. */
export function useLinkedPrices(linked: readonly LinkedProduct[]): Map<string, number> {
  const tier = useGroupPrices(linked.map((p) => p.sku));
  return useMemo(() => linkedPrices(linked, tier), [linked, tier]);
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
  const inStock = linkedInStock(linked);
  const [qty, setQty] = useState<Record<string, number>>(() =>
    Object.fromEntries(
      links.map((l) => [l.linked_product_sku, inStock(l.linked_product_sku) ? defaultLinkQty(l) : 0]),
    ),
  );
  const prices = useLinkedPrices(linked);
  const priceOf = (sku: string) => prices.get(sku) as number;
  const chosen = chosenGroupedLinks(links, qty);
  const total = groupedPrice(chosen, prices);
  const add = () =>
    onAdd(
      chosen.map((l) => {
        const p = bySku.get(l.linked_product_sku) as LinkedProduct;
        return {
          sku: p.sku,
          id: p.id,
          qty: l.qty as number,
          name: p.name,
          price: priceOf(p.sku),
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
                <td>{formatPrice(priceOf(p.sku), t.storeCode)}</td>
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
 * The options a shopper can choose from: only links to products the catalogue shows (status 1);
 * link prices are dropped, as the cart (apps/api cart/pricing.ts) prices every link from its
 * product incl. tax.
 */
export function shownBundleOptions(product: Product, linked: readonly LinkedProduct[]): BundleOption[] {
  const shown = new Set(linked.map((p) => p.sku));
  return (product.bundle_options ?? [])
    .map((o) => ({
      ...o,
      product_links: o.product_links
        .filter((l) => shown.has(l.sku))
        .map(({ sku, qty, is_default }) => ({ sku, qty, is_default })),
    }))
    .filter((o) => o.product_links.length > 0);
}

/** whether a linked product is in stock (domain stockStatus of its document's stock) */
function linkedInStock(linked: readonly LinkedProduct[]): (sku: string) => boolean {
  const bySku = new Map(linked.map((p) => [p.sku, p]));
  return (sku) => stockStatus(bySku.get(sku)?.stock ?? null) !== 'out_of_stock';
}

/** A linked product's stock by sku (undefined when the page has no answer for it). */
function linkedStock(linked: readonly LinkedProduct[]): (sku: string) => LinkedProduct['stock'] | undefined {
  const bySku = new Map(linked.map((p) => [p.sku, p]));
  return (sku) => bySku.get(sku)?.stock ?? undefined;
}

/** A bundle's choices: its options, the skus chosen per option (from the defaults), and the price. */
export interface BundleChoice {
  options: BundleOption[];
  selected: Record<number, string[]>;
  choose: (optionId: number, skus: string[]) => void;
  /** the price of the selection (domain bundlePrice), cents incl. tax, at the group's tier if any */
  total: number;
  /** the same selection at the page's base prices (the tier's "regular" price) */
  baseTotal: number;
  /**
   * whether the bundle can be ordered at all: a bundle keeps no stock of its own (its order takes its
   * chosen products', apps/api order/stock.ts), so every required option needs a product with the
   * units of one bundle (domain bundleStockQty, as the index counts it)
   */
  orderable: boolean;
}

/**
 * The bundle's selection, kept by the product page so that its header price and the picker's total
 * are one figure (catalogue-and-cart.md §4 "Bundle price is computed from the default or selected
 * options"). Not a bundle (or no shown links): no options, totals 0.
 */
export function useBundleChoice(product: Product, linked: readonly LinkedProduct[]): BundleChoice {
  const options = useMemo(() => shownBundleOptions(product, linked), [product, linked]);
  // a default that is out of stock is not chosen: the bundle's order would take its units (apps/api order/stock.ts)
  const [selected, setSelected] = useState<Record<number, string[]>>(() => {
    const inStock = linkedInStock(linked);
    const defaults = defaultBundleSelection(options);
    return Object.fromEntries(Object.entries(defaults).map(([id, skus]) => [id, skus.filter(inStock)]));
  });
  const prices = useLinkedPrices(linked);
  const base = useMemo(() => linkedPrices(linked), [linked]);
  const stockOf = linkedStock(linked);
  return {
    options,
    orderable: bundleStockQty(options, (sku) => partUnits(stockOf(sku))) !== 0,
    selected,
    choose: (optionId, skus) => setSelected((s) => ({ ...s, [optionId]: skus })),
    total: bundlePrice(options, prices, selected),
    baseTotal: bundlePrice(options, base, selected),
  };
}

/**
 * Bundle product: per option a choice of its linked products (radio for single-choice options, with
 * "None" when the option is not required; checkboxes for multi-choice), starting from the default
 * selection; the price from the selection (the domain's bundlePrice), one cart line carrying
 * product_option.extension_attributes.bundle_options. The selection is the page's `choice` when
 * given (the header price follows it), else the picker's own.
 */
export function BundlePicker({
  product,
  linked,
  adding,
  disabled,
  onAdd,
  choice,
}: {
  product: Product;
  linked: LinkedProduct[];
  adding: boolean;
  disabled: boolean;
  onAdd: (items: CartItem[]) => void;
  choice?: BundleChoice;
}) {
  const t = useT();
  const uid = useId();
  const own = useBundleChoice(product, linked);
  const { options, selected, choose, total } = choice ?? own;
  const prices = useLinkedPrices(linked);
  const bySku = new Map(linked.map((p) => [p.sku, p]));
  const missing = missingRequiredBundleOptions(options, selected);
  // a bundle keeps no stock of its own: it is orderable while every chosen product has the units of
  // one bundle (its link qty), as the server's cart check counts them (domain bundleStock)
  const inStock = linkedInStock(linked);
  const chosenLinks = options.flatMap((o) =>
    o.product_links.filter((l) => (selected[o.option_id] ?? []).includes(l.sku)),
  );
  const chosenSoldOut = !bundleStock(
    chosenLinks.map((l) => ({ sku: l.sku, qty: defaultLinkQty(l) })),
    linkedStock(linked),
  ).orderable;
  // the server's rule of which options take several links (domain checkCompositeLine)
  const multi = (type?: string) => isMultiChoiceOption({ type });

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
        // the parts chosen, by name, for the cart line and the checkout summary
        options: options.flatMap((o) => {
          const names = (selected[o.option_id] ?? []).map((sku) => bySku.get(sku)?.name ?? sku);
          return names.length ? [{ label: o.title ?? '', value: names.join(', ') }] : [];
        }),
      },
    ]);

  return (
    <section className="bundle-picker" aria-labelledby="bundle-title">
      <h2 id="bundle-title">{t('bundle.title')}</h2>
      {options.map((o) => {
        const name = `${uid}-bundle-${o.option_id}`;
        const chosen = selected[o.option_id] ?? [];
        const set = (skus: string[]) => choose(o.option_id, skus);
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
              const available = inStock(l.sku);
              return (
                <label key={l.sku}>
                  <input
                    type={multi(o.type) ? 'checkbox' : 'radio'}
                    name={name}
                    value={l.sku}
                    checked={chosen.includes(l.sku)}
                    disabled={!available}
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
                  <span className="muted">
                    +{formatPrice((prices.get(l.sku) as number) * qty, t.storeCode)}
                  </span>
                  {available ? null : <span className="stock out"> {t('product.outOfStock')}</span>}
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
        disabled={adding || disabled || missing.length > 0 || chosenSoldOut}
        onClick={add}
      >
        {adding ? t('product.adding') : t('product.addToCart')}
      </button>
    </section>
  );
}
