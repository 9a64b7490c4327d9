import { memo } from 'react';
import { useT } from '../../../i18n';

/**
 * The quantity to add: a number field from 1 to `max` (the stock when it is managed). Memoised: a grade
 * with the same stock limit does not render it again.
 */
export const QuantityField = memo(function QuantityField({
  value,
  max,
  onChange,
}: {
  value: number;
  max: number;
  onChange: (qty: number) => void;
}) {
  const t = useT();
  return (
    <label className="qty-field">
      <span>{t('product.quantity')}</span>
      <input
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        step={1}
        value={value}
        onChange={(e) => {
          const n = Math.trunc(Number(e.target.value));
          onChange(Number.isFinite(n) ? Math.min(Math.max(n, 1), max) : 1);
        }}
      />
    </label>
  );
});
