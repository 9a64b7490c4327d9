/**
 * Customer sessions.
 *
 * - Access token: HS256 JWT (jwt.ts), 15 min by default, claims = customer id, group id, session id.
 *   `authenticate(request)` accepts it as `Authorization: Bearer` or `?token=` and also checks that
 *   the session is still open, so logout and password changes take effect at once.
 * - Refresh token: 32 random bytes (base64url), stored only as its sha256, in `refresh_tokens`. A
 *   session is a family of refresh tokens (`family_id`, also the access token's `sid`). Every
 *   `refresh` rotates: the presented token is marked `rotated_at` and its successor is stored.
 * - Reuse: a rotated token presented again within `REFRESH_REUSE_GRACE_SECONDS` (10 s) answers the
 *   same new pair (a lost response, a second tab); later, the family is revoked (a stolen token).
 *
 * How the same pair is answered without keeping plaintext tokens: the successor is not random but
 * `HMAC-SHA256(successorKey, presentedToken)` (successorKey derived from AUTH_SECRET). Presented again,
 * the old token derives the same successor, which is checked against the stored `replaced_by_hash`;
 * the access token is signed with `iat = rotated_at`, so it is byte-identical too. Nothing reversible
 * is stored (a database dump alone yields no usable token), no extra column or expiry job is needed,
 * and two concurrent refreshes with one token cannot fork the family (the successor's hash is unique).
 * The successors are unpredictable without AUTH_SECRET, the same secret that signs access tokens, so
 * the chain adds no new secret to protect. The first token of a session is plain random.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '@vitrina/db';
import type { FastifyRequest } from 'fastify';
import type { ApiConfig } from '../config.ts';
import { unauthorized } from '../http/errors.ts';
import { requestToken } from '../http/request.ts';
import { one, type Queryable } from '../lib/db.ts';
import { signAccessToken, verifyAccessToken } from './jwt.ts';
import { deriveAuthKeys, loadAuthSecret, type AuthKeys } from './secret.ts';

/** the customer a request acts for */
export type Principal = { customerId: number; groupId: number; sessionId: string };

export type TokenPair = { accessToken: string; refreshToken: string };

/** what the cart (and anything else that only needs to know who holds a token) depends on */
export interface TokenVerifier {
  verify(token: string): Promise<Principal | undefined>;
}

type RefreshRow = {
  id: number;
  customer_id: number;
  family_id: string;
  expires_at: Date | string;
  rotated_at: Date | string | null;
  replaced_by_hash: string | null;
  revoked_at: Date | string | null;
  group_id: number | null;
  /** the customer was disabled in the back office: the session cannot go on */
  disabled_at: Date | string | null;
};

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

