import { useCartT } from '../../../i18n/cart';
import type { CouponFormModel } from '../hooks/use-coupon-form';

/** The coupon field with its Apply button, its error, and "Remove" for the code applied now. */
export function CouponForm({ model }: { model: CouponFormModel }) {
  const t = useCartT();
  const { id, errId, error, disabled } = model;
  return (
    <form className="coupon" onSubmit={model.apply} noValidate>
      <label htmlFor={id}>{t('cart.coupon')}</label>
      <div className="coupon-row">
        <input
          id={id}
          value={model.code}
          disabled={disabled}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errId : undefined}
          onChange={(e) => model.typeCode(e.target.value)}
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
      {model.current ? (
        <button type="button" className="btn-link" disabled={model.busy} onClick={model.remove}>
          {t('cart.removeCoupon', { code: model.current })}
        </button>
      ) : null}
    </form>
  );
}
