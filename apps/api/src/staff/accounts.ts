/**
 * Staff accounts: separate from customers, Argon2id passwords (the customers'
 * parameters, auth/passwords.ts). Created, listed, disabled and given new passwords from the command
 * line (staff/cli.ts); an admin also lists and disables them in the back office.
 */
import type { Database } from '@vitrina/db';
import { STAFF_PASSWORD_MIN_LENGTH, type StaffRole } from '@vitrina/domain';
import { dictionary } from '@zxcvbn-ts/language-common';
import { hashPassword } from '../auth/passwords.ts';
import { isUniqueViolation, one, rows } from '../lib/db.ts';
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
