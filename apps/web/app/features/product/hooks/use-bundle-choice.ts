import { bundlePrice, bundleStockQty, partUnits, type BundleOption } from '@vitrina/domain';
import { useMemo, useState } from 'react';
import type { Product } from '../../../lib/types';
import { useGroupPrices } from '../../../state/group-prices';
import {
  initialBundleSelection,
  linkedPrices,
  linkedStock,
  shownBundleOptions,
  type LinkedProduct,
} from '../rules/composite';

/** The linked products' prices, following the customer group's tier while one is set. */
export function useLinkedPrices(linked: readonly LinkedProduct[]): Map<string, number> {
  const tier = useGroupPrices(linked.map((p) => p.sku));
  return useMemo(() => linkedPrices(linked, tier), [linked, tier]);
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
  const [selected, setSelected] = useState<Record<number, string[]>>(() =>
    initialBundleSelection(options, linked),
  );
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
