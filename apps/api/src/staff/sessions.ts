/**
 * Staff sessions: their own short-lived sessions, apart from the customers' tokens.
 *
 * A login gives a random 256-bit token in an httpOnly, SameSite=Strict cookie (Secure when
 * PUBLIC_URL is https); the database keeps only its sha-256. A session ends after
 * STAFF_SESSION_IDLE_MINUTES without a request, STAFF_SESSION_MAX_HOURS after its login, on logout,
 * and when its account is disabled or gets a new password. With STAFF_2FA_REQUIRED an admin without a
 * two-factor login is refused (403) everywhere but its set-up. SameSite=Strict keeps other sites' forms
 * and links from carrying the cookie (no cross-site request forgery of staff actions).
 *
 * Logins are rate-limited per e-mail and per client address with the shop's limiter (before the
 * password is checked, so a parallel flood cannot slip past); a success forgets the e-mail's count.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '@vitrina/db';
import type { StaffRole } from '@vitrina/domain';
import type { ApiConfig } from '../config.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { RateLimitError, enforce, type RateLimiter } from '../auth/rate-limit.ts';
import { ApiError } from '../http/errors.ts';
import { one } from '../lib/db.ts';
import { audit, type StaffActor } from './audit.ts';
import { normaliseStaffEmail } from './accounts.ts';
import { checkSecondFactor, twoFactorOf } from './two-factor.ts';

export const STAFF_COOKIE = 'vitrina_staff';
/**
 * The cookie's name when it is Secure (production, or an https PUBLIC_URL): the `__Host-` prefix makes
 * browsers refuse it unless Secure, host-only and for `/`, so a sibling subdomain cannot plant a
 * session cookie of its own (session fixation); the plain name is then ignored.
 */
export const SECURE_STAFF_COOKIE = `__Host-${STAFF_COOKIE}`;

export type StaffPrincipal = StaffActor & { staffId: number; role: StaffRole };

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/** the staff session token of a Cookie header, if any, under `name` */
export function staffTokenOf(cookieHeader: string | undefined, name = STAFF_COOKIE): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) {
      const value = part.slice(at + 1).trim();
      return /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : undefined;
    }
  }
  return undefined;
}

export class StaffSessions {
  constructor(
    private readonly database: Database,
    private readonly config: ApiConfig,
    private readonly limiter: RateLimiter,
  ) {}

  /** the cookie's name: `__Host-` prefixed whenever it is Secure */
  get cookieName(): string {
    return this.config.staff.secureCookie ? SECURE_STAFF_COOKIE : STAFF_COOKIE;
  }

  /** the session token of a request's Cookie header, under this shop's cookie name only */
  tokenOf(cookieHeader: string | undefined): string | undefined {
    return staffTokenOf(cookieHeader, this.cookieName);
  }

  /** the Set-Cookie value that starts (token) or ends (undefined) a session */
  cookie(token: string | undefined): string {
    const parts = [
      `${this.cookieName}=${token ?? ''}`,
      'Path=/',
      'HttpOnly',
      'SameSite=Strict',
      `Max-Age=${token ? this.config.staff.maxSeconds : 0}`,
    ];
    if (this.config.staff.secureCookie) parts.push('Secure');
    return parts.join('; ');
  }

  async login(email: string, password: string, clientAddress: string, code?: string): Promise<{ token: string; principal: StaffPrincipal }> {
    const address = normaliseStaffEmail(email);
    // per (account, address) pair: failing on purpose elsewhere cannot lock a staff member out
    const accountKey = `staff-login:account:${clientAddress}|${address}`;
    await enforce(this.limiter, [
      { key: accountKey, rule: this.config.rateLimits.staffLoginAccount },
      { key: `staff-login:address:${clientAddress}`, rule: this.config.rateLimits.staffLoginAddress },
    ]);
    await this.growingDelay(address, clientAddress);
    const row = await one<{ id: number; email: string; role: StaffRole; password_hash: string; disabled_at: Date | null }>(
      this.database,
      'SELECT id, email, role, password_hash, disabled_at FROM staff_users WHERE email = $1',
      [address],
    );
    const valid = await verifyPassword(row?.password_hash, password);
    if (!row || !valid || row.disabled_at !== null) {
      await audit(this.database, { staffId: row?.id ?? null, email: address }, 'login.failed', null, { clientAddress });
      throw new ApiError(401, 'staff.invalidCredentials');
    }
    // a two-factor account: the code (or a recovery code) after the password, in the same attempt
    if ((await twoFactorOf(this.database, row.id)).enabled) {
      if (!code) throw new ApiError(401, 'staff.codeRequired');
      if (!(await checkSecondFactor(this.database, row.id, code))) {
        await audit(this.database, { staffId: row.id, email: address }, 'login.failed', null, { clientAddress, secondFactor: true });
        throw new ApiError(401, 'staff.codeInvalid');
      }
    }
    await this.limiter.reset(accountKey);
    const token = randomBytes(32).toString('base64url');
    const principal: StaffPrincipal = { staffId: row.id, email: row.email, role: row.role };
    await this.database.transaction(async (tx) => {
      await tx.query(`INSERT INTO staff_sessions (token_hash, staff_id, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`, [
        sha256(token),
        row.id,
        this.config.staff.maxSeconds,
      ]);
      // a login also sweeps the expired sessions of everyone (a few rows: staff are few)
      await tx.query(
        `DELETE FROM staff_sessions WHERE expires_at <= now() OR last_seen_at <= now() - make_interval(secs => $1)`,
        [this.config.staff.idleSeconds],
      );
      await audit(tx, principal, 'login', null, { clientAddress });
    });
    return { token, principal };
  }

