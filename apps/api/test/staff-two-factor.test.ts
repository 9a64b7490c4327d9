/**
 * Staff two-factor login through HTTP: enrolment (secret shown once, takes effect only with a code),
 * the login asking for the code after the password, a code not accepted twice, recovery codes spent
 * once, and the codes guessed against the login's rate limit. Codes are made with the same library.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { startApi, type TestApi } from './helpers.ts';
import { uniqueAddress } from './user-helpers.ts';
import { addStaff } from '../src/staff/accounts.ts';
import { CLI_ACTOR } from '../src/staff/audit.ts';

const PASSWORD = 'staff password 123';
let api: TestApi;

const cookieOf = (res: { headers: Record<string, unknown> }) => {
  const raw = res.headers['set-cookie'];
  return String(Array.isArray(raw) ? raw[0] : raw).split(';')[0] as string;
};
const login = (email: string, code?: string, remoteAddress = uniqueAddress()) =>
  api.call({
    method: 'POST',
    url: '/vsbridge/staff/login?storeCode=en',
    payload: { email, password: PASSWORD, ...(code ? { code } : {}) },
    remoteAddress,
  });
const codeAt = (secret: string, ms: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: ms });

beforeAll(async () => {
  api = await startApi({ RATE_LIMIT_STAFF_LOGIN_ACCOUNT: '6/900' });
  await addStaff(api.database, CLI_ACTOR, 'two@shop.lt', 'staff', PASSWORD);
});
afterAll(async () => api?.close());

describe('two-factor login', () => {
  let secret = '';
  let recovery: string[] = [];

  it('needs a session to enrol (401); the secret takes effect only with a right code', async () => {
    expect((await api.call({ method: 'POST', url: '/vsbridge/staff/2fa/start' })).status).toBe(401);
    const cookie = cookieOf((await login('two@shop.lt')).res);
    const started = await api.call({ method: 'POST', url: '/vsbridge/staff/2fa/start', headers: { cookie } });
    expect(started.status).toBe(200);
    secret = started.body.result.secret;
    expect(started.body.result.uri).toBe(
      `otpauth://totp/Vitrina:two%40shop.lt?issuer=Vitrina&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    // not on yet: the password alone still logs in
    expect((await login('two@shop.lt')).status).toBe(200);
    const wrong = await api.call({
      method: 'POST',
      url: '/vsbridge/staff/2fa/confirm',
      headers: { cookie },
      payload: { code: '000000' },
    });
    expect(wrong.status).toBe(400);
    const confirmed = await api.call({
      method: 'POST',
      url: '/vsbridge/staff/2fa/confirm',
      headers: { cookie },
      payload: { code: codeAt(secret, Date.now()) },
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    recovery = confirmed.body.result.recoveryCodes;
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    // shown once: never again, and kept only hashed
    const again = await api.call({ method: 'POST', url: '/vsbridge/staff/2fa/start', headers: { cookie } });
    expect(again.status).toBe(409);
    const me = await api.call({ url: '/vsbridge/staff/me', headers: { cookie } });
    expect(me.body.result).toEqual({
      email: 'two@shop.lt',
      role: 'staff',
      two_factor: true,
      two_factor_required: false,
    });
    expect(JSON.stringify(me.body)).not.toContain(secret);
    const stored = await api.database.query<{ code_hash: string }>(
      'SELECT code_hash FROM staff_recovery_codes',
    );
    expect(stored.map((r) => r.code_hash)).not.toContain(recovery[0]);
  });

  it('asks for the code after the password; a right code logs in once, a replay and a wrong code do not', async () => {
    const first = await login('two@shop.lt');
    expect(first.status).toBe(401);
    expect(first.res.headers['x-vitrina-2fa']).toBe('required');
    expect(first.body.result).toBe('Enter the code from your authenticator app.');
    expect(first.res.headers['set-cookie']).toBeUndefined();
    // the next step's code (within the accepted window; the enrolment used the current one)
    const code = codeAt(secret, Date.now() + 30_000);
    const ok = await login('two@shop.lt', code);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await login('two@shop.lt', code)).status).toBe(401);
    // an earlier step than the last accepted is refused too
    expect((await login('two@shop.lt', codeAt(secret, Date.now()))).status).toBe(401);
    const bad = await login('two@shop.lt', '123456');
    expect(bad.status).toBe(401);
    expect(bad.body.result).toBe('Wrong or already used code.');
  });

  it('a recovery code logs in once', async () => {
    expect((await login('two@shop.lt', recovery[0]!.toUpperCase())).status).toBe(200);
    expect((await login('two@shop.lt', recovery[0])).status).toBe(401);
  });

  it('code guesses count against the login rate limit (429)', async () => {
    // the limit counts per (account, client address) pair: the guesses come from one address
    const guesser = uniqueAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await login('two@shop.lt', String(100000 + i), guesser)).status);
    expect(statuses).toContain(429);
    const audit = await api.database.query<{ details: { secondFactor?: boolean } }>(
      `SELECT details FROM staff_audit_log WHERE action = 'login.failed'`,
    );
    expect(audit.some((r) => r.details?.secondFactor === true)).toBe(true);
  });
});

describe('STAFF_2FA_REQUIRED', () => {
  let strict: TestApi;
  beforeAll(async () => {
    strict = await startApi({ STAFF_2FA_REQUIRED: 'true' });
    await addStaff(strict.database, CLI_ACTOR, 'boss@shop.lt', 'admin', PASSWORD);
    await addStaff(strict.database, CLI_ACTOR, 'clerk@shop.lt', 'staff', PASSWORD);
  });
  afterAll(async () => strict?.close());
  const signIn = async (email: string) =>
    cookieOf(
      (
        await strict.call({
          method: 'POST',
          url: '/vsbridge/staff/login?storeCode=en',
          payload: { email, password: PASSWORD },
          remoteAddress: uniqueAddress(),
        })
      ).res,
    );

  it('an admin without two-factor login may only set it up (403 elsewhere); staff are not held', async () => {
    const cookie = await signIn('boss@shop.lt');
    for (const url of ['/vsbridge/staff/accounts', '/vsbridge/staff/orders', '/vsbridge/staff/settings']) {
      const r = await strict.call({ url, headers: { cookie } });
      expect(r.status, url).toBe(403);
    }
    expect((await strict.call({ url: '/vsbridge/staff/accounts', headers: { cookie } })).body.result).toMatch(
      /two-factor|dviejų veiksnių/i,
    );
    const me = await strict.call({ url: '/vsbridge/staff/me', headers: { cookie } });
    expect(me.body.result).toMatchObject({ role: 'admin', two_factor: false, two_factor_required: true });
    const started = await strict.call({
      method: 'POST',
      url: '/vsbridge/staff/2fa/start',
      headers: { cookie },
    });
    const code = codeAt(started.body.result.secret, Date.now());
    expect(
      (
        await strict.call({
          method: 'POST',
          url: '/vsbridge/staff/2fa/confirm',
          headers: { cookie },
          payload: { code },
        })
      ).status,
    ).toBe(200);
    expect((await strict.call({ url: '/vsbridge/staff/accounts', headers: { cookie } })).status).toBe(200);
    expect((await strict.call({ url: '/vsbridge/staff/me', headers: { cookie } })).body.result).toMatchObject(
      { two_factor_required: false },
    );

    const clerk = await signIn('clerk@shop.lt');
    expect((await strict.call({ url: '/vsbridge/staff/orders', headers: { cookie: clerk } })).status).toBe(
      200,
    );
  });
});
