/**
 * The signing secrets of webhook endpoints at rest. HMAC needs the secret itself (a hash would not
 * sign), so it is stored, but encrypted: AES-256-GCM under a key derived from the auth secret
 * (AUTH_SECRET, else the one generated into the `meta` table: auth/secret.ts) with its own label, so
 * the key serves no other purpose. A copy of the `webhook_endpoints` table alone (an export, a log of
 * its rows) reveals no secret; with AUTH_SECRET set outside the database, a dump of the whole
 * database does not either. The back office shows a secret once, when it is made, then only its last
 * four characters. Changing AUTH_SECRET makes the stored secrets unreadable: the endpoint's delivery
 * log says so and "new secret" makes another.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { Database } from '@vitrina/db';
import { loadAuthSecret } from '../auth/secret.ts';

const LABEL = 'vitrina/webhook-secret/v1';

export async function webhookSecretKey(database: Database, configured: string | undefined): Promise<Buffer> {
  return createHmac('sha256', await loadAuthSecret(database, configured))
    .update(LABEL)
    .digest();
}

/** a new signing secret: 32 random bytes, prefixed so a receiver's configuration says what it is */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** `v1.<iv>.<tag>.<ciphertext>`, base64url parts */
export function encryptWebhookSecret(key: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** the secret, or null when it cannot be read (another key, a damaged value) */
export function decryptWebhookSecret(key: Buffer, stored: string): string | null {
  const [version, iv, tag, data] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}

/** what the back office shows of a secret after it was made */
export const secretHint = (secret: string) => `…${secret.slice(-4)}`;
