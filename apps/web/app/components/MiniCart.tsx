import {
  cartItemChecksum,
  formatPrice,
  optionValuesWithAvailability,
  selectVariant,
  validateQuantity,
} from '@vitrina/domain';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useT } from '../i18n';
import { ApiError } from '../api-client/api';
import { localizedPath } from '../lib/store';
import { useApi } from '../api-client/use-api';
import { imageUrl, productPath } from '../lib/urls';
import type { Product } from '../lib/types';
import { cart, syncRequired, useCart, type CartItem, type CartState } from '../state/cart';
import { notify } from '../state/notifications';
import { ui, useUi } from '../state/ui';
import { CartTotals, FreeShippingLeft } from './CartTotals';
import { LineOptions, lineTotal } from './CartLineOptions';
import { Drawer } from './Drawer';

function useCartErrors() {
  const t = useT();
  return (e: unknown) =>
    notify({ type: 'error', message: t.msg(e instanceof ApiError ? e.message : 'error.generic') });
}

/**
 * The spec's success message of a quantity change (catalogue-and-cart.md, cart messages), the one
 * place it is decided: after a line's quantity is saved as another number, from the −/+ buttons, the
 * quantity field or the edit dialog.
 */
function useQuantityUpdated() {
  const t = useT();
  return (before: number, after: number) => {
    if (after !== before) notify({ type: 'success', message: t.msg('cart.quantityUpdated') });
  };
}

function CartLineRow({ item, rowTotal }: { item: CartItem; rowTotal: number }) {
  const t = useT();
  const api = useApi();
  const onError = useCartErrors();
  const quantityUpdated = useQuantityUpdated();
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState(false);
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
    if (qty === item.qty) return;
    const before = item.qty;
    cart.setQty(api, item, qty).then(() => quantityUpdated(before, qty), onError);
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
        <LineOptions item={item} />
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
        {Object.values(item.errors ?? {}).map((key) => (
          <p key={key} className="field-error">
            {t.msg(key)}
          </p>
        ))}
        {Object.values(item.info ?? {}).map((key) => (
          <p key={key} className="muted">
            {t.msg(key)}
          </p>
        ))}
        {editable(item) ? (
          editing ? (
            <EditLine item={item} onDone={() => setEditing(false)} />
          ) : (
            <button type="button" className="btn-link" onClick={() => setEditing(true)}>
              {/* a short label on screen; the product's name for screen readers */}
              <span aria-hidden="true">{t('cart.editShort')}</span>
              <span className="sr-only">{t('cart.edit', { name: item.name })}</span>
            </button>
          )
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
            <span aria-hidden="true">{t('cart.removeShort')}</span>
            <span className="sr-only">{t('cart.remove', { name: item.name })}</span>
          </button>
        )}
      </div>
    </li>
  );
}

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** A line bought as a child of a configurable product is edited through its parent (cart edit mode). */
const editable = (item: CartItem) =>
  Boolean(item.parentSku && item.product_option?.extension_attributes?.configurable_item_options?.length);

/**
 * Cart edit mode: the line's options (the parent's configurable options) and quantity; saving
 * replaces the line by the child the options choose, or only changes the quantity.
 */
function EditLine({ item, onDone }: { item: CartItem; onDone: () => void }) {
  const t = useT();
  const api = useApi();
  const onError = useCartErrors();
  const quantityUpdated = useQuantityUpdated();
  const [parent, setParent] = useState<Product | null | undefined>(undefined);
  const [qty, setQty] = useState(String(item.qty));
  const chosen = item.product_option?.extension_attributes?.configurable_item_options ?? [];
  const [selected, setSelected] = useState<Record<string, number>>({});
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
        const initial: Record<string, number> = {};
        for (const o of p?.configurable_options ?? []) {
          const c = chosen.find((x) => String(x.option_id) === String(o.attribute_id));
          if (c) initial[o.attribute_code] = Number(c.option_value);
        }
        setSelected(initial);
      })
      .catch(onError);
    return () => {
      live = false;
    };
    // loaded once per opened editor
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [parentSku]);
  if (!parent) return <p className="muted">{t('common.loading')}</p>;

  const save = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(qty);
    const check = validateQuantity(n);
    if (check) {
      setError(t.msg(check.key, check.params));
      return;
    }
    const pick = selectVariant(parent, selected, { fallbackToDefault: false });
    if (!pick.variant || !pick.exactMatch) {
      setError(t.msg('variant.noSuchConfiguration'));
      return;
    }
    const child = pick.variant;
    const before = item.qty;
    const done = () => {
      quantityUpdated(before, n);
      onDone();
    };
    if (child.sku === item.sku) {
      cart.setQty(api, item, n).then(done, onError);
      return;
    }
    cart
      .replace(api, item, {
        sku: child.sku,
        id: child.id,
        qty: n,
        name: item.name,
        price: child.final_price_incl_tax,
        image: child.image ?? item.image ?? null,
        parentSku: item.parentSku,
        slug: item.slug,
        product_type: 'simple',
        type_id: 'configurable',
        product_option: {
          extension_attributes: {
            configurable_item_options: (parent.configurable_options ?? [])
              .filter((o) => selected[o.attribute_code] != null)
              .map((o) => ({
                // an option without an attribute id (import data lacking it) is named by its code, as the URL
                // map does (url-map-options.ts); the API refuses it with a field error instead of guessing
                option_id: o.attribute_id ?? o.attribute_code,
                option_value: selected[o.attribute_code] as number,
              })),
          },
        },
      })
      .then(done, onError);
  };

  return (
    <form className="cart-edit" aria-label={t('cart.editOptions', { name: item.name })} onSubmit={save}>
      {(parent.configurable_options ?? []).map((o) => {
        const id = `${qtyId}-${o.attribute_code}`;
        const available = new Map(
          optionValuesWithAvailability(parent, o.attribute_code, {}).map((v) => [v.value_index, v.available]),
        );
        return (
          <div key={o.attribute_code} className="field">
            <label htmlFor={id}>{o.label}</label>
            <select
              id={id}
              value={selected[o.attribute_code] ?? ''}
              onChange={(e) => setSelected((s) => ({ ...s, [o.attribute_code]: Number(e.target.value) }))}
            >
              {o.values.map((v) => (
                <option
                  key={v.value_index}
                  value={v.value_index}
                  disabled={available.get(v.value_index) === false}
                >
                  {v.label}
                </option>
              ))}
            </select>
          </div>
        );
      })}
      <div className="field">
        <label htmlFor={qtyId}>{t('cart.quantity')}</label>
        <input
          id={qtyId}
          type="number"
          inputMode="numeric"
          min={1}
          value={qty}
          onChange={(e) => setQty(e.target.value)}
        />
      </div>
      {error ? <p className="field-error">{error}</p> : null}
      <button type="submit" className="btn btn-primary">
        {t('cart.save')}
      </button>
      <button type="button" className="btn" onClick={onDone}>
        {t('cart.cancel')}
      </button>
    </form>
  );
}

