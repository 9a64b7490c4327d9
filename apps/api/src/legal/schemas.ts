/**
 * Request schemas after the sale (legal/routes.ts). Kept in the API: the storefront sends these
 * bodies but never validates them, and zod in the shared domain barrel would reach every shop page.
 */
import { z } from 'zod';
import { emailSchema, RETURN_GRADES, RETURN_REASONS } from '@vitrina/domain';
import { INT4_MAX } from '../lib/sql.ts';

const lineSchema = z.object({
  item_id: z.coerce.number().int().positive().max(INT4_MAX),
  qty: z.coerce.number().int().min(1).max(9999),
});

/** the buyer's withdrawal: the order (number; a guest adds the order token) and the lines concerned */
export const withdrawalBody = z.object({
  number: z.string().trim().min(1).max(32),
  token: z.string().trim().min(1).max(128).optional(),
  lines: z.array(lineSchema).min(1).max(200),
  /** the buyer pressed the confirmation button: nothing is declared without it */
  confirm: z.literal(true),
});
export type WithdrawalBody = z.infer<typeof withdrawalBody>;

/** a return the staff record */
export const staffReturnBody = z.object({
  reason: z.enum(RETURN_REASONS),
  lines: z.array(lineSchema).min(1).max(200),
  note: z.string().trim().max(1000).optional(),
});

export const returnActionBody = z.discriminatedUnion('action', [
  z.object({ action: z.literal('receive'), note: z.string().trim().max(1000).optional() }),
  z.object({ action: z.literal('inspect'), note: z.string().trim().max(1000).optional() }),
  z.object({ action: z.literal('restock'), note: z.string().trim().max(1000).optional() }),
  z.object({
    action: z.literal('not_restock'),
    grade: z.enum(RETURN_GRADES),
    note: z.string().trim().max(1000).optional(),
  }),
]);

/** The withdrawal page without an order: its number and the e-mail address it was placed with. */
export const withdrawalLinkBody = z.object({
  number: z.string().trim().min(1).max(32),
  email: emailSchema,
});
export type WithdrawalLinkBody = z.infer<typeof withdrawalLinkBody>;
