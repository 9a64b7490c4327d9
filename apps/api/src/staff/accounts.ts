/**
 * Staff accounts: separate from customers, Argon2id passwords (the customers'
 * parameters, auth/passwords.ts). Created, listed, disabled and given new passwords from the command
 * line (staff/cli.ts); an admin also invites, disables, enables, re-roles and e-mails password links
 * in the back office (the links set a password once, before they expire; the last admin stays).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '@vitrina/db';
import { STAFF_PASSWORD_MIN_LENGTH, type StaffRole } from '@vitrina/domain';
import { dictionary } from '@zxcvbn-ts/language-common';
import { hashPassword } from '../auth/passwords.ts';
import { isUniqueViolation, one, rows, type Queryable } from '../lib/db.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { renderMail } from '../mail/templates.ts';
import { audit, type StaffActor } from './audit.ts';

export type StaffAccount = { id: number; email: string; role: StaffRole; disabled: boolean; created_at: string };

type Row = { id: number; email: string; role: StaffRole; disabled_at: Date | string | null; created_at: Date | string };

const view = (r: Row): StaffAccount => ({
  id: r.id,
  email: r.email,
  role: r.role,
  disabled: r.disabled_at !== null,
  created_at: new Date(r.created_at).toISOString(),
});

/** a refusal the command line prints as it is */
export class StaffAccountError extends Error {}

export function normaliseStaffEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The passwords most often found in breaches, lower-case: zxcvbn-ts's common list (the password
 * strength estimator's own data, kept up to date by its maintainers; no list of our own to go stale)
 */
let common: ReadonlySet<string> | undefined;
function commonPasswords(): ReadonlySet<string> {
  common ??= new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));
  return common;
}

/** true when the password, or it without the digits and symbols around it, is a commonly breached one */
export function isCommonPassword(password: string): boolean {
  const lower = password.trim().toLowerCase();
  const core = lower.replace(/^[^a-z]+|[^a-z]+$/g, '');
  return commonPasswords().has(lower) || (core.length >= 6 && commonPasswords().has(core));
}

function checkPassword(password: string) {
  if (password.length < STAFF_PASSWORD_MIN_LENGTH)
    throw new StaffAccountError(`the password must be at least ${STAFF_PASSWORD_MIN_LENGTH} characters`);
  if (isCommonPassword(password))
    throw new StaffAccountError('the password is on the list of commonly breached passwords: choose another');
}

export async function addStaff(db: Database, actor: StaffActor, email: string, role: StaffRole, password: string): Promise<StaffAccount> {
  const address = normaliseStaffEmail(email);
  if (!/^[^\s@]+@[^\s@]+$/.test(address)) throw new StaffAccountError(`not an e-mail address: ${email}`);
  checkPassword(password);
  const passwordHash = await hashPassword(password);
  try {
    return await db.transaction(async (tx) => {
      const row = await one<Row>(tx, 'INSERT INTO staff_users (email, password_hash, role) VALUES ($1, $2, $3) RETURNING *', [
        address,
        passwordHash,
        role,
      ]);
      if (!row) throw new Error('staff user not written');
      await audit(tx, actor, 'staff.add', `staff:${row.id}`, { email: address, role });
      return view(row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new StaffAccountError(`a staff account with e-mail ${address} exists already`);
    throw err;
  }
}

export async function listStaff(db: Database): Promise<StaffAccount[]> {
  return (await rows<Row>(db, 'SELECT * FROM staff_users ORDER BY email')).map(view);
}

/** disables an account and ends its sessions; undefined when there is no such account */
export async function disableStaff(db: Database, actor: StaffActor, which: { id: number } | { email: string }): Promise<StaffAccount | undefined> {
  return db.transaction(async (tx) => {
    const row =
      'id' in which
        ? await one<Row>(tx, 'UPDATE staff_users SET disabled_at = coalesce(disabled_at, now()), updated_at = now() WHERE id = $1 RETURNING *', [which.id])
        : await one<Row>(tx, 'UPDATE staff_users SET disabled_at = coalesce(disabled_at, now()), updated_at = now() WHERE email = $1 RETURNING *', [
            normaliseStaffEmail(which.email),
          ]);
    if (!row) return undefined;
    await tx.query('DELETE FROM staff_sessions WHERE staff_id = $1', [row.id]);
    await audit(tx, actor, 'staff.disable', `staff:${row.id}`, { email: row.email });
    return view(row);
  });
}

/** a new password; every session of the account ends (a stolen session does not outlive the change) */
export async function setStaffPassword(db: Database, actor: StaffActor, email: string, password: string): Promise<StaffAccount | undefined> {
  checkPassword(password);
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const row = await one<Row>(tx, 'UPDATE staff_users SET password_hash = $2, updated_at = now() WHERE email = $1 RETURNING *', [
      normaliseStaffEmail(email),
      passwordHash,
    ]);
    if (!row) return undefined;
    await tx.query('DELETE FROM staff_sessions WHERE staff_id = $1', [row.id]);
    await audit(tx, actor, 'staff.passwd', `staff:${row.id}`, { email: row.email });
    return view(row);
  });
}

// ---------------------------------------------------------------- kept in the back office (role admin)

/** how long a link that sets a password works: an invitation waits for a new colleague, a reset is short */
export const STAFF_LINK_TTL_SECONDS = { invite: 72 * 3600, reset: 3600 } as const;
export type StaffLinkPurpose = keyof typeof STAFF_LINK_TTL_SECONDS;

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/** a refusal of the back office: an HTTP status and a message key (http/i18n.ts) */
export class StaffRuleError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
  ) {
    super(key);
  }
}