/** Totals can be computed: lines synced to a server cart whose totals arrived (spec §5 "Coupon apply"). */
const totalsComputable = (s: CartState) => Boolean(s.cartServerToken && s.items.length > 0 && s.totals);

/**
 * The coupon field (spec §4 "Coupon"): applying removes the current code, connects, then applies;
 * an empty code is refused; disabled until the totals can be computed.
 */
function CouponForm({ state }: { state: CartState }) {
  const t = useT();
  const api = useApi();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const errId = useId();
  const disabled = !totalsComputable(state) || busy;
  const current = state.totals?.coupon_code ?? null;

  const apply = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) {
      setError(t.msg('coupon.required'));
      return;
    }
    setBusy(true);
    try {
      await cart.applyCoupon(api, code);
      setError(null);
      setCode('');
      notify({ type: 'success', message: t.msg('coupon.applied') });
    } catch (err) {
      setError(t.msg(err instanceof ApiError ? err.message : 'error.generic'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="coupon" onSubmit={apply} noValidate>
      <label htmlFor={id}>{t('cart.coupon')}</label>
      <div className="coupon-row">
        <input
          id={id}
          value={code}
          disabled={disabled}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errId : undefined}
          onChange={(e) => setCode(e.target.value)}
        />
        <button type="submit" className="btn" disabled={disabled}>
          {t('cart.applyCoupon')}
        </button>
      </div>
      {error ? (
        <p id={errId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {current ? (
        <button
          type="button"
          className="btn-link"
          disabled={busy}
          onClick={() =>
            cart
              .removeCoupon(api)
              .catch((err: unknown) =>
                setError(t.msg(err instanceof ApiError ? err.message : 'error.generic')),
              )
          }
        >
          {t('cart.removeCoupon', { code: current })}
        </button>
      ) : null}
    </form>
  );
}

/**
 * Spec "Cart connection" step 4: the shop answered the cart request with neither 200 nor 401, so
 * cart sync is disabled (state/cart.ts `syncDisabled`): the shopper is told that the cart lives on
 * this device only, and may try again.
 */
export function SyncDisabledNotice({ text }: { text?: string }) {
  const t = useT();
  const api = useApi();
  const onError = useCartErrors();
  return (
    <div className="cart-sync-disabled" data-testid="cart-sync-disabled">
      <p>{text ?? t('cart.syncDisabled')}</p>
      <button type="button" className="btn" onClick={() => cart.retrySync(api).catch(onError)}>
        {t('cart.syncRetry')}
      </button>
    </div>
  );
}

/** The mini cart drawer (microcart overlay). */
export function MiniCart() {
  const open = useUi((s) => s.microcart);
  const state = useCart();
  const t = useT();
  if (!open) return null;
  const close = () => ui.close('microcart');
  const rowTotal = (item: CartItem) => lineTotal(item, state.totals);
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
            {state.syncDisabled ? <SyncDisabledNotice /> : null}
            {state.syncing
              ? t('cart.updating')
              : offline() && syncRequired(state)
                ? t('cart.offlinePending')
                : null}
          </div>
          {state.totals ? <FreeShippingLeft totals={state.totals} /> : null}
          {state.totals ? <CartTotals totals={state.totals} /> : null}
          <CouponForm state={state} />
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
