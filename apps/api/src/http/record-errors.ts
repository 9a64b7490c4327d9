/**
 * The back office's saves go through the import file's schema and the importer; these turn their
 * refusals into the API's 400, naming each field within the record (`price`,
 * `configurable_children.0.price`) rather than its place in an import file.
 */
import type { z } from 'zod';
import type { ImportError } from '@vitrina/db';
import { issuesToFieldErrors, type StoreCode } from '@vitrina/domain';
import { ApiError } from './errors.ts';

/**
 * 400 for a record the import schema refused: the schema's own messages (the API's dictionary has
 * them in lt and en), else zod's in the store view's language. `whole` names an issue about the
 * record itself, e.g. '(product)'.
 */
export function recordFieldErrors(
  issues: readonly z.core.$ZodIssue[],
  store: StoreCode,
  whole: string,
): ApiError {
  const generic = issuesToFieldErrors(issues, store);
  return new ApiError(
    400,
    'validation.invalid',
    undefined,
    issues.map((i, n) => ({
      field: i.path.map(String).join('.') || whole,
      key:
        i.code === 'custom' || !i.message.startsWith('Invalid')
          ? i.message
          : (generic[n]?.message ?? i.message),
    })),
  );
}

/** 400 for the importer's refusal of one collection's records (`categories[0].url_key` → `url_key`) */
export function importRecordErrors(err: ImportError, collection: string, whole: string): ApiError {
  const prefix = new RegExp(`^${collection}\\[\\d+\\]\\.?`);
  return new ApiError(
    400,
    'validation.invalid',
    undefined,
    err.issues.map((i) => ({ field: i.path.replace(prefix, '') || whole, key: i.message })),
  );
}
