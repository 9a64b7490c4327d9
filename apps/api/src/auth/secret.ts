/**
 * The authentication secret (config `AUTH_SECRET`). Unset, a random one is generated on the first
 * start and kept in the `meta` table (`auth_secret`): restarts, and other processes on the same
 * database, keep accepting the tokens. Insert-if-absent then read, so two processes starting together
 * agree on one secret.
 *
 * Two keys are derived from it (HMAC-SHA256 with a label), one per use, so no key serves two purposes:
 * the access-token signing key, the refresh-token successor key (see session.ts) and the key of the
 * newsletter's unsubscribe links.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Database } from '@vitrina/db';
import { one } from '../lib/db.ts';

export const AUTH_SECRET_META_KEY = 'auth_secret';

export type AuthKeys = {
  /** HS256 key of the access tokens */
  access: Buffer;
  /** HMAC key deriving a refresh token's successor from it */
  successor: Buffer;
  /** HMAC key of the newsletter's one-click unsubscribe links (newsletter/unsubscribe.ts) */
  unsubscribe: Buffer;
};

export async function loadAuthSecret(database: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await database.query(
    `INSERT INTO meta (key, value, updated_at) VALUES ($1, to_jsonb($2::text), now()) ON CONFLICT (key) DO NOTHING`,
    [AUTH_SECRET_META_KEY, randomBytes(48).toString('base64url')],
  );
  const row = await one<{ secret: string | null }>(database, `SELECT value #>> '{}' AS secret FROM meta WHERE key = $1`, [AUTH_SECRET_META_KEY]);
  if (!row?.secret || row.secret.length < 32) throw new Error('the generated auth secret could not be read back from the meta table');
  return row.secret;
}

export function deriveAuthKeys(secret: string): AuthKeys {
  const derive = (label: string) => createHmac('sha256', secret).update(label).digest();
  return {
    access: derive('vitrina/access-token/v1'),
    successor: derive('vitrina/refresh-successor/v1'),
    unsubscribe: derive('vitrina/newsletter-unsubscribe/v1'),
  };
}