/**
 * Refuses to leave the shop without an active admin: `id` is about to stop being one (disabled or
 * given another role). The active admins' rows are locked first, so two admins demoting each other
 * at once cannot both pass.
 */
async function keepAnAdmin(tx: Queryable, id: number): Promise<void> {
  const admins = await rows<{ id: number }>(
    tx,
    `SELECT id FROM staff_users WHERE role = 'admin' AND disabled_at IS NULL ORDER BY id FOR UPDATE`,
  );
  if (admins.some((a) => a.id === id) && admins.length <= 1) throw new StaffRuleError(409, 'staff.lastAdmin');
}

/**
 * A new single-use link for an account (the older unused ones end) and its e-mail in the outbox,
 * in the caller's transaction. The link opens the back office's password page in `lang`.
 */
async function sendPasswordLink(
  tx: Queryable,
  account: { id: number; email: string },
  purpose: StaffLinkPurpose,
  links: { publicUrl: string; lang: 'lt' | 'en'; shopName: string },
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await tx.query('UPDATE staff_password_tokens SET used_at = now() WHERE staff_id = $1 AND used_at IS NULL', [
    account.id,
  ]);
  await tx.query(
    `INSERT INTO staff_password_tokens (staff_id, token_hash, purpose, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4::int))`,
    [account.id, sha256(token), purpose, STAFF_LINK_TTL_SECONDS[purpose]],
  );
  const link = `${links.publicUrl}${links.lang === 'en' ? '/en' : ''}/admin/password?token=${encodeURIComponent(token)}`;
  const hours = Math.round(STAFF_LINK_TTL_SECONDS[purpose] / 3600);
  await enqueueMail(tx, purpose === 'invite' ? 'mail.staff-invite' : 'mail.staff-password-reset', {
    to: account.email,
    storeCode: links.lang,
    link,
    sensitive: true,
    ...renderMail(
      purpose === 'invite' ? 'staffInvite' : 'staffPasswordReset',
      links.lang,
      { link, hours, shopName: links.shopName },
      links.shopName,
    ),
  });
}

type LinkOptions = { publicUrl: string; lang: 'lt' | 'en'; shopName: string };

/**
 * Invites a colleague: the account exists at once (with a password nobody knows, so it cannot log
 * in) and the e-mailed link sets its password.
 */
