/**
 * `GET /vsbridge/mail/outbox?kind&to`: the e-mails written to the outbox, newest first. Registered
 * ONLY when `EXPOSE_OUTBOX=true` (config.exposeOutbox): browser tests read the password reset and
 * newsletter e-mails with it and follow their links. Off by default: it would hand anyone the reset
 * links of every customer.
 */
import { z } from 'zod';
import { emailSchema } from '@vitrina/domain';
import type { SqlRow, schema } from '@vitrina/db';
import type { ApiApp, ApiContext } from '../context.ts';
import { ok } from '../http/envelope.ts';
import { rows } from '../lib/db.ts';

const outboxQuery = z.object({
  kind: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .optional()
    .describe('e.g. mail.password-reset, mail.newsletter-confirmation, order.confirmation-email'),
  to: emailSchema.optional().describe('the recipient'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

type Row = Pick<
  SqlRow<typeof schema.outbox>,
  'id' | 'kind' | 'payload' | 'attempts' | 'created_at' | 'processed_at'
>;

export function mailRoutes(app: ApiApp, ctx: Pick<ApiContext, 'config' | 'database'>) {
  if (!ctx.config.exposeOutbox) return;
  app.get('/vsbridge/mail/outbox', { schema: { hide: true, querystring: outboxQuery } }, async (req) => {
    const { kind, to, limit } = req.query;
    const found = await rows<Row>(
      ctx.database,
      `SELECT id, kind, payload, attempts, created_at, processed_at FROM outbox
         WHERE ($1::text IS NULL OR kind = $1)
           AND ($2::text IS NULL OR lower(coalesce(payload->>'to', payload->>'email')) = lower($2))
         ORDER BY id DESC LIMIT $3`,
      [kind ?? null, to ?? null, limit],
    );
    return ok(
      found.map((r) => ({
        id: Number(r.id),
        kind: r.kind,
        to: r.payload.to ?? r.payload.email ?? null,
        subject: r.payload.subject ?? null,
        text: r.payload.text ?? null,
        link: r.payload.link ?? null,
        payload: r.payload,
        attempts: r.attempts,
        created_at: new Date(r.created_at).toISOString(),
        processed_at: r.processed_at ? new Date(r.processed_at).toISOString() : null,
      })),
    );
  });
}
