// eslint-disable-next-line no-restricted-syntax -- the mini cart's parts: the server never renders the overlay
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useT } from '../../../i18n';
import { useApi } from '../../../api-client/use-api';
import type { Product } from '../../../lib/types';
import { cart, type CartItem } from '../../../state/cart';
import { editOutcome, editedLine, editorOptions, initialSelection, type Selection } from '../rules/line-edit';
import { useCartErrors, useQuantityUpdated } from './use-cart-feedback';

/**
 * Cart edit mode: the line's options (the parent's configurable options, loaded once per opened
 * editor) and quantity; saving replaces the line by the child the options choose, or only changes
 * the quantity.
 */
export function useLineEditor(item: CartItem, onDone: () => void) {
  const t = useT();
  const api = useApi();
  const onError = useCartErrors();
  const quantityUpdated = useQuantityUpdated();
  const [parent, setParent] = useState<Product | null | undefined>(undefined);
  const [qty, setQty] = useState(String(item.qty));
  const [selected, setSelected] = useState<Selection>({});
  const [error, setError] = useState<string | null>(null);
  const qtyId = useId();

  const parentSku = item.parentSku as string;
  useEffect(() => {
    let live = true;
    api
      .searchProducts({ filters: { sku: parentSku }, size: 1 })
      .then((r) => {
        if (!live) return;
        const p = r.items[0] ?? null;
        setParent(p);
        setSelected(initialSelection(p, item));
      })
      .catch(onError);
    return () => {
      live = false;
    };
    // loaded once per opened editor
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [parentSku]);

  const save = (e: FormEvent) => {
    e.preventDefault();
    if (!parent) return;
    const n = Number(qty);
    const outcome = editOutcome(parent, item, selected, n);
    if ('error' in outcome) {
      setError(t.msg(outcome.error.key, outcome.error.params));
      return;
    }
    const before = item.qty;
    const done = () => {
      quantityUpdated(before, n);
      onDone();
    };
    if (outcome.sameLine) {
      cart.setQty(item, n).then(done, onError);
      return;
    }
    cart.replace(item, editedLine(parent, item, outcome.child, selected, n)).then(done, onError);
  };

  return {
    name: item.name,
    /** false until the parent product is loaded (or when it was not found) */
    loaded: Boolean(parent),
    options: parent ? editorOptions(parent) : [],
    /** the id of the quantity field; each option's select is `${qtyId}-${code}` */
    qtyId,
    qty,
    selected,
    error,
    choose: (code: string, value: number) => setSelected((s) => ({ ...s, [code]: value })),
    typeQty: setQty,
    save,
    cancel: onDone,
  };
}

export type LineEditorModel = ReturnType<typeof useLineEditor>;
