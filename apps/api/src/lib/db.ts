/**
 * The API's few needs of @vitrina/db: plain parameterised queries (values only as $n parameters)
 * on a database or inside a transaction (`Executor`), the same on PGlite and PostgreSQL.
 */
import type { Executor } from '@vitrina/db';

/** what both a Database and a transaction offer */
export type Queryable = Pick<Executor, 'query'>;

export function rows<T>(q: Queryable, text: string, params: readonly unknown[] = []): Promise<T[]> {
  return q.query<T>(text, params);
}

export async function one<T>(q: Queryable, text: string, params: readonly unknown[] = []): Promise<T | undefined> {
  return (await q.query<T>(text, params))[0];
}

/** PostgreSQL's unique_violation */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}
