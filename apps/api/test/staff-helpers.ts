/**
 * Staff members for the back office's HTTP tests: added by the staff command, as an owner adds the
 * first one, then signed in through the API from an address of their own (the sign-in limits count
 * per address). The answer is the session cookie a browser would send back.
 */
import { expect } from 'vitest';
import { runStaffCli, type StaffCliIo } from '../src/staff/cli.ts';
import type { TestApi } from './helpers.ts';
import { uniqueAddress } from './user-helpers.ts';

export const STAFF_PASSWORD = 'staff password 123';
export type StaffRole = 'admin' | 'catalog' | 'staff';

export async function staffCookie(api: TestApi, email: string, role: StaffRole): Promise<string> {
  const io: StaffCliIo = {
    env: {},
    cwd: process.cwd(),
    out: () => {},
    err: () => {},
    readPassword: async () => STAFF_PASSWORD,
  };
  expect(await runStaffCli(['add', email, '--role', role], io, async () => api.database)).toBe(0);
  const r = await api.call({
    method: 'POST',
    url: '/vsbridge/staff/login?storeCode=en',
    payload: { email, password: STAFF_PASSWORD },
    remoteAddress: uniqueAddress(),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const raw = r.res.headers['set-cookie'];
  return String(Array.isArray(raw) ? raw[0] : raw).split(';')[0] as string;
}

/** who a back-office test sends a request as: a signed-in role, or nobody */
export type StaffWho = StaffRole | 'anonymous';

/**
 * One signed-in staff member of each role (`<role>@<domain>`) for the role checks of a back-office
 * test: the headers a request of each sends (none for `anonymous`).
 */
export async function staffOfEachRole(
  api: TestApi,
  domain: string,
): Promise<(who: StaffWho) => Record<string, string>> {
  const cookies: Partial<Record<StaffRole, string>> = {};
  for (const role of ['admin', 'catalog', 'staff'] as const)
    cookies[role] = await staffCookie(api, `${role}@${domain}`, role);
  const none: Record<string, string> = {};
  return (who) => (who === 'anonymous' ? none : { cookie: cookies[who] ?? '' });
}
