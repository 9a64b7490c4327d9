/** Request schemas of the cart routes: the bodies are the domain's shared schemas. */
import { z } from 'zod';
import {
  addressEstimateSchema,
  addressInformationSchema,
  cartItemRefSchema,
  cartItemSchema,
  storeCodeSchema,
} from '@vitrina/domain';

const code = z.string().trim().min(1).max(64);

export const cartQuery = z.object({
  cartId: z.string().trim().max(128).optional().describe('the cart id answered by cart/create'),
  token: z.string().max(2048).optional().describe('customer token (also accepted as Authorization: Bearer)'),
  storeCode: storeCodeSchema.optional(),
  withTotals: z
    .enum(['1', 'true'])
    .optional()
    .describe(
      "a write (update, delete, apply-coupon, delete-coupon, a create with its first line) also answers the cart's totals after it, in meta.totals",
    ),
});

export const createQuery = cartQuery.omit({ cartId: true });

export const couponQuery = cartQuery.extend({ coupon: z.string().trim().min(1).max(64) });

export const updateBody = z.object({ cartItem: cartItemSchema });
/**
 * `cart/create` may carry the cart's first line (optional, not the spec's): the cart is made with it,
 * and the answer's meta holds the line (and with `withTotals` the totals), as `cart/update` answers it
 */
export const createBody = z.object({ cartItem: cartItemSchema.optional() }).nullish();
export const deleteBody = z.object({ cartItem: cartItemRefSchema });
export const shippingMethodsBody = z.object({ address: addressEstimateSchema });
export const shippingInformationBody = z.object({
  addressInformation: addressInformationSchema.extend({
    /** the payment method chosen with the address (optional; collect-totals can set it too) */
    paymentMethodCode: code.optional(),
  }),
});
export const collectTotalsBody = z
  .object({
    methods: z
      .object({
        paymentMethod: z.object({ method: code }).optional(),
        shippingCarrierCode: code.optional(),
        shippingMethodCode: code.optional(),
      })
      .optional(),
  })
  .nullish();
