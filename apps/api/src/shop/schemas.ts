/** Request schemas of the shop data routes. */
import { z } from 'zod';
import { countryIdSchema, storeCodeSchema } from '@vitrina/domain';

export const storeQuery = z.object({ storeCode: storeCodeSchema.optional() });
export const pickupQuery = z.object({
  code: z.string().trim().min(1).max(64).describe('carrier code, e.g. omniva'),
  cartId: z.string().trim().max(128).optional().describe("the cart whose country is used"),
  countryId: countryIdSchema.optional().describe('the country when there is no cart (default LT)'),
  storeCode: storeCodeSchema.optional(),
  token: z.string().max(2048).optional(),
});
export const deliveryQuery = storeQuery.extend({
  countryId: countryIdSchema
    .optional()
    .describe("the shopper's delivery country once known (default: the store view's own country)"),
});
