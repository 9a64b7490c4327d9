/**
 * Staff accounts kept in the back office through HTTP: who may (401 / 403 / 200 per route and role),
 * an invitation's e-mailed link that sets a password once, a reset link, enable/disable, role
 * changes, the last active admin kept, and the audit rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from './helpers.ts';
import { outbox, uniqueAddress } from './user-helpers.ts';
import { StaffRuleError, addStaff, setStaffDisabled, setStaffRole } from '../src/staff/accounts.ts';
import { CLI_ACTOR } from '../src/staff/audit.ts';

const PASSWORD = 'staff password 123';
let api: TestApi;
const cookies: Record<'admin' | 'staff' | 'catalog', string> = { admin: '', staff: '', catalog: '' };
const ids: Record<string, number> = {};

function cookieOf(res: { headers: Record<string, unknown> }): string {
  const raw = res.headers['set-cookie'];
  return String(Array.isArray(raw) ? raw[0] : raw).split(';')[0] as string;
}

async function login(email: string, password = PASSWORD) {
  return api.call({
    method: 'POST',
    url: '/vsbridge/staff/login?storeCode=en',
    payload: { email, password },
    remoteAddress: uniqueAddress(),
  });
}

const post = (url: string, cookie: string | undefined, payload?: Record<string, unknown>) =>
  api.call({
    method: 'POST',
    url: `/vsbridge/staff${url}`,
    headers: cookie ? { cookie } : {},
    ...(payload !== undefined ? { payload } : {}),
  });

/** the token of the newest link e-mailed to `to` */
async function linkTokenOf(kind: string, to: string): Promise<string> {
  const mails = await outbox(api, { kind, to });
  const link = mails.reduce<(typeof mails)[number] | undefined>(
    (newest, m) => (!newest || m.id > newest.id ? m : newest),
    undefined,
  )?.link;
  expect(link, `no ${kind} to ${to}`).toBeTruthy();
  return new URL(link as string).searchParams.get('token') as string;
}

beforeAll(async () => {
  api = await startApi({ EXPOSE_OUTBOX: 'true' });
  for (const role of ['admin', 'staff', 'catalog'] as const) {
    const account = await addStaff(api.database, CLI_ACTOR, `${role}@shop.lt`, role, PASSWORD);
    ids[role] = account.id;
    const r = await login(`${role}@shop.lt`);
    expect(r.status).toBe(200);
    cookies[role] = cookieOf(r.res);
  }
});
afterAll(async () => api?.close());

