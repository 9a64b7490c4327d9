/**
 * Validation glue: every route declares zod schemas for its querystring, params and body (mostly the
 * domain's shared schemas). The validator compiler parses with them; a failure becomes a
 * `RequestValidationError` carrying the zod issues, which the error handler translates (through the
 * domain's `issuesToFieldErrors`) in the request's store view language, naming each field.
 */
import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { nulCharacterIssues, storeCodeSchema } from '@vitrina/domain';

export class RequestValidationError extends Error {
  readonly statusCode = 400;
  readonly code = 'FST_ERR_VALIDATION';
  validationContext?: string;
  constructor(readonly issues: z.core.$ZodIssue[]) {
    super('request validation failed');
    this.name = 'RequestValidationError';
  }
}

function check<T>(schema: z.ZodType<T>, data: unknown): { value: T } | { error: RequestValidationError } {
  // U+0000 first: a schema that accepts any string would let it through to PostgreSQL (a 500)
  const nul = nulCharacterIssues(data);
  if (nul.length) return { error: new RequestValidationError(nul) };
  const r = schema.safeParse(data, { reportInput: true });
  if (r.success) return { value: r.data };
  return { error: new RequestValidationError(r.error.issues) };
}

export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) =>
    check(schema, data);

/**
 * A body checked by `head` alone when `head` takes it; one `head` refuses is refused by `whole`,
 * naming every field at fault as `whole` alone would (the rest is checked later: `parseBody`).
 */
export const headFirst =
  (head: z.ZodType, whole: z.ZodType) =>
  (data: unknown): { value: unknown } | { error: RequestValidationError } => {
    const r = check(head, data);
    return 'error' in r ? check(whole, data) : r;
  };

/**
 * A request body checked by `schema` later than the route's validation (the order's whole body, once
 * it is not refused for stock: order/place.ts), refused with the same 400 as the route's would be.
 */
export function parseBody<T>(schema: z.ZodType<T>, data: unknown): T {
  const r = check(schema, data);
  if ('value' in r) return r.value;
  r.error.validationContext = 'body';
  throw r.error;
}

/** `storeCode` query parameter (CONTRACTS.md: lt default, en, ru); anything else is a 400 naming it */
export const storeQuery = z.object({ storeCode: storeCodeSchema.optional() });

/** a comma-separated list in a query parameter: `skus=a,b` (repeated parameters are joined too) */
export const csvList = (max: number, item: z.ZodType<string, string> = z.string().trim().min(1).max(64)) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((v) =>
      (Array.isArray(v) ? v.join(',') : v)
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item).min(1).max(max));

/** the optional `token` query parameter of the spec (also accepted as `Authorization: Bearer`) */
export const tokenQuery = z.object({ token: z.string().max(2048).optional() });