  /**
   * The growing delay of a (staff e-mail, client address) pair: after n failed logins since the
   * pair's last success (within the account rule's window) the next attempt waits
   * STAFF_LOGIN_DELAY_SECONDS × 2^(n-1), at most the window; earlier, 429 with the seconds left.
   * Read from the audit log's rows, so every process of the shop agrees.
   */
  private async growingDelay(address: string, clientAddress: string): Promise<void> {
    const base = this.config.staff.loginDelaySeconds;
    const window = this.config.rateLimits.staffLoginAccount.windowSeconds;
    if (base === 0) return;
    const failed = await one<{ n: number; since: number | string | null }>(
      this.database,
      `SELECT count(*)::int AS n, extract(epoch FROM now() - max(created_at))::float8 AS since
       FROM staff_audit_log
       WHERE action = 'login.failed' AND staff_email = $1 AND details->>'clientAddress' = $2
         AND created_at > now() - make_interval(secs => $3)
         AND created_at > coalesce((SELECT max(created_at) FROM staff_audit_log
           WHERE action = 'login' AND staff_email = $1 AND details->>'clientAddress' = $2), '-infinity')`,
      [address, clientAddress, window],
    );
    const n = failed?.n ?? 0;
    if (n === 0) return;
    const wait = Math.min(base * 2 ** Math.min(n - 1, 30), window);
    const left = wait - Number(failed?.since ?? wait);
    if (left > 0) throw new RateLimitError(Math.max(1, Math.ceil(left)));
  }

  /**
   * The staff member of a session token, or a 401; the session's idle clock restarts. An expired or
   * idle session is deleted on sight.
   */
  async authenticate(token: string | undefined, options: { settingUpTwoFactor?: boolean } = {}): Promise<StaffPrincipal> {
    if (!token) throw new ApiError(401, 'staff.loginRequired');
    const row = await one<{ staff_id: number; email: string; role: StaffRole; two_factor: boolean }>(
      this.database,
      `UPDATE staff_sessions s SET last_seen_at = now()
       FROM staff_users u
       WHERE s.token_hash = $1 AND u.id = s.staff_id AND u.disabled_at IS NULL
         AND s.expires_at > now() AND s.last_seen_at > now() - make_interval(secs => $2)
       RETURNING s.staff_id, u.email, u.role, u.totp_enabled_at IS NOT NULL AS two_factor`,
      [sha256(token), this.config.staff.idleSeconds],
    );
    if (!row) {
      await this.database.query('DELETE FROM staff_sessions WHERE token_hash = $1', [sha256(token)]);
      throw new ApiError(401, 'staff.loginRequired');
    }
    // STAFF_2FA_REQUIRED: an admin without a two-factor login may only set it up (every staff route's guard comes here)
    if (this.config.staff.twoFactorRequired && row.role === 'admin' && !row.two_factor && !options.settingUpTwoFactor)
      throw new ApiError(403, 'staff.twoFactorRequired');
    return { staffId: row.staff_id, email: row.email, role: row.role };
  }

  async logout(token: string | undefined): Promise<void> {
    if (!token) return;
    await this.database.transaction(async (tx) => {
      const row = await one<{ staff_id: number; email: string }>(
        tx,
        'DELETE FROM staff_sessions s USING staff_users u WHERE s.token_hash = $1 AND u.id = s.staff_id RETURNING s.staff_id, u.email',
        [sha256(token)],
      );
      if (row) await audit(tx, { staffId: row.staff_id, email: row.email }, 'logout', null);
    });
  }
}
