/**
 * The staff audit log: who, what, on which
 * target, when. Written in the same transaction as the action it records, so neither exists
 * without the other.
 */
import type { Queryable } from '../lib/db.ts';

/** who acted: a staff member, or the command line (staffId null) */
export type StaffActor = { staffId: number | null; email: string };

export const CLI_ACTOR: StaffActor = { staffId: null, email: 'cli' };

export async function audit(
  q: Queryable,
  actor: StaffActor,
  action: string,
  target: string | null,
  details?: Record<string, unknown>,
): Promise<void> {
  await q.query('INSERT INTO staff_audit_log (staff_id, staff_email, action, target, details) VALUES ($1, $2, $3, $4, $5::jsonb)', [
    actor.staffId,
    actor.email,
    action,
    target,
    details ? JSON.stringify(details) : null,
  ]);
}
