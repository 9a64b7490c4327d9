import { Link } from '../../lib/link';
import { CartTotals } from '../../components/CartTotals';
import { Drawer } from '../../components/Drawer';
import { SyncDisabledNotice } from '../../components/SyncDisabledNotice';
import { useCartT } from '../../i18n/cart';
import type { CartItem, CartState } from '../../state/cart';
import { CartLineRow } from './components/CartLineRow';
import { CouponForm } from './components/CouponForm';
import { FreeShippingLeft } from './components/FreeShippingLeft';
import { LineEditForm } from './components/LineEditForm';
import { useCartLine } from './hooks/use-cart-line';
import { useCouponForm } from './hooks/use-coupon-form';
import { useLineEditor } from './hooks/use-line-editor';
import { useMiniCart } from './hooks/use-mini-cart';
import { WayOn } from '../../components/WayOn';

/**
 * The mini cart drawer (microcart overlay). The state, calls and rules are the hooks'; this and the
 * components only render them. A line, its editor and the coupon field each keep their own state
 * (reset when they close), so each is wired to its hook here.
 */
export function MiniCart() {
  const t = useCartT();
  const cart = useMiniCart();
  if (!cart.open) return null;
  const { close, totals } = cart;
  return (
    <Drawer labelledBy="microcart-title" side="right" onClose={close}>
      <div className="drawer-head">
        <h2 id="microcart-title">{t('cart.title')}</h2>
        <button type="button" className="btn-icon" aria-label={t('common.close')} onClick={close}>
          ×
        </button>
      </div>
      {cart.lines.length === 0 ? (
        <div className="cart-empty">
          <p>{t('cart.empty')}</p>
          {/* a way on: the main categories (the drawer is too narrow for products) */}
          <WayOn products={false} />
        </div>
      ) : (
        <>
          <ul className="cart-lines">
            {cart.lines.map((l) => (
              <CartLine key={l.key} item={l.item} rowTotal={l.rowTotal} />
            ))}
          </ul>
          <div aria-live="polite" className="cart-status">
            {cart.syncDisabled ? <SyncDisabledNotice /> : null}
            {cart.status}
          </div>
          {totals ? <FreeShippingLeft totals={totals} /> : null}
          {totals ? <CartTotals totals={totals} /> : null}
          <Coupon state={cart.state} />
          <div className="drawer-actions">
            <Link to={cart.checkoutHref} className="btn btn-primary btn-block" onClick={close}>
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

function CartLine({ item, rowTotal }: { item: CartItem; rowTotal: number }) {
  const line = useCartLine(item, rowTotal);
  return (
    <CartLineRow
      model={line}
      editor={line.editing ? <LineEditor item={item} onDone={line.stopEditing} /> : null}
    />
  );
}

function LineEditor({ item, onDone }: { item: CartItem; onDone: () => void }) {
  return <LineEditForm model={useLineEditor(item, onDone)} />;
}

function Coupon({ state }: { state: CartState }) {
  return <CouponForm model={useCouponForm(state)} />;
}
