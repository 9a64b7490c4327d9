/** Step 2: what is ordered (reads only). */
import { isStoreCode, type OrderCreateHead, type StockLine, type StoreCode } from '@vitrina/domain';
import { assertCartOwner } from '../../cart/service.ts';
import type { LineIntent } from '../../cart/pricing.ts';
import { cartGone } from './repeated.ts';
import type { Ordered, PlaceOrderDeps } from './types.ts';

/** step 2: the cart (its owner checked) and its lines, or the posted products (reads only) */
export async function whatIsOrdered(
  deps: PlaceOrderDeps,
  input: OrderCreateHead,
  requestHash: () => string,
  requestStore: StoreCode,
  customerId: number | undefined,
): Promise<Ordered> {
  const { carts } = deps;
  // before anything is told of the cart's lines (their stock included): its owner only
  const cart = await carts.withLines(input.cart_id);
  if (cart && cart.status !== 'active') throw cartGone();
  if (cart) assertCartOwner(cart, customerId);
  const store: StoreCode = cart && isStoreCode(cart.store_code) ? cart.store_code : requestStore;
  const cartLines = cart ? (cart.items ?? (await carts.lines(cart.id))) : [];
  const fromCart = cartLines.length > 0;
  const intents: LineIntent[] = fromCart
    ? cartLines.map((l) => ({ item_id: l.item_id, sku: l.sku, qty: l.qty, product_option: l.product_option }))
    : input.products.map((p, i) => ({
        item_id: i + 1,
        sku: p.sku,
        qty: p.qty,
        product_option: p.product_option,
      }));
  return { input, requestHash, cart, store, fromCart, intents };
}

/** the units the order's lines hold as ordered, before pricing (a bundle's chosen products come later) */
export const orderedLines = (o: Ordered): StockLine[] =>
  o.intents.map((l) => ({ sku: l.sku, name: l.sku, qty: l.qty, picks: null }));
