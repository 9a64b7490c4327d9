import { chosenGroupedLinks, groupedPrice } from '@vitrina/domain';
import { useState } from 'react';
import type { Product } from '../../../lib/types';
import type { CartItem } from '../../../state/cart';
import {
  groupedLines,
  groupedLinks,
  groupedQty,
  initialGroupedQty,
  linkedInStock,
  type LinkedProduct,
} from '../rules/composite';
import { useLinkedPrices } from './use-bundle-choice';

/**
 * The grouped picker's view model: a quantity per linked product (default the link's qty, 0 when
 * out of stock), the total Σ linked price × qty (domain groupedPrice), and adding each chosen
 * product as its own line.
 */
export function useGroupedPicker({
  product,
  linked,
  onAdd,
}: {
  product: Product;
  linked: LinkedProduct[];
  onAdd: (items: CartItem[]) => void;
}) {
  const bySku = new Map(linked.map((p) => [p.sku, p]));
  const links = groupedLinks(product, linked);
  const inStock = linkedInStock(linked);
  const [qty, setQty] = useState<Record<string, number>>(() => initialGroupedQty(product, linked));
  const prices = useLinkedPrices(linked);
  const chosen = chosenGroupedLinks(links, qty);
  return {
    rows: links.map((l) => {
      const p = bySku.get(l.linked_product_sku) as LinkedProduct;
      return {
        product: p,
        price: prices.get(p.sku) as number,
        available: inStock(p.sku),
        qty: qty[p.sku] ?? 0,
        setQty: (typed: string) => setQty((q) => ({ ...q, [p.sku]: groupedQty(typed) })),
      };
    }),
    total: groupedPrice(chosen, prices),
    noneChosen: chosen.length === 0,
    add: () => onAdd(groupedLines(product, linked, chosen, prices)),
  };
}

export type GroupedPickerModel = ReturnType<typeof useGroupedPicker>;
