/** Request schemas of the staff routes (`/vsbridge/staff/*`). */
import { z } from 'zod';
import { ORDER_STATUSES, STAFF_ROLES, storeCodeSchema } from '@vitrina/domain';
import { INT4_MAX } from '../lib/sql.ts';

/** a row id in the path (PostgreSQL integer) */
export const idParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,10}$/)
    .transform(Number)
    .pipe(z.number().int().positive().max(INT4_MAX)),
});

export const storeQuery = z.object({ storeCode: storeCodeSchema.optional() });

export const loginBody = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(1024),
  /** the second factor of a two-factor account: a 6-digit code or a recovery code */
  code: z.string().trim().max(32).optional(),
});

const page = z.coerce.number().int().min(1).max(100_000).default(1);
const size = z.coerce.number().int().min(1).max(200).default(50);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** an empty filter field of a form (`?status=`) is no filter */
const optional = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

export const orderListQuery = z.object({
  storeCode: storeCodeSchema.optional(),
  status: optional(z.enum(ORDER_STATUSES)),
  payment_status: optional(z.string().max(32).regex(/^[a-z_]+$/)),
  payment_method: optional(z.string().max(64)),
  shipping_method: optional(z.string().max(128)),
  from: optional(day),
  to: optional(day),
  q: optional(z.string().trim().max(200)),
  page,
  size,
});

export const reviewListQuery = z.object({
  storeCode: storeCodeSchema.optional(),
  status: optional(z.enum(['approved', 'hidden', 'pending'])),
  page,
  size,
});

/** the order feedback list (feedback on an order as a whole: delivery, service), newest first */
export const orderFeedbackListQuery = z.object({ storeCode: storeCodeSchema.optional(), page, size });

export const reviewStatusBody = z.object({ status: z.enum(['approved', 'hidden']) });

export const messageListQuery = z.object({
  storeCode: storeCodeSchema.optional(),
  state: optional(z.enum(['open', 'handled', 'all'])),
  page,
  size,
});

export const listFormatQuery = z.object({
  storeCode: storeCodeSchema.optional(),
  format: optional(z.enum(['json', 'csv'])),
});

export const auditQuery = z.object({ storeCode: storeCodeSchema.optional(), page, size });

/** `npm run staff` handed over to the running shop (staff/cli.ts) */
export const cliBody = z.object({
  command: z.enum(['add', 'list', 'disable', 'passwd']),
  email: z.string().trim().max(254).optional(),
  role: z.enum(STAFF_ROLES).optional(),
  password: z.string().max(1024).optional(),
});

// ---- money after the sale: recorded payments, refunds (order/payments-received.ts, order/refunds.ts)

/** a refund's path: the order and the refund */
export const refundParams = z.object({
  id: z.string().regex(/^\d{1,10}$/).transform(Number).pipe(z.number().int().positive().max(INT4_MAX)),
  refundId: z.string().regex(/^\d{1,10}$/).transform(Number).pipe(z.number().int().positive().max(INT4_MAX)),
});

/** cents of a form: an integer, at most 100 000 000 (one million euros) */
const cents = z.number().int().min(0).max(100_000_000);

export const recordPaymentBody = z.object({
  method: z.enum(['banktransfer', 'cashondelivery']),
  amountCents: cents.min(1),
  receivedOn: day,
  reference: z.string().trim().max(140).default(''),
});

export const refundBody = z
  .object({
    lines: z.array(z.object({ lineId: z.number().int().positive().max(INT4_MAX), qty: z.number().int().min(0).max(100_000) })).max(500).optional(),
    shipping: z.boolean().optional(),
    amountCents: cents.optional(),
    full: z.boolean().optional(),
    /** return the units to stock (a full refund only; a return's restock is the returns' own) */
    restock: z.boolean().optional(),
    reason: z.string().trim().min(1).max(500),
  })
  .strict();

/** a return's refund from its page: the amount (at most the returned goods' refund) and why */
export const returnRefundBody = z
  .object({ amountCents: cents, reason: z.string().trim().min(1).max(500) })
  .strict();

export const refundDoneBody = z.object({ reference: z.string().trim().max(140).default('') });

export const creditNoteParams = z.object({
  id: z.string().regex(/^\d{1,10}$/).transform(Number).pipe(z.number().int().positive().max(INT4_MAX)),
  note: z.string().trim().min(1).max(32),
});

/** an admin invites a colleague (the back office) */
export const inviteBody = z.object({
  email: z
    .string()
    .trim()
    .min(3)
    .max(254)
    .regex(/^[^\s@]+@[^\s@]+$/, 'an e-mail address'),
  role: z.enum(STAFF_ROLES),
});

export const roleBody = z.object({ role: z.enum(STAFF_ROLES) });

/** a link's token (base64url of 32 bytes) */
export const linkToken = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/);
export const linkQuery = z.object({ storeCode: storeCodeSchema.optional(), token: linkToken });
export const linkPasswordBody = z.object({ token: linkToken, password: z.string().min(1).max(1024) });

/** a code of the authenticator app (confirms a two-factor enrolment) */
export const codeBody = z.object({ code: z.string().trim().min(1).max(32) });
