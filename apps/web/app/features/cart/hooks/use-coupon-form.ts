// eslint-disable-next-line no-restricted-syntax -- the mini cart's parts: the server never renders the overlay
import { useId, useState, type FormEvent } from 'react';
import { useT } from '../../../i18n';
import { ApiError } from '../../../api-client/api';
import { cart, type CartState } from '../../../state/cart';
import { notify } from '../../../state/notifications';
import { totalsComputable } from '../rules/cart-line';

/**
 * The coupon field (spec §4 "Coupon"): applying removes the current code, connects, then applies;
 * an empty code is refused; disabled until the totals can be computed.
 */
export function useCouponForm(state: CartState) {
  const t = useT();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const errId = useId();
  const failed = (err: unknown) => setError(t.msg(err instanceof ApiError ? err.message : 'error.generic'));

  const apply = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) {
      setError(t.msg('coupon.required'));
      return;
    }
    setBusy(true);
    try {
      await cart.applyCoupon(code);
      setError(null);
      setCode('');
      notify({ type: 'success', message: t.msg('coupon.applied') });
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  };

  return {
    id,
    errId,
    code,
    error,
    busy,
    disabled: !totalsComputable(state) || busy,
    /** the code applied now, with its "Remove" button */
    current: state.totals?.coupon_code ?? null,
    typeCode: setCode,
    apply,
    remove: () => {
      cart.removeCoupon().catch(failed);
    },
  };
}

export type CouponFormModel = ReturnType<typeof useCouponForm>;
