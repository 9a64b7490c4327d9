import type { ReactNode } from 'react';
import type { MethodMark } from '../rules/method-marks';

const PATHS: Record<MethodMark, string> = {
  courier: 'M3 6h11v9H3zM14 9h4l3 3v3h-7zM7 18a1.5 1.5 0 1 0 0-.01M17 18a1.5 1.5 0 1 0 0-.01',
  locker: 'M4 3h16v18H4zM4 9h16M4 15h16M12 3v18M8 6h1M15 12h1',
  store: 'M3 9l2-5h14l2 5M3 9v11h18V9M3 9h18M9 20v-6h6v6',
  online: 'M3 10l9-6 9 6M5 10v8M9 10v8M15 10v8M19 10v8M3 20h18',
  transfer: 'M4 8h14l-3-3M20 16H6l3 3',
  cash: 'M2 6h20v12H2zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6M6 9v.01M18 15v.01',
  leasing: 'M4 4h16v16H4zM4 9h16M9 14h6M9 17h3',
};

/**
 * One choice of a checkout method as a tile: its mark, its name, a line of what to expect
 * (when it arrives, how paying works) and its price. The radio stays a real radio of the group:
 * keyboard, screen readers and the form's validation work as with a plain list.
 */
export function MethodTile({
  id,
  name,
  checked,
  onChoose,
  mark,
  title,
  note,
  price,
}: {
  id: string;
  name: string;
  checked: boolean;
  onChoose: () => void;
  mark: MethodMark;
  title: ReactNode;
  note?: ReactNode;
  price?: ReactNode;
}) {
  return (
    <div className="method method-tile" data-mark={mark}>
      <input type="radio" id={id} name={name} checked={checked} onChange={onChoose} />
      <label htmlFor={id}>
        <svg
          className="method-mark"
          viewBox="0 0 24 24"
          width="28"
          height="28"
          aria-hidden="true"
          focusable="false"
        >
          <path d={PATHS[mark]} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
        </svg>
        <span className="method-text">
          <span className="method-name">{title}</span>
          {note ? <span className="method-note">{note}</span> : null}
        </span>
        {price ? <span className="price">{price}</span> : null}
      </label>
    </div>
  );
}
