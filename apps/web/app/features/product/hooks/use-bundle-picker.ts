import { defaultLinkQty, isMultiChoiceOption, missingRequiredBundleOptions } from '@vitrina/domain';
import type { Product } from '../../../lib/types';
import type { CartItem } from '../../../state/cart';
import { bundleChosenSoldOut, bundleLine, linkedInStock, type LinkedProduct } from '../rules/composite';
import { useBundleChoice, useLinkedPrices, type BundleChoice } from './use-bundle-choice';

/**
 * The bundle picker's view model: per option its links (name, link qty, price, in stock, chosen),
 * whether it takes several (the server's rule, domain checkCompositeLine) and "None" (a single
 * choice that is not required), the selection's total, and whether the selection can be added (no
 * required option left empty, every chosen product with the units of one bundle). The selection is
 * the page's `choice` when given (the header price follows it), else the picker's own.
 */
/** what the bundle picker is given: the product, its linked products, the page's add and choice */
export interface BundlePickerProps {
  product: Product;
  linked: LinkedProduct[];
  adding: boolean;
  disabled: boolean;
  onAdd: (items: CartItem[]) => void;
  choice?: BundleChoice;
}

export function useBundlePicker({ product, linked, adding, disabled, onAdd, choice }: BundlePickerProps) {
  // one picker per product page, named by its product (a fixed id: eslint.config.js on useId)
  const uid = `bundle-${product.sku}`;
  const own = useBundleChoice(product, linked);
  const { options, selected, choose, total } = choice ?? own;
  const prices = useLinkedPrices(linked);
  const bySku = new Map(linked.map((p) => [p.sku, p]));
  const missing = missingRequiredBundleOptions(options, selected);
  const inStock = linkedInStock(linked);
  const chosenSoldOut = bundleChosenSoldOut(options, selected, linked);
  return {
    total,
    options: options.map((o) => {
      const chosen = selected[o.option_id] ?? [];
      const multi = isMultiChoiceOption({ type: o.type });
      return {
        id: o.option_id,
        name: `${uid}-bundle-${o.option_id}`,
        title: o.title ?? '',
        required: Boolean(o.required),
        multi,
        /** a single choice that may be left empty: a "None" radio */
        none: !multi && !o.required,
        nothingChosen: chosen.length === 0,
        clear: () => choose(o.option_id, []),
        links: o.product_links.map((l) => {
          const qty = defaultLinkQty(l);
          const checked = chosen.includes(l.sku);
          return {
            sku: l.sku,
            name: (bySku.get(l.sku) as LinkedProduct).name,
            qty,
            price: (prices.get(l.sku) as number) * qty,
            available: inStock(l.sku),
            checked,
            toggle: (on: boolean) =>
              choose(
                o.option_id,
                multi ? (on ? [...chosen, l.sku] : chosen.filter((s) => s !== l.sku)) : [l.sku],
              ),
          };
        }),
      };
    }),
    canAdd: !(adding || disabled || missing.length > 0 || chosenSoldOut),
    add: () => onAdd([bundleLine(product, linked, options, selected, total)]),
  };
}

export type BundlePickerModel = ReturnType<typeof useBundlePicker>;
