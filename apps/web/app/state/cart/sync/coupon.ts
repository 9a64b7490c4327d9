import { ApiError, type Api } from '../../../api-client/api';
import { connect } from './connect';
import type { SyncContext } from './context';
import { syncWithRules } from './rules';
import { refreshTotals } from './totals';

/**
 * Spec "Coupon": applying removes the current code first, connects, then applies; an empty code
 * is refused (coupon.required) and totals must be computable (a cart with lines and a token).
 */
export async function applyCoupon(ctx: SyncContext, api: Api, code: string): Promise<void> {
  const { store } = ctx.base;
  const coupon = code.trim();
  if (!coupon) throw new ApiError(400, 'coupon.required', [{ field: 'coupon', message: 'coupon.required' }]);
  await syncWithRules(ctx, api, false);
  const token = store.get().cartServerToken;
  if (!token || store.get().items.length === 0) throw new ApiError(400, 'cart.totalsUnavailable');
  if (store.get().totals?.coupon_code) await api.cart.deleteCoupon(token);
  const { token: connected } = await connect(ctx, api);
  await api.cart.applyCoupon(connected, coupon);
  await refreshTotals(ctx, api, connected, () => store.get().cartServerToken === connected);
}

export async function removeCoupon(ctx: SyncContext, api: Api): Promise<void> {
  const { store } = ctx.base;
  const token = store.get().cartServerToken;
  if (!token) return;
  await api.cart.deleteCoupon(token);
  await refreshTotals(ctx, api, token, () => store.get().cartServerToken === token);
}
