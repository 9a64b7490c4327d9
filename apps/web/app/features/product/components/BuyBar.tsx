import { formatPrice, type GradeKey } from '@vitrina/domain';
import { useEffect, useState, type RefObject } from 'react';
import { useT } from '../../../i18n';
import { GradeTitle } from '../../../components/ui/GradeTitle';

/**
 * The phone's bottom bar (the buy box stays reachable): the price and the add
 * button, shown while the page's own add button is off screen. CSS shows it only on narrow screens;
 * it is fixed, so showing it moves nothing on the page. It is a shortcut for the eye and the thumb
 * only: out of the accessibility tree and the tab order (aria-hidden, tabIndex -1), so a screen reader
 * or keyboard user meets one "Add to cart", the buy box's own.
 */
export function BuyBar({
  watch,
  price,
  grade = null,
  label,
  disabled,
  onAdd,
}: {
  watch: RefObject<HTMLElement | null>;
  price: number;
  /** the grade the price is for, named beside it */
  grade?: GradeKey | null;
  label: string;
  disabled: boolean;
  onAdd: () => void;
}) {
  const t = useT();
  const [show, setShow] = useState(false);
  useEffect(() => {
    const el = watch.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setShow(entry ? !entry.isIntersecting : false));
    observer.observe(el);
    return () => observer.disconnect();
  }, [watch]);
  return (
    <div className="buy-bar" hidden={!show} aria-hidden="true">
      <span className="buy-bar-price">
        {formatPrice(price, t.storeCode)}
        {grade ? <GradeTitle grade={grade} className="buy-bar-grade" /> : null}
      </span>
      <button type="button" className="btn btn-primary" tabIndex={-1} disabled={disabled} onClick={onAdd}>
        {label}
      </button>
    </div>
  );
}
