import {
  addToCartDecision,
  gradeKeyOf,
  loadAllMessages,
  stockStatus,
  validateProductForCart,
} from '@vitrina/domain';
import { useState } from 'react';
import { useT } from '../i18n';
import type { Product } from '../lib/types';
import { addToCart, usePreloadCartEngine } from '../state/cart-view';
import { useGroupPrice } from '../state/group-prices';
import { notify } from '../state/notifications';
import { useCartAddNotice } from './use-cart-add-notice';

/**
 * "Add to cart" on a listing card, for a simple product only: a product with options is
 * chosen on its page. The same checks as the product page (domain: price known, stock decision), the
 * line priced like the card shows it; the server prices the cart line from its own data.
 */
export function CardAddToCart({ product }: { product: Product }) {
  const t = useT();
  const { added, failed } = useCartAddNotice();
  const [adding, setAdding] = useState(false);
  usePreloadCartEngine();
  const price = useGroupPrice(product.sku)?.final ?? product.final_price_incl_tax;
  const add = async () => {
    // a refusal's message is not among a first screen's: in at idle after hydration, else loaded here
    await loadAllMessages().catch(() => undefined);
    const errors = validateProductForCart(product);
    if (errors[0]) return notify({ type: 'error', message: t.msg(errors[0]) });
    const decision = addToCartDecision(stockStatus(product.stock));
    const message = t.msg(decision.notification.key);
    if (!decision.add) return notify({ type: decision.notification.type, message });
    setAdding(true);
    const since = Date.now();
    try {
      await addToCart({
        sku: product.sku,
        id: product.id,
        qty: 1,
        name: product.name,
        price,
        image: product.image ?? null,
        parentSku: product.sku,
        slug: product.slug,
        product_type: product.type_id,
        type_id: product.type_id,
        product_option: null,
      });
      added(decision.notification, { name: product.name, grade: gradeKeyOf(product.condition_label), since });
    } catch (e) {
      failed(e);
    } finally {
      setAdding(false);
    }
  };
  return (
    <button
      type="button"
      className="btn card-add"
      onClick={() => void add()}
      disabled={adding}
      aria-label={t('card.addToCart', { name: product.name })}
    >
      {adding ? t('product.adding') : t('product.addToCart')}
    </button>
  );
}
