import {
  addToCartDecision,
  stockStatus,
  validateProductForCart,
  type AddToCartDecision,
  type SelectedOptions,
} from '@vitrina/domain';
import type { ConfigurableChild, Product } from '../../../lib/types';
import type { CartItem } from '../../../state/cart';

/** What the shopper is told when nothing is added (a message key of the domain's dictionary). */
export interface Refusal {
  add: false;
  notification: { type: 'success' | 'warning' | 'error'; key: string };
}

/** Lines to add and the notification that follows them (domain addToCartDecision). */
export interface Accepted {
  add: true;
  items: CartItem[];
  notification: AddToCartDecision['notification'];
}

/**
 * The cart line of the product as shown (the variant when one is chosen): the quantity kept from 1
 * to `maxQty`, at `price` (the customer group's), with the choices by their labels (shown on the
 * cart line and in the checkout summary) and the configurable options the API prices it by.
 */
export function productCartItem(
  product: Product,
  variant: ConfigurableChild | null,
  selected: SelectedOptions,
  qty: number,
  maxQty: number,
  price: number,
): CartItem {
  return {
    sku: variant?.sku ?? product.sku,
    id: variant?.id ?? product.id,
    qty: Math.min(Math.max(qty, 1), maxQty),
    name: product.name,
    price,
    image: variant?.image ?? product.image ?? null,
    parentSku: product.sku,
    slug: product.slug,
    product_type: variant ? 'simple' : product.type_id,
    type_id: product.type_id,
    ...(variant
      ? {
          options: (product.configurable_options ?? []).flatMap((o) => {
            const value = o.values.find((v) => v.value_index === selected[o.attribute_code])?.label;
            return value ? [{ label: o.label, value }] : [];
          }),
        }
      : {}),
    product_option: variant
      ? {
          extension_attributes: {
            configurable_item_options: (product.configurable_options ?? [])
              .filter((o) => selected[o.attribute_code] != null)
              .map((o) => ({
                // an option without an attribute id (import data lacking it) is named by its code, as the URL
                // map does (url-map-options.ts); the API refuses it with a field error instead of guessing
                option_id: o.attribute_id ?? o.attribute_code,
                option_value: selected[o.attribute_code] as number,
              })),
          },
        }
      : null,
  };
}

/**
 * Adding the product as shown (catalogue-and-cart.md §4 "Adding to the cart"): refused with the
 * first validation error (no price, the document's errors), then by the stock (domain
 * addToCartDecision); else its one line.
 */
export function productAddition(
  candidate: Product | ConfigurableChild,
  stock: Product['stock'] | null,
  item: () => CartItem,
): Refusal | Accepted {
  const errors = validateProductForCart(candidate);
  if (errors[0]) return { add: false, notification: { type: 'error', key: errors[0] } };
  const decision = addToCartDecision(stockStatus(stock));
  if (!decision.add) return { add: false, notification: decision.notification };
  return { add: true, items: [item()], notification: decision.notification };
}

/**
 * Adding the lines a grouped or bundle picker built: refused by the product's stock (domain
 * addToCartDecision), or when any line has no price (checked like any product); else all of them.
 */
export function compositeAddition(stock: Product['stock'] | null, items: CartItem[]): Refusal | Accepted {
  const decision = addToCartDecision(stockStatus(stock));
  if (!decision.add) return { add: false, notification: decision.notification };
  const priced = items.filter(
    (i) => validateProductForCart({ ...i, final_price_incl_tax: i.price }).length === 0,
  );
  if (priced.length !== items.length || !priced.length)
    return { add: false, notification: { type: 'error', key: 'cart.priceUnknown' } };
  return { add: true, items: priced, notification: decision.notification };
}
