/**
 * The API's error type. A service throws `ApiError` with a message key of the domain's message
 * catalogue (`translateMessage`); the single error handler (error-handler.ts) turns it into the
 * envelope `{ code, result: "<message in the request's language>", errors? }`.
 */
export type FieldError = { field: string; message: string };
export type MessageParams = Record<string, string | number>;
export type FieldIssue = { field: string; key: string; params?: MessageParams | undefined };

export class ApiError extends Error {
  readonly statusCode: number;
  /** message key of the domain catalogue (or plain text), translated by the error handler */
  readonly key: string;
  readonly params: MessageParams | undefined;
  /** the input fields the error is about: the answer reads `"<field>: <message>"` for each */
  readonly fields: FieldIssue[];

  /** false: the answer is the message alone (a business rule), the field only in `errors` */
  readonly fieldInResult: boolean;

  constructor(
    statusCode: number,
    key: string,
    params?: MessageParams,
    fields: FieldIssue[] = [],
    fieldInResult = true,
  ) {
    // a refusal (4xx) is an answer, not a fault: nobody reads its stack (the error handler logs no
    // stack for it), and capturing one was a tenth of a sold-out order's refusal; a 5xx keeps its stack
    const limit = Error.stackTraceLimit;
    if (statusCode < 500) Error.stackTraceLimit = 0;
    try {
      super(fields.length ? fields.map((f) => `${f.field}: ${f.key}`).join('; ') : key);
    } finally {
      Error.stackTraceLimit = limit;
    }
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.key = key;
    this.params = params;
    this.fields = fields;
    this.fieldInResult = fieldInResult;
  }
}

export const badRequest = (key: string, params?: MessageParams) => new ApiError(400, key, params);

/** a 400 (or other status) naming one input field */
export const fieldError = (field: string, key: string, params?: MessageParams, status = 400) =>
  new ApiError(status, key, params, [{ field, key, params }]);

/** a 400 naming several input fields */
export const fieldsError = (fields: FieldIssue[]) =>
  new ApiError(400, fields[0]?.key ?? 'validation.invalid', undefined, fields);

/**
 * A refusal by a business rule: the answer is the spec's message itself ("Only 3 products of this
 * type are available!"); `errors` still names the field it is about.
 */
export const ruleError = (key: string, params?: MessageParams, field?: string, status = 400) =>
  new ApiError(status, key, params, field ? [{ field, key, params }] : [], false);

export const notFound = (key: string, params?: MessageParams) => new ApiError(404, key, params);
export const unauthorized = (key: string) => new ApiError(401, key);
