import {
  backInStockSku,
  CART_MAX_QTY,
  configureProduct,
  lowStockQty,
  specialPriceUntil,
  stockStatus,
  type GradeKey,
} from '@vitrina/domain';
import type { Product } from '../../../lib/types';
import { chosenGrade } from './grade';
import type { ShownVariant } from './variant';

/** A bundle's selection as the header and the buy box read it (hooks/use-bundle-choice.ts). */
export interface BundleTotals {
  /** the selection's price at the group's tier */
  total: number;
  /** the same selection at the page's base prices */
  baseTotal: number;
  /** every required option has a product with the units of one bundle */
  orderable: boolean;
}

/** What the buy box shows for the variant shown (or the product itself). */
export interface BuyBox {
  /** the sku bought and shown: the variant's, else the product's */
  sku: string;
  /**
   * the document's final price of what is shown and the reference of an announced reduction (the
   * lowest price of the 30 days before it; null: none), cents incl. tax
   */
  final: number;
  reference: number | null;
  /**
   * the header's price: a bundle's is its selection's total, not re-priced as the bundle's own sku,
   * with nothing struck through (a selection has no price history: its base total at the tier is not
   * a price the shopper was charged before); anything else's, its document price re-priced by the
   * customer group (the Price component asks it by `sku`)
   */
  headerPrice: { final: number; reference: number | null; sku: string | null };
  stock: Product['stock'] | null;
  inStock: boolean;
  /** spec §4: marked configured once a variant is chosen (null: not a configurable product) */
  configured: { is_configured: boolean } | null;
  /** a configurable product with no variant available */
  noVariant: boolean;
  /** "Only 3 left": a count of what is left, not a limit on what may be bought */
  onlyLeft: number | null;
  stockLevel: 'out' | 'low' | 'in';
  /** the quantity field's ceiling: the stock when it is counted, else the cart's limit */
  maxQty: number;
  canAdd: boolean;
  /** the sku a back-in-stock request is for (domain backInStockSku), or null */
  alertSku: string | null;
  /** in stock and buyable as shown (the back-in-stock request and the delivery date read it) */
  available: boolean;
  /** the special price's last day (children carry no special price dates: only the product's own) */
  specialUntil: string | null;
  grade: GradeKey | null;
}

/** The buy box of the variant shown; `bundle` for a bundle with options to choose. */
export function buyBox(product: Product, shown: ShownVariant, bundle: BundleTotals | null): BuyBox {
  const { variant, configurable, selected } = shown;
  const sku = variant?.sku ?? product.sku;
  const final = variant?.final_price_incl_tax ?? product.final_price_incl_tax;
  // a variant's own reference only: the product's is its shown variant's, not this one's
  const reference = (variant ? variant.reference_price_incl_tax : product.reference_price_incl_tax) ?? null;
  const stock = variant ? (variant.stock ?? null) : (product.stock ?? null);
  const inStock = stockStatus(stock) !== 'out_of_stock' && (!bundle || bundle.orderable);
  const configured = configurable ? configureProduct(product, variant) : null;
  const noVariant = configured !== null && !configured.is_configured;
  const onlyLeft = lowStockQty(stock);
  return {
    sku,
    final,
    reference,
    headerPrice: bundle ? { final: bundle.total, reference: null, sku: null } : { final, reference, sku },
    stock,
    inStock,
    configured,
    noVariant,
    onlyLeft,
    stockLevel: !inStock ? 'out' : onlyLeft !== null ? 'low' : 'in',
    maxQty:
      stock?.manage_stock !== false && typeof stock?.qty === 'number' && stock.qty > 0
        ? Math.min(stock.qty, CART_MAX_QTY)
        : CART_MAX_QTY,
    canAdd: inStock && !noVariant,
    alertSku: backInStockSku(product, variant),
    available: inStock && !noVariant,
    specialUntil: variant ? null : specialPriceUntil(product),
    grade: chosenGrade(product, configurable, selected),
  };
}