describe('who may keep the staff accounts', () => {
  const writes: [string, Record<string, unknown> | undefined][] = [
    ['/accounts', { email: 'nobody@shop.lt', role: 'staff' }],
    ['/accounts/1/enable', undefined],
    ['/accounts/1/disable', undefined],
    ['/accounts/1/role', { role: 'staff' }],
    ['/accounts/1/reset', undefined],
  ];
  it.each(writes)('POST %s: 401 without a session, 403 for staff and catalog', async (url, payload) => {
    expect((await post(url, undefined, payload)).status).toBe(401);
    expect((await post(url, cookies.staff, payload)).status).toBe(403);
    expect((await post(url, cookies.catalog, payload)).status).toBe(403);
  });
  it('an admin is answered (200), bad input is a 400 naming the field', async () => {
    expect((await post(`/accounts/${ids.staff}/enable`, cookies.admin)).status).toBe(200);
    const bad = await post('/accounts', cookies.admin, { email: 'not-an-address', role: 'owner' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/email|role/);
  });
});

describe('an invitation', () => {
  it('creates the account, e-mails a link that sets the password once, and is audited', async () => {
    const r = await post('/accounts?storeCode=en', cookies.admin, {
      email: ' New.Clerk@Shop.lt ',
      role: 'catalog',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.result).toMatchObject({ email: 'new.clerk@shop.lt', role: 'catalog', disabled: false });
    // not before the link is used: nobody knows the account's password
    expect((await login('new.clerk@shop.lt', '')).status).toBe(400);
    const [mail] = await outbox(api, { kind: 'mail.staff-invite', to: 'new.clerk@shop.lt' });
    expect(mail?.link).toMatch(/^http:\/\/[^/]+\/en\/admin\/password\?token=/);
    const token = await linkTokenOf('mail.staff-invite', 'new.clerk@shop.lt');
    const seen = await api.call(`/vsbridge/staff/password?token=${token}`);
    expect(seen.body.result).toEqual({ email: 'new.clerk@shop.lt', purpose: 'invite' });
    expect(
      (
        await api.call({
          method: 'POST',
          url: '/vsbridge/staff/password',
          payload: { token, password: 'short' },
        })
      ).status,
    ).toBe(400);
    const set = await api.call({
      method: 'POST',
      url: '/vsbridge/staff/password',
      payload: { token, password: 'a long new password 1' },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect((await login('new.clerk@shop.lt', 'a long new password 1')).status).toBe(200);
    // a second use of the link is refused, and the password stays
    const again = await api.call({
      method: 'POST',
      url: '/vsbridge/staff/password',
      payload: { token, password: 'another password 22' },
    });
    expect(again.status).toBe(400);
    expect((await api.call(`/vsbridge/staff/password?token=${token}`)).status).toBe(400);
    expect((await login('new.clerk@shop.lt', 'another password 22')).status).toBe(401);
    const audit = await api.database.query<{ action: string; staff_email: string }>(
      `SELECT action, staff_email FROM staff_audit_log WHERE action IN ('staff.invite', 'staff.passwordSet') ORDER BY id`,
    );
    expect(audit).toEqual([
      { action: 'staff.invite', staff_email: 'admin@shop.lt' },
      { action: 'staff.passwordSet', staff_email: 'new.clerk@shop.lt' },
    ]);
    // the database keeps only the token's hash
    const stored = await api.database.query<{ token_hash: string }>(
      'SELECT token_hash FROM staff_password_tokens',
    );
    expect(stored.map((x) => x.token_hash)).not.toContain(token);
  });

  it('refuses an e-mail that has an account already (409), and a made-up or expired link (400)', async () => {
    expect((await post('/accounts', cookies.admin, { email: 'staff@shop.lt', role: 'staff' })).status).toBe(
      409,
    );
    const made = 'A'.repeat(43);
    expect(
      (
        await api.call({
          method: 'POST',
          url: '/vsbridge/staff/password',
          payload: { token: made, password: PASSWORD },
        })
      ).status,
    ).toBe(400);
    expect((await post('/accounts', cookies.admin, { email: 'late@shop.lt', role: 'staff' })).status).toBe(
      200,
    );
    const token = await linkTokenOf('mail.staff-invite', 'late@shop.lt');
    await api.database.query(`UPDATE staff_password_tokens SET expires_at = now() - interval '1 second'`);
    expect(
      (
        await api.call({
          method: 'POST',
          url: '/vsbridge/staff/password',
          payload: { token, password: PASSWORD },
        })
      ).status,
    ).toBe(400);
  });
});

describe('a reset link', () => {
  it('ends the sessions, keeps the old password until used, and only the newest link works', async () => {
    await addStaff(api.database, CLI_ACTOR, 'forgetful@shop.lt', 'staff', PASSWORD);
    const session = cookieOf((await login('forgetful@shop.lt')).res);
    const target = (
      await api.database.query<{ id: number }>(`SELECT id FROM staff_users WHERE email = 'forgetful@shop.lt'`)
    )[0]!.id;
    expect((await post(`/accounts/${target}/reset`, cookies.admin)).status).toBe(200);
    const first = await linkTokenOf('mail.staff-password-reset', 'forgetful@shop.lt');
    expect((await api.call({ url: '/vsbridge/staff/me', headers: { cookie: session } })).status).toBe(401);
    expect((await post(`/accounts/${target}/reset`, cookies.admin)).status).toBe(200);
    const second = await linkTokenOf('mail.staff-password-reset', 'forgetful@shop.lt');
    expect((await login('forgetful@shop.lt')).status).toBe(200);
    expect(
      (
        await api.call({
          method: 'POST',
          url: '/vsbridge/staff/password',
          payload: { token: first, password: 'newer password 333' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await api.call({
          method: 'POST',
          url: '/vsbridge/staff/password',
          payload: { token: second, password: 'newer password 333' },
        })
      ).status,
    ).toBe(200);
    expect((await login('forgetful@shop.lt')).status).toBe(401);
    expect((await login('forgetful@shop.lt', 'newer password 333')).status).toBe(200);
    expect((await post('/accounts/999999/reset', cookies.admin)).status).toBe(404);
  });
});

describe('disable, enable, roles and the last admin', () => {
  it('disables (sessions end) and enables again', async () => {
    await addStaff(api.database, CLI_ACTOR, 'temp@shop.lt', 'staff', PASSWORD);
    const id = (
      await api.database.query<{ id: number }>(`SELECT id FROM staff_users WHERE email = 'temp@shop.lt'`)
    )[0]!.id;
    const session = cookieOf((await login('temp@shop.lt')).res);
    expect((await post(`/accounts/${id}/disable`, cookies.admin)).body.result).toMatchObject({
      disabled: true,
    });
    expect((await api.call({ url: '/vsbridge/staff/me', headers: { cookie: session } })).status).toBe(401);
    expect((await login('temp@shop.lt')).status).toBe(401);
    expect((await post(`/accounts/${id}/enable`, cookies.admin)).body.result).toMatchObject({
      disabled: false,
    });
    expect((await login('temp@shop.lt')).status).toBe(200);
    const actions = await api.database.query<{ action: string }>(
      `SELECT action FROM staff_audit_log WHERE target = $1 ORDER BY id`,
      [`staff:${id}`],
    );
    expect(actions.map((r) => r.action)).toEqual(['staff.add', 'staff.disable', 'staff.enable']);
  });

  it('changes a role (audited with before and after); an admin cannot change their own', async () => {
    const r = await post(`/accounts/${ids.catalog}/role`, cookies.admin, { role: 'staff' });
    expect(r.body.result).toMatchObject({ role: 'staff' });
    const [row] = await api.database.query<{ details: unknown }>(
      `SELECT details FROM staff_audit_log WHERE action = 'staff.role' ORDER BY id DESC LIMIT 1`,
    );
    expect(row?.details).toMatchObject({ from: 'catalog', to: 'staff' });
    expect((await post(`/accounts/${ids.admin}/role`, cookies.admin, { role: 'staff' })).status).toBe(409);
    expect((await post(`/accounts/${ids.admin}/disable`, cookies.admin)).status).toBe(409);
  });

  it('keeps the last active admin: two admins demoting and disabling each other at once leave one admin', async () => {
    await addStaff(api.database, CLI_ACTOR, 'second@shop.lt', 'admin', PASSWORD);
    const second = cookieOf((await login('second@shop.lt')).res);
    const secondId = (
      await api.database.query<{ id: number }>(`SELECT id FROM staff_users WHERE email = 'second@shop.lt'`)
    )[0]!.id;
    const [a, b] = await Promise.all([
      post(`/accounts/${secondId}/role?storeCode=lt`, cookies.admin, { role: 'staff' }),
      post(`/accounts/${ids.admin}/disable?storeCode=lt`, second),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(JSON.stringify([a.body, b.body])).toMatch(/bent vienas aktyvus administratorius/);
    const admins = await api.database.query(
      `SELECT id FROM staff_users WHERE role = 'admin' AND disabled_at IS NULL`,
    );
    expect(admins).toHaveLength(1);
  });

  it('the rule holds below the routes too (the only admin is neither demoted nor disabled)', async () => {
    const [only] = await api.database.query<{ id: number }>(
      `SELECT id FROM staff_users WHERE role = 'admin' AND disabled_at IS NULL`,
    );
    await expect(setStaffRole(api.database, CLI_ACTOR, only!.id, 'catalog')).rejects.toThrow(StaffRuleError);
    await expect(setStaffDisabled(api.database, CLI_ACTOR, only!.id, true)).rejects.toThrow(StaffRuleError);
    expect(
      (await api.database.query(`SELECT id FROM staff_users WHERE role = 'admin' AND disabled_at IS NULL`))
        .length,
    ).toBe(1);
  });
});
