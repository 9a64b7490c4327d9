/**
 * The API's error type. A service throws `ApiError` with a message key of the domain's message
 * catalogue (`translateMessage`); the single error handler (error-handler.ts) turns it into the
 * envelope `{ code, result: "<message in the request's language>", errors? }`.
 */
export type FieldError = { field: string; message: string };
export type MessageParams = Record<string, string | number>;

export class ApiError extends Error {
  readonly statusCode: number;
  /** message key of the domain catalogue (or plain text), translated by the error handler */
  readonly key: string;
  readonly params: MessageParams | undefined;
  /** the input field the error is about: the answer reads `"<field>: <message>"` */
  readonly field: string | undefined;

  constructor(statusCode: number, key: string, params?: MessageParams, field?: string) {
    super(field ? `${field}: ${key}` : key);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.key = key;
    this.params = params;
    this.field = field;
  }
}

export const badRequest = (key: string, params?: MessageParams) => new ApiError(400, key, params);
/** a 400 naming one input field */
export const fieldError = (field: string, key: string, params?: MessageParams) =>
  new ApiError(400, key, params, field);
export const notFound = (key: string, params?: MessageParams, field?: string) =>
  new ApiError(404, key, params, field);
export const unauthorized = (key: string) => new ApiError(401, key);
