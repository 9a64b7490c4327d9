import { useCartT } from '../../../i18n/cart';
import type { CartLineModel } from '../hooks/use-cart-line';

/** A line's −/+ buttons and quantity field (saved on blur or Enter). */
export function QuantityControl({ model }: { model: CartLineModel }) {
  const t = useCartT();
  const { name } = model.item;
  return (
    <div className="qty">
      <button
        type="button"
        className="btn-icon"
        aria-label={t('cart.decrease', { name })}
        onClick={model.decrease}
      >
        −
      </button>
      <label htmlFor={model.qtyId} className="sr-only">
        {t('cart.quantityOf', { name })}
      </label>
      <input
        id={model.qtyId}
        type="number"
        inputMode="numeric"
        min={1}
        value={model.qtyText}
        aria-invalid={model.error ? true : undefined}
        aria-describedby={model.error ? model.errId : undefined}
        onChange={(e) => model.typeQty(e.target.value)}
        onBlur={model.commitQty}
        onKeyDown={(e) => {
          if (e.key === 'Enter') model.commitQty();
        }}
      />
      <button
        type="button"
        className="btn-icon"
        aria-label={t('cart.increase', { name })}
        onClick={model.increase}
      >
        +
      </button>
    </div>
  );
}
