// eslint-disable-next-line no-restricted-syntax -- the mini cart's parts: the server never renders the overlay
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useCartT } from '../../../i18n/cart';
import type { CartLineModel } from '../hooks/use-cart-line';

/**
 * "Remove", then the confirmation (catalogue-and-cart.md §9 "Cart removal asks for confirmation")
 * as a small modal dialog: the product named, "Remove" and "Keep it". A native <dialog> opened
 * modal (the rest of the page inert); Tab stays between its two buttons and Escape keeps the line,
 * without reaching the drawer around it (its own Escape would close the whole mini cart). The focus
 * returns to the control that opened it ("Remove" or "−"), or, when the line is gone, to the
 * heading of the cart or drawer it was in.
 */
export function RemoveLine({ model }: { model: CartLineModel }) {
  const t = useCartT();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const removedRef = useRef(false);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const d = dialogRef.current;
    if (!model.confirming || !d) return;
    openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // the region to land in if the line goes: found now, while the opener is still in it
    const region = openerRef.current?.closest<HTMLElement>('[role="dialog"], main') ?? null;
    if (!d.open) {
      if (typeof d.showModal === 'function') d.showModal();
      else d.setAttribute('open', '');
    }
    d.querySelector<HTMLButtonElement>('button[data-keep]')?.focus();
    return () => {
      if (d.open && typeof d.close === 'function') d.close();
      else d.removeAttribute('open');
      const opener = openerRef.current;
      if (!removedRef.current && opener?.isConnected) opener.focus();
      else if (region?.isConnected) focusHeading(region);
      removedRef.current = false;
    };
  }, [model.confirming]);

  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      model.cancelRemove();
      return;
    }
    if (e.key !== 'Tab') return;
    e.stopPropagation();
    const buttons = Array.from(e.currentTarget.querySelectorAll<HTMLButtonElement>('button'));
    const i = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = buttons[(i + (e.shiftKey ? -1 : 1) + buttons.length) % buttons.length];
    if (next) {
      e.preventDefault();
      next.focus();
    }
  };

  return (
    <>
      <button type="button" className="btn-link" onClick={model.askRemove}>
        <span aria-hidden="true">{t('cart.removeShort')}</span>
        <span className="sr-only">{t('cart.remove', { name: model.item.name })}</span>
      </button>
      {model.confirming ? (
        <dialog
          ref={dialogRef}
          className="confirm-dialog"
          role="alertdialog"
          aria-modal="true"
          aria-labelledby={titleId}
          aria-describedby={textId}
          onKeyDown={onKeyDown}
          onCancel={(e) => {
            e.preventDefault();
            model.cancelRemove();
          }}
        >
          <h2 id={titleId} className="confirm-dialog-title">
            {t('removeDialog.title')}
          </h2>
          <p className="confirm-dialog-item">
            <strong>{model.item.name}</strong>
          </p>
          <p id={textId}>{t.msg('cart.removeConfirm')}</p>
          <div className="confirm-dialog-actions">
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => {
                removedRef.current = true;
                model.remove();
              }}
            >
              {t('removeDialog.remove')}
            </button>
            <button type="button" className="btn" data-keep="" onClick={model.cancelRemove}>
              {t('removeDialog.keep')}
            </button>
          </div>
        </dialog>
      ) : null}
    </>
  );
}

/** the focus to the region's first heading (or the region), readable but not a Tab stop */
function focusHeading(region: HTMLElement): void {
  const target = region.querySelector<HTMLElement>('h1, h2') ?? region;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}
