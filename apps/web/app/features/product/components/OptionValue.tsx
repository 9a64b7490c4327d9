import { memo } from 'react';
import type { ConfigurableChild } from '../../../lib/types';

/**
 * One value of an option picker: its radio and what choosing it means. Memoised on what it shows, all
 * strings but the variant (the product's own child object, the same across grade choices) and the
 * picker's stable `onChoose`: a grade choice changes two values (the one left and the one chosen),
 * not the other values' rows.
 */
export const OptionValue = memo(function OptionValue({
  id,
  name,
  value,
  className,
  checked,
  disabled,
  label,
  price,
  meaning,
  why,
  variant,
  onChoose,
}: {
  id: string;
  name: string;
  value: number;
  className: string;
  checked: boolean;
  disabled: boolean;
  label: string;
  price: string | null;
  meaning: string | null;
  why: string | null;
  variant: ConfigurableChild | null;
  onChoose: (variant: ConfigurableChild) => void;
}) {
  return (
    <span className={className}>
      <input
        type="radio"
        id={id}
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={() => variant && onChoose(variant)}
      />
      <label htmlFor={id}>
        <span className="opt-name">{label}</span>
        {price ? <span className="opt-price">{price}</span> : null}
        {meaning ? <span className="opt-meaning">{meaning}</span> : null}
        {why ? <span className="opt-why">{why}</span> : null}
      </label>
    </span>
  );
});
