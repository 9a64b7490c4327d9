import { cartItemChecksum, formatPrice, serverItemId, validateQuantity } from '@vitrina/domain';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useT } from '../i18n';
import { ApiError } from '../lib/api';
import { localizedPath } from '../lib/store';
import { useApi } from '../lib/use-api';
import { imageUrl, productPath } from '../lib/urls';
import { cart, useCart, type CartItem } from '../state/cart';
import { notify } from '../state/notifications';
import { ui, useUi } from '../state/ui';
import { CartTotals } from './CartTotals';
import { Drawer } from './Drawer';

function useCartErrors() {
  const t = useT();
  return (e: unknown) =>
    notify({ type: 'error', message: t.msg(e instanceof ApiError ? e.message : 'error.generic') });
}

function CartLineRow({ item, rowTotal }: { item: CartItem; rowTotal: number }) {
  const t = useT();
  const api = useApi();
  const onError = useCartErrors();
  const [confirming, setConfirming] = useState(false);
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const qtyId = useId();
  const errId = useId();
  const thumb = imageUrl(item.image, 150, 150);
  const href =
    item.parentSku && item.slug
      ? productPath(
          t.storeCode,
          { sku: item.parentSku, slug: item.slug },
          item.parentSku !== item.sku ? item.sku : null,
        )
      : null;

  const setQty = (qty: number) => {
    const check = validateQuantity(qty);
    if (check) {
      setError(t.msg(check.key, check.params));
      return;
    }
    setError(null);
    setDraft(null);
    cart.setQty(api, item, qty).catch(onError);
  };

  return (
    <li className="cart-line">
      {thumb ? (
        <img src={thumb} width={150} height={150} alt="" loading="lazy" decoding="async" />
      ) : (
        <span className="img-placeholder" />
      )}
      <div className="cart-line-main">
        {href ? (
          <Link to={href} onClick={() => ui.close('microcart')}>
            {item.name}
          </Link>
        ) : (
          <span>{item.name}</span>
        )}
        <div className="qty">
          <button
            type="button"
            className="btn-icon"
            aria-label={t('cart.decrease', { name: item.name })}
            onClick={() => (item.qty <= 1 ? setConfirming(true) : setQty(item.qty - 1))}
          >
            −
          </button>
          <label htmlFor={qtyId} className="sr-only">
            {t('cart.quantityOf', { name: item.name })}
          </label>
          <input
            id={qtyId}
            type="number"
            inputMode="numeric"
            min={1}
            value={draft ?? String(item.qty)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errId : undefined}
            onChange={(e) => setDraft(e.target.value)}
            onBlur={() => draft !== null && setQty(Number(draft))}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && draft !== null) setQty(Number(draft));
            }}
          />
          <button
            type="button"
            className="btn-icon"
            aria-label={t('cart.increase', { name: item.name })}
            onClick={() => setQty(item.qty + 1)}
          >
            +
          </button>
        </div>
        {error ? (
          <p id={errId} className="field-error">
            {error}
          </p>
        ) : null}
      </div>
      <div className="cart-line-side">
        <span className="price">{formatPrice(rowTotal, t.storeCode)}</span>
        {confirming ? (
          <div className="confirm" role="group" aria-label={t.msg('cart.removeConfirm')}>
            <p>{t.msg('cart.removeConfirm')}</p>
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => {
                setConfirming(false);
                cart.remove(api, item).catch(onError);
              }}
            >
              {t('common.yes')}
            </button>
            <button type="button" className="btn" onClick={() => setConfirming(false)}>
              {t('common.no')}
            </button>
          </div>
        ) : (
          <button type="button" className="btn-link" onClick={() => setConfirming(true)}>
            {t('cart.remove', { name: item.name })}
          </button>
        )}
      </div>
    </li>
  );
}

/** The mini cart drawer (microcart overlay). */
export function MiniCart() {
  const open = useUi((s) => s.microcart);
  const state = useCart();
  const t = useT();
  if (!open) return null;
  const close = () => ui.close('microcart');
  const rowTotal = (item: CartItem) => {
    const id = serverItemId(item);
    const line = state.totals?.items.find(
      (l) => (id != null && String(l.item_id) === String(id)) || l.sku === item.sku,
    );
    return line ? line.row_total_incl_tax : item.price * item.qty;
  };
  return (
    <Drawer labelledBy="microcart-title" side="right" onClose={close}>
      <div className="drawer-head">
        <h2 id="microcart-title">{t('cart.title')}</h2>
        <button type="button" className="btn-icon" aria-label={t('common.close')} onClick={close}>
          ×
        </button>
      </div>
      {state.items.length === 0 ? (
        <p className="cart-empty">{t('cart.empty')}</p>
      ) : (
        <>
          <ul className="cart-lines">
            {state.items.map((item) => (
              <CartLineRow key={cartItemChecksum(item)} item={item} rowTotal={rowTotal(item)} />
            ))}
          </ul>
          <div aria-live="polite" className="cart-status">
            {state.syncing ? t('cart.updating') : null}
          </div>
          {state.totals ? <CartTotals totals={state.totals} /> : null}
          <div className="drawer-actions">
            <Link
              to={localizedPath(t.storeCode, '/checkout')}
              className="btn btn-primary btn-block"
              onClick={close}
            >
              {t('cart.goToCheckout')}
            </Link>
            <button type="button" className="btn btn-block" onClick={close}>
              {t('common.continueShopping')}
            </button>
          </div>
        </>
      )}
    </Drawer>
  );
}
