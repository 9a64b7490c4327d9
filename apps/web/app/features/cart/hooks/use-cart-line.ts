import { formatPrice, validateQuantity } from '@vitrina/domain';
// eslint-disable-next-line no-restricted-syntax -- the mini cart's parts: the server never renders the overlay
import { useId, useState } from 'react';
import { useT } from '../../../i18n';
import { cart, type CartItem } from '../../../state/cart';
import { ui } from '../../../state/ui';
import { editable, lineHref, lineThumb } from '../rules/cart-line';
import { useCartErrors, useQuantityUpdated } from './use-cart-feedback';

/**
 * One line of the mini cart: its link and price, the −/+ buttons and quantity field (a quantity is
 * checked before it is saved), removal after a confirmation, and the edit mode's switch.
 */
export function useCartLine(item: CartItem, rowTotal: number) {
  const t = useT();
  const onError = useCartErrors();
  const quantityUpdated = useQuantityUpdated();
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const qtyId = useId();
  const errId = useId();

  const setQty = (qty: number) => {
    const check = validateQuantity(qty);
    if (check) {
      setError(t.msg(check.key, check.params));
      return;
    }
    setError(null);
    setDraft(null);
    if (qty === item.qty) return;
    const before = item.qty;
    cart.setQty(item, qty).then(() => quantityUpdated(before, qty), onError);
  };

  return {
    item,
    thumb: lineThumb(item),
    href: lineHref(t.storeCode, item),
    price: formatPrice(rowTotal, t.storeCode),
    qtyId,
    errId,
    /** the quantity field's text: the shopper's draft while typing, else the line's quantity */
    qtyText: draft ?? String(item.qty),
    error,
    /** the line's own messages (spec: errors and info), as message keys */
    errors: Object.values(item.errors ?? {}),
    info: Object.values(item.info ?? {}),
    editable: editable(item),
    editing,
    confirming,
    closeCart: () => ui.close('microcart'),
    /** "−": down by one; at one, the removal is confirmed first */
    decrease: () => (item.qty <= 1 ? setConfirming(true) : setQty(item.qty - 1)),
    increase: () => setQty(item.qty + 1),
    typeQty: setDraft,
    /** the field's draft saved (on blur, or Enter) */
    commitQty: () => {
      if (draft !== null) setQty(Number(draft));
    },
    startEditing: () => setEditing(true),
    stopEditing: () => setEditing(false),
    askRemove: () => setConfirming(true),
    cancelRemove: () => setConfirming(false),
    remove: () => {
      setConfirming(false);
      cart.remove(item).catch(onError);
    },
  };
}

export type CartLineModel = ReturnType<typeof useCartLine>;
