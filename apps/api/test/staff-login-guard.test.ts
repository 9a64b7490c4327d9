/**
 * Staff sign-in cannot be turned against a staff member: before, five wrong passwords per 15
 * minutes per e-mail, from anywhere, locked the account for everyone. Now attempts count per
 * (account, address) pair, with a delay that doubles after each failure of the pair; the staff
 * member signs in from their own address meanwhile. New staff passwords are checked against
 * zxcvbn-ts's list of commonly breached passwords.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from './helpers.ts';
import { addStaff, isCommonPassword, setStaffPassword, StaffAccountError } from '../src/staff/accounts.ts';
import { CLI_ACTOR } from '../src/staff/audit.ts';

const PASSWORD = 'staff password 123';
let api: TestApi;

beforeAll(async () => {
  api = await startApi({ RATE_LIMIT_STAFF_LOGIN_ACCOUNT: '5/900', STAFF_LOGIN_DELAY_SECONDS: '2' });
  await addStaff(api.database, CLI_ACTOR, 'target@shop.lt', 'admin', PASSWORD);
});
afterAll(async () => api?.close());

const login = (password: string, remoteAddress: string) =>
  api.call({
    method: 'POST',
    url: '/vsbridge/staff/login?storeCode=en',
    payload: { email: 'target@shop.lt', password },
    remoteAddress,
  });

/** moves the pair's failures `seconds` into the past (the delay is read from the audit log) */
const age = (seconds: number) =>
  api.database.query(
    `UPDATE staff_audit_log SET created_at = created_at - make_interval(secs => $1) WHERE action = 'login.failed'`,
    [seconds],
  );

describe('staff login attempts', () => {
  it('an attacker failing on purpose from elsewhere does not lock the staff member out', async () => {
    for (let i = 0; i < 12; i++) {
      await age(3600);
      // a new address every few attempts, as a botnet would
      const r = await login('wrong password!!', `203.0.113.${Math.floor(i / 4)}`);
      expect(r.status).toBe(401);
    }
    expect((await login(PASSWORD, '198.51.100.7')).status).toBe(200);
  });

  it('a pair waits longer after each failure: 2 s, then 4 s, answering 429 with the seconds left', async () => {
    const from = '192.0.2.33';
    expect((await login('wrong password!!', from)).status).toBe(401);
    const early = await login(PASSWORD, from);
    expect(early.status).toBe(429);
    expect(Number(early.res.headers['retry-after'])).toBe(2);
    await age(2);
    expect((await login('wrong password!!', from)).status).toBe(401);
    await age(2.5);
    // two failures: 4 s, 2.5 of them gone
    const second = await login(PASSWORD, from);
    expect(second.status).toBe(429);
    expect(Number(second.res.headers['retry-after'])).toBe(2);
    await age(2);
    expect((await login(PASSWORD, from)).status).toBe(200);
    // the success starts the pair over
    expect((await login('wrong password!!', from)).status).toBe(401);
    expect((await login(PASSWORD, from)).status).toBe(429);
  });
});

describe('new staff passwords', () => {
  it.each(['qwerty123456', 'Password12345678', '1qaz2wsx3edc', '!!football2024!!'])(
    'refuses %j, a commonly breached one',
    async (password) => {
      expect(isCommonPassword(password)).toBe(true);
      await expect(
        addStaff(api.database, CLI_ACTOR, `weak-${password.length}@shop.lt`, 'staff', password),
      ).rejects.toThrow(StaffAccountError);
      await expect(setStaffPassword(api.database, CLI_ACTOR, 'target@shop.lt', password)).rejects.toThrow(
        /commonly breached/,
      );
    },
  );

  it('takes a passphrase of its own', async () => {
    expect(isCommonPassword('lilac tram under the bridge')).toBe(false);
    expect(
      (await addStaff(api.database, CLI_ACTOR, 'fine@shop.lt', 'staff', 'lilac tram under the bridge')).email,
    ).toBe('fine@shop.lt');
  });
});
