/**
 * The API envelope (DESIGN.md "The API contract"): `{ code, result }` with the HTTP status equal to
 * `code`. Handlers answer `ok(result)`; errors go through the error handler (error-handler.ts).
 */
export type Envelope<T> = { code: number; result: T };

export function ok<T>(result: T): Envelope<T> & { code: 200 } {
  return { code: 200, result };
}
