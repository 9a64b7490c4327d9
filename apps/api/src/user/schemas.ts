/** Request schemas of the user routes: the bodies are the domain's shared schemas (accounts-checkout-routes.md §7). */
import { z } from 'zod';
import {
  changePasswordSchema,
  createPasswordSchema,
  customerCreateSchema,
  loginSchema,
  orderHistoryQuerySchema,
  profileUpdateSchema,
  resetPasswordSchema,
  storeCodeSchema,
} from '@vitrina/domain';

/** `storeCode` and the spec's `token` (also accepted as `Authorization: Bearer`) */
export const userQuery = z.object({
  storeCode: storeCodeSchema.optional(),
  token: z.string().max(2048).optional().describe('access token (also accepted as Authorization: Bearer)'),
});

export const createBody = customerCreateSchema;
export const loginBody = loginSchema;
export const refreshBody = z.object({ refreshToken: z.string().trim().min(1).max(256) });
export const logoutBody = z.object({ refreshToken: z.string().trim().max(256).optional() }).nullish();
export const meBody = profileUpdateSchema;
export const historyQuery = userQuery.extend(orderHistoryQuerySchema.shape);
export const resetBody = resetPasswordSchema;
export const createPasswordBody = createPasswordSchema;
export const changePasswordBody = changePasswordSchema;