export async function inviteStaff(
  db: Database,
  actor: StaffActor,
  email: string,
  role: StaffRole,
  links: LinkOptions,
): Promise<StaffAccount> {
  const address = normaliseStaffEmail(email);
  const unusable = await hashPassword(randomBytes(32).toString('base64url'));
  try {
    return await db.transaction(async (tx) => {
      const row = await one<Row>(
        tx,
        'INSERT INTO staff_users (email, password_hash, role) VALUES ($1, $2, $3) RETURNING *',
        [address, unusable, role],
      );
      if (!row) throw new Error('staff user not written');
      await sendPasswordLink(tx, row, 'invite', links);
      await audit(tx, actor, 'staff.invite', `staff:${row.id}`, { email: address, role });
      return view(row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new StaffRuleError(409, 'staff.emailTaken');
    throw err;
  }
}

/** e-mails an account a link to set a new password; its sessions end now (the reason is often a leak) */
export async function sendStaffReset(
  db: Database,
  actor: StaffActor,
  id: number,
  links: LinkOptions,
): Promise<StaffAccount | undefined> {
  return db.transaction(async (tx) => {
    const row = await one<Row>(tx, 'SELECT * FROM staff_users WHERE id = $1', [id]);
    if (!row) return undefined;
    await sendPasswordLink(tx, row, 'reset', links);
    await tx.query('DELETE FROM staff_sessions WHERE staff_id = $1', [row.id]);
    await audit(tx, actor, 'staff.reset', `staff:${row.id}`, { email: row.email });
    return view(row);
  });
}

/** disables (ends its sessions) or enables an account; the last active admin stays */
export async function setStaffDisabled(
  db: Database,
  actor: StaffActor,
  id: number,
  disabled: boolean,
): Promise<StaffAccount | undefined> {
  return db.transaction(async (tx) => {
    if (disabled) await keepAnAdmin(tx, id);
    const row = await one<Row>(
      tx,
      disabled
        ? 'UPDATE staff_users SET disabled_at = coalesce(disabled_at, now()), updated_at = now() WHERE id = $1 RETURNING *'
        : 'UPDATE staff_users SET disabled_at = NULL, updated_at = now() WHERE id = $1 RETURNING *',
      [id],
    );
    if (!row) return undefined;
    if (disabled) await tx.query('DELETE FROM staff_sessions WHERE staff_id = $1', [row.id]);
    await audit(tx, actor, disabled ? 'staff.disable' : 'staff.enable', `staff:${row.id}`, {
      email: row.email,
    });
    return view(row);
  });
}

/** gives an account another role; the last active admin stays an admin */
export async function setStaffRole(
  db: Database,
  actor: StaffActor,
  id: number,
  role: StaffRole,
): Promise<StaffAccount | undefined> {
  return db.transaction(async (tx) => {
    if (role !== 'admin') await keepAnAdmin(tx, id);
    const before = await one<Row>(tx, 'SELECT * FROM staff_users WHERE id = $1 FOR UPDATE', [id]);
    if (!before) return undefined;
    const row = await one<Row>(
      tx,
      'UPDATE staff_users SET role = $2, updated_at = now() WHERE id = $1 RETURNING *',
      [id, role],
    );
    if (!row) return undefined;
    await audit(tx, actor, 'staff.role', `staff:${row.id}`, {
      email: row.email,
      from: before.role,
      to: role,
    });
    return view(row);
  });
}

/** the account a password link would set, while the link is valid (the page shows whose it is) */
export async function staffOfLink(
  db: Database,
  token: string,
): Promise<{ email: string; purpose: StaffLinkPurpose } | undefined> {
  return one<{ email: string; purpose: StaffLinkPurpose }>(
    db,
    `SELECT u.email, t.purpose FROM staff_password_tokens t JOIN staff_users u ON u.id = t.staff_id
     WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.expires_at > now()`,
    [sha256(token)],
  );
}

/**
 * Sets a password with an e-mailed link: once, before it expires. The link is claimed in the same
 * statement that checks it, so two submissions of one link cannot both set a password.
 */
export async function setStaffPasswordByLink(
  db: Database,
  token: string,
  password: string,
): Promise<StaffAccount> {
  if (!(await staffOfLink(db, token))) throw new StaffRuleError(400, 'staff.linkInvalid');
  try {
    checkPassword(password);
  } catch (err) {
    if (err instanceof StaffAccountError) throw new StaffRuleError(400, 'staff.passwordTooShort');
    throw err;
  }
  const passwordHash = await hashPassword(password);
  const account = await db.transaction(async (tx) => {
    const claimed = await one<{ staff_id: number; purpose: string }>(
      tx,
      `UPDATE staff_password_tokens SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING staff_id, purpose`,
      [sha256(token)],
    );
    if (!claimed) return undefined;
    const row = await one<Row>(
      tx,
      'UPDATE staff_users SET password_hash = $2, updated_at = now() WHERE id = $1 RETURNING *',
      [claimed.staff_id, passwordHash],
    );
    if (!row) return undefined;
    await tx.query('DELETE FROM staff_sessions WHERE staff_id = $1', [row.id]);
    await audit(tx, { staffId: row.id, email: row.email }, 'staff.passwordSet', `staff:${row.id}`, {
      link: claimed.purpose,
    });
    return view(row);
  });
  if (!account) throw new StaffRuleError(400, 'staff.linkInvalid');
  return account;
}
