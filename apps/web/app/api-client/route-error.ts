import { isRouteErrorResponse } from 'react-router';
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
