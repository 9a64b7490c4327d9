/**
 * Optional two-factor login of a staff account: TOTP (RFC 6238, 6 digits, 30 s, SHA-1: what every
 * authenticator app reads) through the `otpauth` library. Enrolment shows the secret once (as text
 * and as an otpauth:// URI) and takes effect only when a code made from it is entered; ten
 * single-use recovery codes are shown once and kept only as their sha-256.
 *
 * A code is accepted within one step either side of now (clock drift), and never twice: the step
 * of the last accepted code is kept and an accepting UPDATE requires a later one (so a code seen
 * over a shoulder or replayed within its window is refused). Guessing is held back by the login's
 * own rate limit: the code is checked inside the same login attempt.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Database } from '@vitrina/db';
import { one, type Queryable } from '../lib/db.ts';
import { audit, type StaffActor } from './audit.ts';
import { StaffRuleError } from './accounts.ts';

const PERIOD = 30;
const RECOVERY_CODES = 10;
const ISSUER = 'Vitrina';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function totp(secret: string, label: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });
}

/** the time step a valid code belongs to, or null */
function stepOf(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(secret, 'x').validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD) + delta;
}

/** a recovery code as shown: ten lower-case hex characters in two groups */
const recoveryCode = () =>
  randomBytes(5)
    .toString('hex')
    .replace(/^(.{5})/, '$1-');
const normaliseRecovery = (code: string) =>
  code
    .trim()
    .toLowerCase()
    .replace(/[^0-9a-f]/g, '');

export type StaffTwoFactor = { enabled: boolean };

/** whether the account has a two-factor login */
export async function twoFactorOf(q: Queryable, staffId: number): Promise<StaffTwoFactor> {
  const row = await one<{ enabled: boolean }>(
    q,
    'SELECT totp_enabled_at IS NOT NULL AS enabled FROM staff_users WHERE id = $1',
    [staffId],
  );
  return { enabled: row?.enabled ?? false };
}

/** starts (or restarts) an enrolment: a new secret, shown this once */
export async function startEnrolment(
  db: Database,
  actor: StaffActor & { staffId: number },
): Promise<{ secret: string; uri: string }> {
  const secret = new Secret({ size: 20 }).base32;
  return db.transaction(async (tx) => {
    const row = await one<{ enabled: boolean }>(
      tx,
      'UPDATE staff_users SET totp_pending_secret = $2, updated_at = now() WHERE id = $1 RETURNING totp_enabled_at IS NOT NULL AS enabled',
      [actor.staffId, secret],
    );
    if (!row) throw new StaffRuleError(404, 'error.notFound');
    if (row.enabled) throw new StaffRuleError(409, 'staff.twoFactorOn');
    await audit(tx, actor, 'staff.2fa.start', `staff:${actor.staffId}`);
    return { secret, uri: totp(secret, actor.email).toString() };
  });
}

/** confirms an enrolment with a code from the app; answers the recovery codes, shown this once */
export async function confirmEnrolment(
  db: Database,
  actor: StaffActor & { staffId: number },
  code: string,
): Promise<{ recoveryCodes: string[] }> {
  return db.transaction(async (tx) => {
    const row = await one<{ pending: string | null }>(
      tx,
      'SELECT totp_pending_secret AS pending FROM staff_users WHERE id = $1 FOR UPDATE',
      [actor.staffId],
    );
    if (!row?.pending) throw new StaffRuleError(409, 'staff.twoFactorNotStarted');
    const step = stepOf(row.pending, code.trim());
    if (step === null) throw new StaffRuleError(400, 'staff.codeInvalid');
    await tx.query(
      `UPDATE staff_users SET totp_secret = totp_pending_secret, totp_pending_secret = NULL, totp_enabled_at = now(), totp_last_step = $2, updated_at = now()
       WHERE id = $1`,
      [actor.staffId, step],
    );
    await tx.query('DELETE FROM staff_recovery_codes WHERE staff_id = $1', [actor.staffId]);
    const codes = Array.from({ length: RECOVERY_CODES }, recoveryCode);
    for (const c of codes)
      await tx.query('INSERT INTO staff_recovery_codes (staff_id, code_hash) VALUES ($1, $2)', [
        actor.staffId,
        sha256(normaliseRecovery(c)),
      ]);
    await audit(tx, actor, 'staff.2fa.on', `staff:${actor.staffId}`);
    return { recoveryCodes: codes };
  });
}

/**
 * Checks the second factor of a login whose password was right: a current code (once) or an unused
 * recovery code (then spent). True when accepted.
 */
export async function checkSecondFactor(db: Database, staffId: number, code: string): Promise<boolean> {
  const typed = code.trim();
  return db.transaction(async (tx) => {
    if (/^\d{6}$/.test(typed)) {
      const row = await one<{ secret: string | null }>(
        tx,
        'SELECT totp_secret AS secret FROM staff_users WHERE id = $1 FOR UPDATE',
        [staffId],
      );
      const step = row?.secret ? stepOf(row.secret, typed) : null;
      if (step === null) return false;
      // a later step than any accepted before: a code (or an earlier one) is not accepted twice
      const took = await one(
        tx,
        'UPDATE staff_users SET totp_last_step = $2 WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING id',
        [staffId, step],
      );
      return took !== undefined;
    }
    const spent = await one(
      tx,
      'UPDATE staff_recovery_codes SET used_at = now() WHERE staff_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING id',
      [staffId, sha256(normaliseRecovery(typed))],
    );
    return spent !== undefined;
  });
}
