import { useMemo, useState, type KeyboardEvent } from 'react';
import { useCheckoutT } from '../../../i18n/checkout';
import type { PickupPoint } from '../../../lib/types';
import { filterPickupPoints, pickupLabel } from '../rules/pickup-points';
import { OpeningHours } from '../../../components/OpeningHours';

/**
 * A searchable pickup-point list (WAI-ARIA combobox: an input with a listbox). Typing filters;
 * ArrowDown/ArrowUp move, Enter chooses, Escape closes; a click chooses too.
 */
export function PickupPointPicker({
  points,
  value,
  onChange,
  error,
}: {
  points: PickupPoint[];
  value: string | null;
  onChange: (point: PickupPoint) => void;
  error?: string | null | undefined;
}) {
  const t = useCheckoutT();
  // the delivery step shows one picker (a fixed id: eslint.config.js on useId)
  const id = 'pickup-point';
  const chosen = points.find((p) => p.id === value) ?? null;
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const shown = useMemo(() => filterPickupPoints(points, query), [points, query]);
  const listId = `${id}-list`;
  const inputId = `${id}-input`;
  const errorId = `${id}-error`;

  const choose = (p: PickupPoint) => {
    onChange(p);
    setQuery('');
    setOpen(false);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      // never below the first: an arrow pressed while nothing matches (the points still loading) would
      // leave no option to choose once they come
      setActive((i) => (open ? Math.max(0, Math.min(i + 1, shown.length - 1)) : 0));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (e.key === 'Enter') {
      const p = shown[active];
      if (open && p) {
        e.preventDefault();
        choose(p);
      }
    } else if (e.key === 'Escape') {
      setOpen(false);
    }
  };

  // one point (the shop's own store): nothing to search, the point is shown with its hours (the
  // checkout chooses it for the shopper)
  if (points.length === 1 && chosen) {
    return (
      <div className="field pickup-picker pickup-single">
        <p className="pickup-single-label">{t('checkout.pickupPoint')}</p>
        <p className="pickup-chosen" data-testid="pickup-chosen">
          {pickupLabel(chosen)}
        </p>
        <OpeningHours hours={chosen.opening_hours} />
      </div>
    );
  }

  return (
    <div className="field pickup-picker">
      <label htmlFor={inputId}>{t('checkout.pickupPoint')}</label>
      {chosen ? (
        <>
          <p className="pickup-chosen" data-testid="pickup-chosen">
            {pickupLabel(chosen)}
          </p>
          <OpeningHours hours={chosen.opening_hours} />
        </>
      ) : null}
      <input
        id={inputId}
        type="text"
        role="combobox"
        autoComplete="off"
        placeholder={t('checkout.pickupSearch')}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && shown[active] ? `${id}-opt-${shown[active].id}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      {open ? (
        <ul id={listId} role="listbox" className="pickup-list" aria-label={t('checkout.pickupPoint')}>
          {shown.length ? (
            shown.map((p, i) => (
              <li
                key={p.id}
                id={`${id}-opt-${p.id}`}
                role="option"
                aria-selected={p.id === value}
                className={i === active ? 'active' : undefined}
                // mousedown: before the input's blur closes the list
                onMouseDown={(e) => {
                  e.preventDefault();
                  choose(p);
                }}
              >
                {pickupLabel(p)}
              </li>
            ))
          ) : (
            <li role="option" aria-selected={false} aria-disabled="true" className="empty">
              {t('checkout.pickupNone')}
            </li>
          )}
        </ul>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
