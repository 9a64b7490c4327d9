/** Request schemas of the newsletter routes (`/mailer/*`): the e-mail is the domain's `newsletterSchema`. */
import { z } from 'zod';
import { emailSchema, newsletterSchema, storeCodeSchema } from '@vitrina/domain';

export const statusQuery = z.object({ email: emailSchema, storeCode: storeCodeSchema.optional() });
export const subscribeQuery = z.object({ storeCode: storeCodeSchema.optional() });
export const subscribeBody = newsletterSchema;
/** DELETE carries the e-mail in its body (the spec) or, for clients that cannot send one, in the query */
export const unsubscribeQuery = z.object({ email: emailSchema.optional(), storeCode: storeCodeSchema.optional() });
export const unsubscribeBody = newsletterSchema.nullish();
const code = z.string().trim().min(1).max(128);
export const confirmQuery = z.object({ email: emailSchema, code, storeCode: storeCodeSchema.optional() });
export const confirmBody = z.object({ email: emailSchema, code });
/** the one-click unsubscribe link's query (newsletter/unsubscribe.ts): a base64url HMAC-SHA256 */
export const unsubscribeLinkQuery = z.object({
  email: emailSchema,
  sig: z.string().regex(/^[\w-]{43}$/, 'Invalid signature'),
  storeCode: storeCodeSchema.optional(),
});
