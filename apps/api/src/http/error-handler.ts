/**
 * The single error handler of the API: every failure becomes the envelope
 * `{ code, result: "<message in the request's language>", errors?: [{ field, message }] }` with the
 * HTTP status equal to `code`. Bad input is a 4xx naming the field; unexpected errors are logged
 * (structured, with the stack) and answered as a plain 500 without details.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '@vitrina/db';
import { issuesToFieldErrors } from '@vitrina/domain';
import { ApiError, type FieldError } from './errors.ts';
import { t } from './i18n.ts';
import { requestStoreCode } from './request.ts';
import { RequestValidationError } from './validation.ts';

export type ErrorBody = { code: number; result: string; errors?: FieldError[] };

const CONTEXT_NAMES: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'headers',
};

/** PostgreSQL "query_canceled" (statement_timeout) */
const PG_QUERY_CANCELED = '57014';

/**
 * Seconds a client is asked to wait (Retry-After) while the database cannot be reached: a restart of
 * PostgreSQL takes a few; the database client has already retried for about a second and a half.
 */
const DATABASE_RETRY_AFTER_S = 3;

export function errorBody(error: unknown, req: FastifyRequest): ErrorBody {
  const store = requestStoreCode(req);
  if (error instanceof ApiError) {
    if (!error.fields.length) return { code: error.statusCode, result: t(error.key, store, error.params) };
    const errors = error.fields.map((f) => ({ field: f.field, message: t(f.key, store, f.params) }));
    const result = error.fieldInResult
      ? errors.map((e) => `${e.field}: ${e.message}`).join('; ')
      : t(error.key, store, error.params);
    return { code: error.statusCode, result, errors };
  }
  if (error instanceof RequestValidationError) {
    const errors = issuesToFieldErrors(error.issues, store).map((e) => ({
      field: e.field === '(root)' ? (CONTEXT_NAMES[error.validationContext ?? ''] ?? 'body') : e.field,
      message: e.message,
    }));
    return { code: 400, result: errors.map((e) => `${e.field}: ${e.message}`).join('; '), errors };
  }
  const err = error as Partial<FastifyError> & { code?: string };
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY': {
      const message = t('api.malformedJson', store);
      return { code: 400, result: `body: ${message}`, errors: [{ field: 'body', message }] };
    }
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return {
        code: 413,
        result: t('api.payloadTooLarge', store, { limit: req.routeOptions.bodyLimit ?? '' }),
      };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { code: 415, result: t('api.unsupportedMediaType', store) };
    // the router's refusals (app.ts frameworkErrors); Fastify's own text would echo the whole URL
    case 'FST_ERR_BAD_URL':
      return { code: 400, result: t('api.badUrl', store) };
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { code: 414, result: t('api.uriTooLong', store) };
    case PG_QUERY_CANCELED:
      // SEARCH_TIMEOUT_MS bounds a catalogue search; DATABASE_STATEMENT_TIMEOUT_MS any other statement
      return {
        code: 503,
        result: t(req.url.startsWith('/vsbridge/catalog/') ? 'api.searchTimeout' : 'api.databaseBusy', store),
      };
  }
  // the database is down, restarting or out of connections: a passing state, not a fault of the request
  if (isDatabaseUnavailable(error)) return { code: 503, result: t('api.databaseUnavailable', store) };
  const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
  if (status >= 400 && status < 500) {
    // Fastify's own client errors (bad URL encoding, too long params, ...): their text names no secret
    return {
      code: status,
      result: typeof err.message === 'string' ? err.message : t('error.generic', store),
    };
  }
  return { code: 500, result: t('error.internal500', store) };
}

export function errorHandler(error: unknown, req: FastifyRequest, reply: FastifyReply) {
  const body = errorBody(error, req);
  const unavailable = body.code === 503 && isDatabaseUnavailable(error);
  // an outage is logged once by the database client, not once per request; a 503 the API chose (a
  // full image queue, a statement over its time) is a refusal, not a fault: no stack per request
  const refused =
    body.code === 503 &&
    (error instanceof ApiError || (error as { code?: unknown }).code === PG_QUERY_CANCELED);
  if (body.code >= 500 && !unavailable && !refused) req.log.error({ err: error }, 'request failed');
  else req.log.info({ code: body.code, result: body.result }, 'request refused');
  if (unavailable) reply.header('retry-after', String(DATABASE_RETRY_AFTER_S));
  // sent, not returned: Fastify awaits a returned reply as a promise, which listens for the end of
  // its stream (listeners and closures per refusal) when an answer does not end at once
  reply.code(body.code).type('application/json; charset=utf-8').send(body);
}

export function notFoundHandler(req: FastifyRequest, reply: FastifyReply) {
  const store = requestStoreCode(req);
  reply.code(404).send({ code: 404, result: t('error.notFound', store) });
}
