import type { Translator } from '../../../i18n';
import { ApiError } from '../../../api-client/api';

/**
 * What the shopper is told when a checkout call fails: the API's message in the shopper's language
 * (any other failure: the generic one). "Some of the ordered products are not available!" names
 * them (the API's `products` errors).
 */
export function failureMessage(t: Translator, err: unknown): string {
  return [
    t.msg(err instanceof ApiError ? err.message : 'error.generic'),
    ...(err instanceof ApiError
      ? (err.errors ?? []).filter((x) => x.field === 'products').map((x) => x.message)
      : []),
  ].join(' ');
}
