import { PAYMENT_MOKILIZINGAS, PAYMENT_NEOPAY } from '@vitrina/domain';

/** the providers an order is paid at, by the path of their API routes (`/vsbridge/{slug}/payment/…`) */
const PROVIDER_ROUTES: Record<string, string> = {
  [PAYMENT_NEOPAY]: 'neopay',
  [PAYMENT_MOKILIZINGAS]: 'mokilizingas',
};

/** whether the method's payment happens at a provider the shopper is sent to */
export const paidAtProvider = (methodCode: string | null | undefined) =>
  Boolean(methodCode && PROVIDER_ROUTES[methodCode]);

/**
 * Where the holder of an order's token pays it again after a failed or cancelled payment: the
 * provider's payment route (NEOPAY lets the bank be chosen again: `/-`). Null for a method paid
 * elsewhere (bank transfer, on delivery) or without the token.
 */
export function payAgainUrl(methodCode: string | null | undefined, orderToken: string | null | undefined) {
  const slug = methodCode ? PROVIDER_ROUTES[methodCode] : undefined;
  if (!slug || !orderToken) return null;
  return `/vsbridge/${slug}/payment/${encodeURIComponent(orderToken)}${slug === 'neopay' ? '/-' : ''}`;
}
