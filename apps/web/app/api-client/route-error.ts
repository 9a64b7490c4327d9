import { data, isRouteErrorResponse } from 'react-router';
import { ApiError } from './api';

/**
 * The message a route data error carries for the shopper (accounts-checkout-routes.md §8: "Other
 * route data errors show the message"): an error answer thrown by a loader with a
 * message (`data({ message }, { status })`, a string, or the API's envelope `result`), or the API's
 * own error message. Anything else (a bug: a TypeError and the like) has no message to show: the
 * generic 500 text is shown instead, and nothing internal leaks.
 */
export function routeErrorMessage(error: unknown): string | null {
  if (isRouteErrorResponse(error)) {
    const data: unknown = error.data;
    if (typeof data === 'string') return data.trim() || null;
    if (data && typeof data === 'object') {
      const o = data as { message?: unknown; result?: unknown };
      if (typeof o.message === 'string' && o.message.trim()) return o.message;
      if (typeof o.result === 'string' && o.result.trim()) return o.result;
    }
    return null;
  }
  if (error instanceof ApiError && error.message.trim()) return error.message;
  return null;
}

/**
 * A route loader whose API errors reach the error boundary with their message. React Router replaces
 * any error a loader throws, other than a route error answer, by "Unexpected Server Error" in a
 * production server render (so nothing internal leaks): an ApiError, whose message is the API's
 * answer for the shopper, is thrown on as `data({ message }, { status })`, which is kept. Any other
 * error (a bug, the API's own fault) is thrown as it is and keeps the generic 500 text.
 */
export function withRouteErrorMessages<A, R>(loader: (args: A) => Promise<R>): (args: A) => Promise<R> {
  return async (args: A) => {
    try {
      return await loader(args);
    } catch (e) {
      // a refusal (4xx) or a passing unavailability (503) is told to the shopper; the text of the
      // API's own fault (500 and the like) is not ("Server error codes: not shown")
      if (e instanceof ApiError && e.message.trim() && ((e.code >= 400 && e.code < 500) || e.code === 503))
        throw data({ message: e.message }, { status: e.code });
      throw e;
    }
  };
}