export class AuthService implements TokenVerifier {
  constructor(
    private readonly database: Database,
    private readonly config: ApiConfig,
    private readonly keys: AuthKeys,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** reads (or creates) the secret, then the service */
  static async create(database: Database, config: ApiConfig): Promise<AuthService> {
    return new AuthService(
      database,
      config,
      deriveAuthKeys(await loadAuthSecret(database, config.authSecret)),
    );
  }

  /**
   * The signature of an e-mail address's unsubscribe link (HMAC-SHA256 with a key derived from the
   * shop's AUTH_SECRET): the link works without an account, and only for the address it was made for.
   */
  unsubscribeSignature(email: string): string {
    return createHmac('sha256', this.keys.unsubscribe).update(email).digest('base64url');
  }

  // ---------------------------------------------------------------- requests

  /** the customer of a token, or undefined: bad signature, expired, session ended, customer gone or disabled */
  async verify(token: string): Promise<Principal | undefined> {
    const claims = verifyAccessToken(token, this.keys.access, seconds(this.clock()));
    if (!claims) return undefined;
    const row = await one<{ id: number; group_id: number }>(
      this.database,
      `SELECT c.id, c.group_id FROM customers c
       WHERE c.id = $1 AND c.disabled_at IS NULL AND EXISTS (
         SELECT 1 FROM refresh_tokens r
         WHERE r.family_id = $2 AND r.customer_id = c.id AND r.revoked_at IS NULL AND r.expires_at > now())`,
      [Number(claims.sub), claims.sid],
    );
    return row ? { customerId: row.id, groupId: row.group_id, sessionId: claims.sid } : undefined;
  }

  /**
   * The customer of a request (every customer endpoint): no token → 401 "You need to be logged in",
   * an invalid or expired one → 401 "Your session has expired" (the client then refreshes).
   */
  async authenticate(req: FastifyRequest): Promise<Principal> {
    const token = requestToken(req);
    if (!token) throw unauthorized('user.loginRequired');
    const principal = await this.verify(token);
    if (!principal) throw unauthorized('error.unauthorized');
    return principal;
  }

  /** like `authenticate`, but a request without a token is a guest (undefined) */
  async optionalAuthenticate(req: FastifyRequest): Promise<Principal | undefined> {
    return requestToken(req) === undefined ? undefined : this.authenticate(req);
  }

  // ---------------------------------------------------------------- sessions

  private accessToken(customerId: number, groupId: number, sessionId: string, issuedAt: Date): string {
    const iat = seconds(issuedAt);
    return signAccessToken(
      {
        sub: String(customerId),
        gid: groupId,
        sid: sessionId,
        iat,
        exp: iat + this.config.accessTokenTtlSeconds,
      },
      this.keys.access,
    );
  }

  private successorOf(refreshToken: string): string {
    return createHmac('sha256', this.keys.successor).update(refreshToken).digest('base64url');
  }

  private expiry(from: Date): Date {
    return new Date(from.getTime() + this.config.refreshTokenTtlSeconds * 1000);
  }

  /** a new session (login): a new family with its first, random, refresh token */
  async startSession(q: Queryable, customer: { id: number; group_id: number }): Promise<TokenPair> {
    const now = this.clock();
    const familyId = randomBytes(16).toString('base64url');
    const refreshToken = randomBytes(32).toString('base64url');
    await q.query('DELETE FROM refresh_tokens WHERE customer_id = $1 AND expires_at < $2', [
      customer.id,
      now,
    ]);
    await q.query(
      'INSERT INTO refresh_tokens (customer_id, family_id, token_hash, expires_at) VALUES ($1, $2, $3, $4)',
      [customer.id, familyId, sha256(refreshToken), this.expiry(now)],
    );
    return { accessToken: this.accessToken(customer.id, customer.group_id, familyId, now), refreshToken };
  }

  /** rotates a refresh token (see the module comment); 401 "Error refreshing user token..." when refused */
  async refresh(refreshToken: string): Promise<TokenPair> {
    const now = this.clock();
    const tokenHash = sha256(refreshToken);
    const successor = this.successorOf(refreshToken);
    const successorHash = sha256(successor);
    const outcome = await this.database.transaction(async (tx) => {
      const row = await one<RefreshRow>(
        tx,
        `SELECT r.id, r.customer_id, r.family_id, r.expires_at, r.rotated_at, r.replaced_by_hash, r.revoked_at, c.group_id, c.disabled_at
         FROM refresh_tokens r LEFT JOIN customers c ON c.id = r.customer_id
         WHERE r.token_hash = $1 FOR UPDATE OF r`,
        [tokenHash],
      );
      if (!row || row.revoked_at !== null || row.group_id === null || row.disabled_at !== null || new Date(row.expires_at) <= now)
        return { ok: false as const };
      if (row.rotated_at === null) {
        await tx.query('UPDATE refresh_tokens SET rotated_at = $2, replaced_by_hash = $3 WHERE id = $1', [
          row.id,
          now,
          successorHash,
        ]);
        await tx.query(
          'INSERT INTO refresh_tokens (customer_id, family_id, token_hash, expires_at) VALUES ($1, $2, $3, $4)',
          [row.customer_id, row.family_id, successorHash, this.expiry(now)],
        );
        return { ok: true as const, row, issuedAt: now };
      }
      const rotatedAt = new Date(row.rotated_at);
      const withinGrace = now.getTime() - rotatedAt.getTime() <= this.config.refreshReuseGraceSeconds * 1000;
      if (withinGrace && row.replaced_by_hash === successorHash)
        return { ok: true as const, row, issuedAt: rotatedAt };
      // reuse of a rotated token after the grace period: the family is compromised
      await this.revokeFamily(tx, row.family_id);
      return { ok: false as const, reuse: true };
    });
    if (!outcome.ok) throw unauthorized('error.tokenRefreshUnauthorized');
    const { row, issuedAt } = outcome;
    return {
      accessToken: this.accessToken(row.customer_id, row.group_id ?? 1, row.family_id, issuedAt),
      refreshToken: successor,
    };
  }

  /** logout: ends the session named by the access token (even expired, if well signed) and/or the refresh token */
  // ---------------------------------------------------------------- group token (price tiers)

  private groupSignature(body: string): Buffer {
    return createHmac('sha256', this.keys.access).update(`vitrina/group-token/v1:${body}`).digest();
  }

  /**
   * The signed group token of accounts-checkout-routes.md §3 "User" (groupToken) and §6 (price tiers):
   * `<groupId>.<expires, s>.<HMAC>`. It names a group, not a customer: a storefront sends it with
   * catalogue requests to see the group's prices, and nobody can claim another group without it.
   */
  signGroupToken(groupId: number): string {
    const body = `${groupId}.${seconds(this.clock()) + this.config.refreshTokenTtlSeconds}`;
    return `${body}.${this.groupSignature(body).toString('base64url')}`;
  }

  /** the group of a valid, unexpired group token; undefined otherwise */
  verifyGroupToken(token: string): number | undefined {
    const m = /^(\d{1,9})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!m) return undefined;
    const expected = this.groupSignature(`${m[1]}.${m[2]}`);
    const given = Buffer.from(m[3] as string, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    if (Number(m[2]) <= seconds(this.clock())) return undefined;
    return Number(m[1]);
  }

  async endSession(accessToken: string | undefined, refreshToken: string | undefined): Promise<boolean> {
    const families = new Set<string>();
    const claims = accessToken
      ? verifyAccessToken(accessToken, this.keys.access, seconds(this.clock()), { ignoreExpiry: true })
      : undefined;
    if (claims) families.add(claims.sid);
    if (refreshToken) {
      const row = await one<{ family_id: string }>(
        this.database,
        'SELECT family_id FROM refresh_tokens WHERE token_hash = $1',
        [sha256(refreshToken)],
      );
      if (row) families.add(row.family_id);
    }
    for (const family of families) await this.revokeFamily(this.database, family);
    return families.size > 0;
  }

  async revokeFamily(q: Queryable, familyId: string): Promise<void> {
    await q.query(
      'UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL',
      [familyId],
    );
  }

  /** ends every session of a customer (password reset), or every other one (password change) */
  async endAllSessions(q: Queryable, customerId: number, exceptSessionId?: string): Promise<void> {
    await q.query(
      'UPDATE refresh_tokens SET revoked_at = now() WHERE customer_id = $1 AND revoked_at IS NULL AND family_id <> $2',
      [customerId, exceptSessionId ?? ''],
    );
  }
}
