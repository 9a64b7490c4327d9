// Product checks before load and before adding to the cart: catalogue-and-cart.md §4 "Product load",
// §4 "Adding to the cart" and §5 "Validation rules".
import {
  ALLOW_OUT_OF_STOCK_IN_CART,
  ALLOW_ZERO_PRICE,
  STATUS_DISABLED,
  VISIBILITY_NOT_VISIBLE,
} from '../base/index.ts';
import type { MessageKey } from '../messages/index.ts';

export interface LoadableProduct {
  status?: number | null;
  visibility?: number | null;
}

/**
 * §4 "Product load": status 2 or more is rejected as empty; visibility 1 (not visible
 * individually) is rejected. Returns the message key of the rejection, or null when it loads.
 */
export function productLoadError(
  product: LoadableProduct | null | undefined,
): 'product.notFound' | 'product.disabled' | 'product.notVisible' | null {
  if (!product) return 'product.notFound';
  if ((product.status ?? 1) >= STATUS_DISABLED) return 'product.disabled';
  if (product.visibility === VISIBILITY_NOT_VISIBLE) return 'product.notVisible';
  return null;
}

/**
 * Does the URL of this product, not visible on its own, open its configurable parent's page with it
 * chosen? (a child's URL answers 301 to the parent, never a 404.) Only for an
 * enabled child of visibility 1 whose parent loads, is configurable and lists it among its children.
 */
export function isVariantOfParent(
  child: LoadableProduct & { sku: string },
  parent: (LoadableProduct & { type_id?: string; configurable_children?: readonly { sku: string }[] }) | null | undefined,
): boolean {
  return (
    productLoadError(child) === 'product.notVisible' &&
    parent != null &&
    productLoadError(parent) === null &&
    parent.type_id === 'configurable' &&
    (parent.configurable_children ?? []).some((c) => c.sku === child.sku)
  );
}

/** catalogue-and-cart.md §5 "Validation rules": "Grouped and bundle children must have status 1". */
export const LINKED_CHILD_STATUS = 1;

/**
 * May a grouped or bundle product show (and price, and count the stock of) this linked product?
 * Only with status 1 (§5); an unknown linked product (undefined) is not shown.
 */
export function isLinkedChildShown(child: { status?: number | null } | null | undefined): boolean {
  return child != null && (child.status ?? LINKED_CHILD_STATUS) === LINKED_CHILD_STATUS;
}

export interface CartCandidate {
  price?: number | null;
  price_incl_tax?: number | null;
  final_price?: number | null;
  final_price_incl_tax?: number | null;
  /** Working field "errors": values are message keys (or texts); any non-empty one blocks adding. */
  errors?:
    Readonly<Record<string, string | null | undefined>> | readonly (string | null | undefined)[] | null;
}

/** The price that decides "price unknown": final incl. tax, then incl. tax, then final, then price. */
function cartPrice(p: CartCandidate): number | null | undefined {
  return p.final_price_incl_tax ?? p.price_incl_tax ?? p.final_price ?? p.price;
}

/**
 * §5: "Price 0 or less is unknown, or less than 0 when zero-price products are allowed (they are
 * allowed here)" → `cart.priceUnknown`; "Any non-empty error on the product also blocks adding"
 * (returned as they are). Empty list = valid.
 */
export function validateProductForCart(
  product: CartCandidate,
  opts: { allowZeroPrice?: boolean } = {},
): (MessageKey | string)[] {
  const allowZero = opts.allowZeroPrice ?? ALLOW_ZERO_PRICE;
  const out: string[] = [];
  const price = cartPrice(product);
  if (typeof price !== 'number' || Number.isNaN(price) || (allowZero ? price < 0 : price <= 0)) {
    out.push('cart.priceUnknown');
  }
  const errors = product.errors ? Object.values(product.errors) : [];
  for (const e of errors) if (typeof e === 'string' && e.trim() !== '') out.push(e);
  return out;
}

export type StockStatus = 'ok' | 'volatile' | 'out_of_stock';

export interface StockInfo {
  is_in_stock?: boolean | null;
  qty?: number | null;
  manage_stock?: boolean | null;
}

/**
 * §4 "Adding to the cart" step 2. No answer (offline, failed check) is `volatile`; stock not managed
 * is `ok`; not in stock, or a managed qty of 0 or less, is `out_of_stock`; otherwise `ok`.
 */
export function stockStatus(info: StockInfo | null | undefined): StockStatus {
  if (!info) return 'volatile';
  if (info.manage_stock === false) return 'ok';
  if (info.is_in_stock === false) return 'out_of_stock';
  if (typeof info.qty === 'number' && info.qty <= 0) return 'out_of_stock';
  return 'ok';
}

export interface AddToCartDecision {
  add: boolean;
  notification: {
    type: 'success' | 'warning' | 'error';
    key: 'cart.addedToCart' | 'cart.volatileStock' | 'cart.outOfStock';
    /** "Product has been added to the cart!" comes with a "Proceed to checkout" action. */
    actionKey?: 'cart.proceedToCheckout';
  };
}

/**
 * §4 "Adding to the cart" step 3: "Out of stock: not added. Volatile: added with a warning, unless
 * out-of-stock items are allowed. Ok: added."
 */
export function addToCartDecision(
  status: StockStatus,
  opts: { allowOutOfStock?: boolean } = {},
): AddToCartDecision {
  const allow = opts.allowOutOfStock ?? ALLOW_OUT_OF_STOCK_IN_CART;
  if (status === 'out_of_stock')
    return { add: false, notification: { type: 'error', key: 'cart.outOfStock' } };
  if (status === 'volatile' && !allow) {
    return { add: true, notification: { type: 'warning', key: 'cart.volatileStock' } };
  }
  return {
    add: true,
    notification: { type: 'success', key: 'cart.addedToCart', actionKey: 'cart.proceedToCheckout' },
  };
}
