import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../src/auth/jwt.ts';
import { deriveAuthKeys, loadAuthSecret } from '../src/auth/secret.ts';
import { buildApi, loadApiConfig } from '../src/index.ts';
import { startApi, type TestApi } from './helpers.ts';
import { PASSWORD, bearer, customer, login, outbox, placeOrder as placeOrderFor, register, session, uniqueAddress, uniqueEmail } from './user-helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startApi({
    EXPOSE_OUTBOX: 'true',
    MAIL_OUTBOX_INTERVAL_MS: '0',
    RATE_LIMIT_LOGIN_ACCOUNT: '3/900',
    RATE_LIMIT_LOGIN_ADDRESS: '5/900',
  });
});
afterAll(async () => api?.close());

const me = (token: string, how: 'header' | 'query' = 'header') =>
  how === 'header' ? api.call({ url: '/vsbridge/user/me?storeCode=en', headers: bearer(token) }) : api.call(`/vsbridge/user/me?storeCode=en&token=${encodeURIComponent(token)}`);
const refresh = (refreshToken: string) => api.call({ method: 'POST', url: '/vsbridge/user/refresh?storeCode=en', payload: { refreshToken } });
const decode = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;

describe('POST /vsbridge/user/create', () => {
  it('creates a customer (e-mail lower-cased, no password in the answer, unknown fields dropped)', async () => {
    const email = uniqueEmail('Create').replace('create', 'CrEaTe');
    const r = await api.call({
      method: 'POST',
      url: '/vsbridge/user/create?storeCode=en',
      payload: { customer: { email, firstname: 'Ona', lastname: 'Onaitė', group_id: 99, addresses: [] }, password: PASSWORD, extra: 1 },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.result).toMatchObject({ email: email.toLowerCase(), firstname: 'Ona', lastname: 'Onaitė', group_id: 1, addresses: [], store_code: 'en' });
    expect(JSON.stringify(r.body)).not.toMatch(/password|argon/i);
    const [row] = await api.database.query<{ password_hash: string }>('SELECT password_hash FROM customers WHERE id = $1', [r.body.result.id]);
    expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('refuses a second account with the same e-mail (any case) with the spec message, in the store view language', async () => {
    const email = uniqueEmail('dup');
    await register(api, email);
    const payload = { customer: { email: email.toUpperCase(), firstname: 'Jonas', lastname: 'Jonaitis' }, password: PASSWORD };
    const en = await api.call({ method: 'POST', url: '/vsbridge/user/create?storeCode=en', payload });
    expect(en.status).toBe(400);
    expect(en.body).toEqual({
      code: 400,
      result: 'A customer with the same email already exists in an associated website.',
      errors: [{ field: 'customer.email', message: 'A customer with the same email already exists in an associated website.' }],
    });
    const lt = await api.call({ method: 'POST', url: '/vsbridge/user/create?storeCode=lt', payload });
    expect(lt.body.result).toBe('Pirkėjas su tokiu el. pašto adresu jau užsiregistravęs.');
  });

  it('validates with the shared schema, naming the fields', async () => {
    const r = await api.call({
      method: 'POST',
      url: '/vsbridge/user/create?storeCode=en',
      payload: { customer: { email: 'not-an-email', firstname: 'J', lastname: '' }, password: 'short' },
    });
    expect(r.status).toBe(400);
    const fields = (r.body.errors as { field: string }[]).map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['customer.email', 'customer.lastname', 'password']));
    expect(r.body.result).toContain('password: Password must have at least 8 letters.');
  });
});

describe('POST /vsbridge/user/login and the access token', () => {
  it('answers the access token and meta.refreshToken; the token carries only customer, group and session ids', async () => {
    const email = uniqueEmail('login');
    const { id } = await register(api, email);
    const r = await login(api, email.toUpperCase());
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ code: 200, result: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/), meta: { refreshToken: expect.stringMatching(/^[\w-]{43}$/) } });
    const claims = decode(r.body.result);
    expect(Object.keys(claims).sort()).toEqual(['exp', 'gid', 'iat', 'sid', 'sub']);
    expect(claims).toMatchObject({ sub: String(id), gid: 1 });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(900);
    expect(JSON.parse(Buffer.from(r.body.result.split('.')[0], 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    // the refresh token is stored hashed only
    const stored = await api.database.query<{ token_hash: string }>('SELECT token_hash FROM refresh_tokens WHERE customer_id = $1', [id]);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).not.toContain(r.body.meta.refreshToken);
  });

  it('answers the same generic 401 for a wrong password and an unknown e-mail', async () => {
    const email = uniqueEmail('wrong');
    await register(api, email);
    const wrong = await login(api, email, 'not the password');
    const unknown = await login(api, uniqueEmail('nobody'), 'not the password');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ code: 401, result: 'Wrong e-mail or password' });
    expect(unknown.body).toEqual(wrong.body);
    const bad = await api.call({ method: 'POST', url: '/vsbridge/user/login?storeCode=en', payload: { username: email } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'password', message: 'Field is required' }]);
  });

  it('accepts the token as Authorization: Bearer and as ?token=; refuses none, garbage, tampered, foreign-key and expired tokens', async () => {
    const c = await customer(api, 'me');
    for (const how of ['header', 'query'] as const) {
      const r = await me(c.accessToken, how);
      expect(r.status, how).toBe(200);
      expect(r.body.result).toMatchObject({ id: c.id, email: c.email, firstname: 'Jonas' });
    }
    const none = await api.call('/vsbridge/user/me?storeCode=en');
    expect(none.body).toEqual({ code: 401, result: 'You need to be logged in to see this page' });

    const [header, body] = c.accessToken.split('.') as [string, string];
    const forged = JSON.parse(Buffer.from(body, 'base64url').toString());
    const asOther = Buffer.from(JSON.stringify({ ...forged, sub: '1' })).toString('base64url');
    const algNone = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${body}.`;
    const foreignKey = signAccessToken({ ...forged, sub: String(c.id) }, deriveAuthKeys('x'.repeat(40)).access);
    const keys = deriveAuthKeys(await loadAuthSecret(api.database, undefined));
    const now = Math.floor(Date.now() / 1000);
    const expired = signAccessToken({ sub: String(c.id), gid: 1, sid: forged.sid, iat: now - 1000, exp: now - 100 }, keys.access);
    const valid = signAccessToken({ sub: String(c.id), gid: 1, sid: forged.sid, iat: now, exp: now + 60 }, keys.access);
    for (const token of ['garbage', `${header}.${asOther}.${c.accessToken.split('.')[2]}`, algNone, foreignKey, expired]) {
      const r = await me(token);
      expect(r.status, token).toBe(401);
      expect(r.body.result).toBe('Your session has expired. Please log in again.');
    }
    expect((await me(valid)).status).toBe(200);
  });

  it('keeps sessions across a restart: the generated AUTH_SECRET is kept in the meta table', async () => {
    const c = await customer(api, 'restart');
    const again = await buildApi({ database: api.database, config: loadApiConfig({ MEDIA_DIR: api.mediaDir, MAIL_OUTBOX_INTERVAL_MS: '0' }) });
    try {
      const r = await again.inject({ url: '/vsbridge/user/me', headers: bearer(c.accessToken) });
      expect(r.statusCode).toBe(200);
    } finally {
      await again.close();
    }
    // a configured AUTH_SECRET wins (and then the old tokens are not accepted)
    const other = await buildApi({
      database: api.database,
      config: loadApiConfig({ MEDIA_DIR: api.mediaDir, MAIL_OUTBOX_INTERVAL_MS: '0', AUTH_SECRET: 'a-configured-secret-of-at-least-32-chars' }),
    });
    try {
      expect((await other.inject({ url: '/vsbridge/user/me', headers: bearer(c.accessToken) })).statusCode).toBe(401);
    } finally {
      await other.close();
    }
    expect(() => loadApiConfig({ AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET/);
  });
});

describe('rate limits of login', () => {
  it('refuses an account after 3 failed logins (from any address), even with the right password, in the request language', async () => {
    const email = uniqueEmail('locked');
    await register(api, email);
    for (let i = 0; i < 3; i++) expect((await login(api, email, 'wrong password')).status).toBe(401);
    const blocked = await login(api, email, PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body.result).toBe('Too many attempts. Please try again in 15 min.');
    expect(Number(blocked.res.headers['retry-after'])).toBeGreaterThan(890);
    const lt = await api.call({ method: 'POST', url: '/vsbridge/user/login?storeCode=lt', remoteAddress: uniqueAddress(), payload: { username: email, password: PASSWORD } });
    expect(lt.status).toBe(429);
    expect(lt.body.result).toBe('Per daug bandymų. Pabandykite dar kartą po 15 min.');
    // the answer is the same for an unknown account: it tells nothing about registration
    const ghost = uniqueEmail('ghost');
    for (let i = 0; i < 3; i++) await login(api, ghost, 'wrong password');
    expect((await login(api, ghost, 'wrong password')).status).toBe(429);
  });

  it('forgets the failures of an account after a successful login', async () => {
    const email = uniqueEmail('forgive');
    await register(api, email);
    for (let i = 0; i < 2; i++) expect((await login(api, email, 'wrong password')).status).toBe(401);
    expect((await login(api, email)).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await login(api, email, 'wrong password')).status).toBe(401);
    expect((await login(api, email)).status).toBe(200);
  });

  it('refuses a client address after 5 attempts, whatever the accounts; other addresses go on', async () => {
    const address = uniqueAddress();
    for (let i = 0; i < 5; i++) expect((await login(api, uniqueEmail('spray'), 'wrong password', address)).status).toBe(401);
    const email = uniqueEmail('victim');
    await register(api, email);
    expect((await login(api, email, PASSWORD, address)).status).toBe(429);
    expect((await login(api, email, PASSWORD, uniqueAddress())).status).toBe(200);
  });
});

describe('POST /vsbridge/user/refresh: rotation, grace and reuse', () => {
  it('rotates on every use; the old token within 10 s answers the same pair; after that reuse revokes the family', async () => {
    const c = await customer(api, 'rotate');
    const first = await refresh(c.refreshToken);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({ code: 200, result: expect.any(String), meta: { refreshToken: expect.stringMatching(/^[\w-]{43}$/) } });
    expect(first.body.meta.refreshToken).not.toBe(c.refreshToken);
    expect((await me(first.body.result)).status).toBe(200);

    // a lost answer or a second tab: the same token again within the grace period → the same pair
    const again = await refresh(c.refreshToken);
    expect(again.body).toEqual(first.body);

    // the new one rotates on
    const second = await refresh(first.body.meta.refreshToken);
    expect(second.status).toBe(200);
    expect(second.body.meta.refreshToken).not.toBe(first.body.meta.refreshToken);

    // 11 s later the first token is reused: the whole family is revoked
    await api.database.query("UPDATE refresh_tokens SET rotated_at = rotated_at - interval '11 seconds' WHERE customer_id = $1", [c.id]);
    const reuse = await refresh(c.refreshToken);
    expect(reuse.status).toBe(401);
    expect(reuse.body).toEqual({ code: 401, result: 'Error refreshing user token. User is not authorized to access the resource' });
    expect((await refresh(second.body.meta.refreshToken)).status).toBe(401);
    expect((await me(second.body.result)).status).toBe(401);
    expect((await me(c.accessToken)).status).toBe(401);
  });

  it('answers one pair to concurrent refreshes with one token', async () => {
    const c = await customer(api, 'concurrent');
    const answers = await Promise.all([refresh(c.refreshToken), refresh(c.refreshToken), refresh(c.refreshToken)]);
    for (const a of answers) expect(a.body).toEqual(answers[0]?.body);
    const rows = await api.database.query<{ n: number }>('SELECT count(*)::int AS n FROM refresh_tokens WHERE customer_id = $1', [c.id]);
    expect(rows[0]?.n).toBe(2);
  });

  it('refuses unknown, expired and malformed refresh tokens; sessions of other logins stay', async () => {
    const c = await customer(api, 'badrefresh');
    const other = await session(api, c.email);
    expect((await refresh('x'.repeat(43))).status).toBe(401);
    await api.database.query("UPDATE refresh_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')", [
      c.refreshToken,
    ]);
    expect((await refresh(c.refreshToken)).status).toBe(401);
    expect((await refresh(other.refreshToken)).status).toBe(200);
    const missing = await api.call({ method: 'POST', url: '/vsbridge/user/refresh?storeCode=en', payload: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].field).toBe('refreshToken');
  });
});

describe('POST /vsbridge/user/logout', () => {
  it('revokes the session of the token (access and refresh); another session of the customer stays', async () => {
    const c = await customer(api, 'logout');
    const other = await session(api, c.email);
    const r = await api.call({ method: 'POST', url: '/vsbridge/user/logout', headers: bearer(c.accessToken) });
    expect(r.body).toEqual({ code: 200, result: true });
    expect((await me(c.accessToken)).status).toBe(401);
    expect((await refresh(c.refreshToken)).status).toBe(401);
    expect((await me(other.accessToken)).status).toBe(200);
    // by refresh token alone (an expired access token)
    const byRefresh = await api.call({ method: 'POST', url: '/vsbridge/user/logout', payload: { refreshToken: other.refreshToken } });
    expect(byRefresh.body.result).toBe(true);
    expect((await me(other.accessToken)).status).toBe(401);
    // nothing to end: still 200 (idempotent)
    expect((await api.call({ method: 'POST', url: '/vsbridge/user/logout' })).body).toEqual({ code: 200, result: false });
  });
});

describe('GET and POST /vsbridge/user/me', () => {
  it('changes only firstname, lastname, email and addresses; answers the spec message', async () => {
    const c = await customer(api, 'profile');
    const addr = { firstname: 'Jonas', lastname: 'Jonaitis', city: 'Kaunas', postcode: 'LT-44000', street: ['Laisvės al. 1'], countryId: 'LT', default_shipping: true };
    const newEmail = uniqueEmail('renamed');
    const r = await api.call({
      method: 'POST',
      url: '/vsbridge/user/me?storeCode=en',
      headers: bearer(c.accessToken),
      payload: { customer: { email: newEmail, firstname: 'Petras', lastname: 'Petraitis', addresses: [addr], group_id: 4, id: 1, password_hash: 'x' }, currentPassword: PASSWORD },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.meta).toEqual({ message: 'Account data has successfully been updated' });
    expect(r.body.result).toMatchObject({ id: c.id, email: newEmail, firstname: 'Petras', lastname: 'Petraitis', group_id: 1, addresses: [addr] });
    expect((await me(c.accessToken)).body.result).toMatchObject({ email: newEmail, firstname: 'Petras' });
    // addresses left out stay
    const keep = await api.call({
      method: 'POST',
      url: '/vsbridge/user/me?storeCode=lt',
      headers: bearer(c.accessToken),
      payload: { customer: { email: newEmail, firstname: 'Petras', lastname: 'Jonaitis' } },
    });
    expect(keep.body.meta.message).toBe('Paskyros duomenys sėkmingai atnaujinti');
    expect(keep.body.result.addresses).toEqual([addr]);
    // the old password still logs in with the new e-mail
    expect((await login(api, newEmail)).status).toBe(200);
  });

  it("refuses another customer's e-mail, bad input and no token", async () => {
    const a = await customer(api, 'a');
    const b = await customer(api, 'b');
    const taken = await api.call({
      method: 'POST',
      url: '/vsbridge/user/me?storeCode=en',
      headers: bearer(a.accessToken),
      payload: { customer: { email: b.email, firstname: 'Jonas', lastname: 'Jonaitis' }, currentPassword: PASSWORD },
    });
    expect(taken.status).toBe(400);
    expect(taken.body.result).toBe('A customer with the same email already exists in an associated website.');
    const bad = await api.call({ method: 'POST', url: '/vsbridge/user/me?storeCode=en', headers: bearer(a.accessToken), payload: { customer: { email: 'x' } } });
    expect(bad.status).toBe(400);
    expect((bad.body.errors as { field: string }[]).map((e) => e.field)).toEqual(expect.arrayContaining(['customer.email', 'customer.firstname']));
    const anon = await api.call({ method: 'POST', url: '/vsbridge/user/me', payload: { customer: { email: a.email, firstname: 'X', lastname: 'Y' } } });
    expect(anon.status).toBe(401);
    // each token sees its own customer only
    expect((await me(a.accessToken)).body.result.id).toBe(a.id);
    expect((await me(b.accessToken)).body.result.id).toBe(b.id);
  });
});

describe('changing the e-mail', () => {
  const update = (token: string, body: Record<string, unknown>, store = 'en') =>
    api.call({ method: 'POST', url: `/vsbridge/user/me?storeCode=${store}`, headers: bearer(token), payload: body });

  it('needs the current password: without it or with a wrong one the e-mail stays', async () => {
    const c = await customer(api, 'takeover');
    const target = uniqueEmail('attacker');
    const without = await update(c.accessToken, { customer: { email: target, firstname: 'Jonas', lastname: 'Jonaitis' } });
    expect(without.status).toBe(400);
    expect(without.body.errors).toEqual([{ field: 'currentPassword', message: 'The current password is not correct' }]);
    const wrong = await update(c.accessToken, { customer: { email: target, firstname: 'Jonas', lastname: 'Jonaitis' }, currentPassword: 'not my password' }, 'lt');
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([{ field: 'currentPassword', message: 'Dabartinis slaptažodis neteisingas' }]);
    expect((await me(c.accessToken)).body.result.email).toBe(c.email);
    expect(await outbox(api, { kind: 'mail.email-changed', to: c.email })).toHaveLength(0);
    // the same e-mail (any case) and other fields: no password needed
    const names = await update(c.accessToken, { customer: { email: c.email.toUpperCase(), firstname: 'Petras', lastname: 'Jonaitis' } });
    expect(names.status, JSON.stringify(names.body)).toBe(200);
  });

  it('with the current password changes it and e-mails the old address, in the customer\'s language', async () => {
    const email = uniqueEmail('moving');
    await api.call({
      method: 'POST',
      url: '/vsbridge/user/create?storeCode=lt',
      remoteAddress: uniqueAddress(),
      payload: { customer: { email, firstname: 'Ona', lastname: 'Onaitė' }, password: PASSWORD },
    });
    const s = await session(api, email);
    const next = uniqueEmail('moved');
    const r = await update(s.accessToken, { customer: { email: next, firstname: 'Ona', lastname: 'Onaitė' }, currentPassword: PASSWORD });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.result.email).toBe(next);
    const [notice] = await outbox(api, { kind: 'mail.email-changed', to: email });
    expect(notice?.subject).toBe('Jūsų el. pašto adresas pakeistas');
    expect(notice?.text).toContain(next);
    expect(await outbox(api, { kind: 'mail.email-changed', to: next })).toHaveLength(0);
  });

  it('counts wrong current passwords against the account like logins', async () => {
    const c = await customer(api, 'guessing');
    const guess = () => update(c.accessToken, { customer: { email: uniqueEmail('x'), firstname: 'J', lastname: 'J' }, currentPassword: 'guess guess' });
    for (let i = 0; i < 3; i++) expect((await guess()).status).toBe(400);
    expect((await guess()).status).toBe(429);
  });
});

describe('no enumeration of accounts by password reset', () => {
  it('answers the same for a registered and an unknown e-mail; only the registered one gets a link', async () => {
    const c = await customer(api, 'known');
    const unknownEmail = uniqueEmail('unknown');
    const ask = (email: string) =>
      api.call({ method: 'POST', url: '/vsbridge/user/reset-password?storeCode=en', remoteAddress: uniqueAddress(), payload: { email } });
    const known = await ask(c.email);
    const unknown = await ask(unknownEmail);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toEqual({ code: 200, result: true });
    expect(await outbox(api, { kind: 'mail.password-reset', to: c.email })).toHaveLength(1);
    expect(await outbox(api, { kind: 'mail.password-reset', to: unknownEmail })).toHaveLength(0);
    // the per-account limit counts unknown addresses too: the 429 comes at the same attempt
    for (let i = 0; i < 2; i++) expect((await ask(unknownEmail)).status).toBe(200);
    expect((await ask(unknownEmail)).status).toBe(429);
  });
});

describe('password reset through the e-mail of the outbox', () => {
  it('e-mails a single-use link; the link sets the password and ends every session', async () => {
    const c = await customer(api, 'reset');
    const r = await api.call({ method: 'POST', url: '/vsbridge/user/reset-password?storeCode=en', payload: { email: c.email.toUpperCase() } });
    expect(r.body).toEqual({ code: 200, result: true });
    const [mail] = await outbox(api, { kind: 'mail.password-reset', to: c.email });
    expect(mail?.subject).toBe('Reset your password');
    expect(mail?.link).toMatch(/^http:\/\/localhost:3000\/en\/reset-password\?token=[\w-]{43}&email=/);
    expect(mail?.text).toContain(mail?.link);
    const link = new URL(mail?.link ?? '');
    const resetToken = link.searchParams.get('token') ?? '';
    expect(link.searchParams.get('email')).toBe(c.email);
    const stored = await api.database.query<{ token_hash: string }>('SELECT token_hash FROM password_reset_tokens WHERE customer_id = $1', [c.id]);
    expect(stored.map((s) => s.token_hash)).not.toContain(resetToken);

    const create = (payload: Record<string, unknown>, path = 'create-password') =>
      api.call({ method: 'POST', url: `/vsbridge/user/${path}?storeCode=en`, payload });
    const wrong = await create({ email: c.email, newPassword: 'a new password', resetToken: 'x'.repeat(43) });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ result: 'The password reset link is not valid or has expired', errors: [{ field: 'resetToken' }] });
    const otherEmail = await create({ email: uniqueEmail('someone'), newPassword: 'a new password', resetToken });
    expect(otherEmail.status).toBe(400);
    const short = await create({ email: c.email, newPassword: 'short', resetToken });
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual([{ field: 'newPassword', message: 'Password must have at least 8 letters.' }]);

    const done = await create({ email: c.email, newPassword: 'a new password', resetToken });
    expect(done.body).toEqual({ code: 200, result: 'Password has successfully been changed' });
    expect((await me(c.accessToken)).status).toBe(401);
    expect((await refresh(c.refreshToken)).status).toBe(401);
    expect((await login(api, c.email)).status).toBe(401);
    expect((await login(api, c.email, 'a new password')).status).toBe(200);
    // single use
    expect((await create({ email: c.email, newPassword: 'another password', resetToken })).status).toBe(400);

    // the alias path, and an expired link
    await api.call({ method: 'POST', url: '/vsbridge/user/reset-password?storeCode=lt', payload: { email: c.email } });
    const [second] = await outbox(api, { kind: 'mail.password-reset', to: c.email });
    expect(second?.link).toMatch(/^http:\/\/localhost:3000\/reset-password\?/);
    expect(second?.subject).toBe('Slaptažodžio atkūrimas');
    const token2 = new URL(second?.link ?? '').searchParams.get('token') ?? '';
    await api.database.query("UPDATE password_reset_tokens SET expires_at = now() - interval '1 second' WHERE customer_id = $1", [c.id]);
    expect((await create({ email: c.email, newPassword: 'third password', resetToken: token2 }, 'change-reset-password')).status).toBe(400);
    await api.call({ method: 'POST', url: '/vsbridge/user/reset-password?storeCode=en', payload: { email: c.email } });
    const [third] = await outbox(api, { kind: 'mail.password-reset', to: c.email });
    const token3 = new URL(third?.link ?? '').searchParams.get('token') ?? '';
    const alias = await create({ email: c.email, newPassword: 'third password', resetToken: token3 }, 'change-reset-password');
    expect(alias.body.result).toBe('Password has successfully been changed');
  });

  it('is rate-limited per account (3 an hour)', async () => {
    const email = (await customer(api, 'resetlimit')).email;
    const ask = () => api.call({ method: 'POST', url: '/vsbridge/user/reset-password?storeCode=en', remoteAddress: uniqueAddress(), payload: { email } });
    for (let i = 0; i < 3; i++) expect((await ask()).status).toBe(200);
    const refused = await ask();
    expect(refused.status).toBe(429);
    expect(await outbox(api, { kind: 'mail.password-reset', to: email })).toHaveLength(3);
  });

  it('validates the e-mail', async () => {
    const r = await api.call({ method: 'POST', url: '/vsbridge/user/reset-password?storeCode=en', payload: { email: 'nope' } });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([{ field: 'email', message: 'Please provide valid e-mail address.' }]);
  });
});

describe('POST /vsbridge/user/change-password', () => {
  it('needs the current password; ends the other sessions and keeps this one', async () => {
    const c = await customer(api, 'change');
    const other = await session(api, c.email);
    const call = (payload: Record<string, unknown>, token: string | null = c.accessToken) =>
      api.call({ method: 'POST', url: '/vsbridge/user/change-password?storeCode=en', headers: token ? bearer(token) : {}, payload });
    expect((await call({ currentPassword: PASSWORD, newPassword: 'brand new pass' }, null)).status).toBe(401);
    const wrong = await call({ currentPassword: 'not it', newPassword: 'brand new pass' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      code: 400,
      result: 'Error while changing password',
      errors: [{ field: 'currentPassword', message: 'The current password is not correct' }],
    });
    const short = await call({ currentPassword: PASSWORD, newPassword: 'short' });
    expect(short.body.errors).toEqual([{ field: 'newPassword', message: 'Password must have at least 8 letters.' }]);

    const done = await call({ currentPassword: PASSWORD, newPassword: 'brand new pass' });
    expect(done.body).toEqual({ code: 200, result: 'Password has successfully been changed' });
    expect((await me(c.accessToken)).status).toBe(200);
    expect((await refresh(c.refreshToken)).status).toBe(200);
    expect((await me(other.accessToken)).status).toBe(401);
    expect((await refresh(other.refreshToken)).status).toBe(401);
    expect((await login(api, c.email, 'brand new pass')).status).toBe(200);
  });
});

describe('the customer of a token owns its orders and carts', () => {
  it('links orders placed with a token; the history is newest first, paged, and only the owner sees it', async () => {
    const a = await customer(api, 'history-a');
    const b = await customer(api, 'history-b');
    const first = await placeOrder(a.accessToken);
    const second = await placeOrder(a.accessToken, 'LAP-1002');
    const guest = await placeOrder(undefined);
    for (const o of [first, second, guest]) expect(o.status, JSON.stringify(o.body)).toBe(200);

    const history = await api.call({ url: '/vsbridge/user/order-history?storeCode=en', headers: bearer(a.accessToken) });
    expect(history.status).toBe(200);
    expect(history.body.result).toMatchObject({ total_count: 2, page_size: 20, current_page: 1 });
    expect(history.body.result.items.map((o: { increment_id: string }) => o.increment_id)).toEqual([
      second.body.result.orderNumber,
      first.body.result.orderNumber,
    ]);
    expect(history.body.result.items[1]).toMatchObject({
      increment_id: first.body.result.orderNumber,
      status: 'new',
      grand_total: first.body.result.grand_total,
      created_at: expect.any(String),
      items: [expect.objectContaining({ sku: 'PHN-2001', qty: 1, image: null })],
      // the methods named in the page's language (the history asked in English)
      shipping_method_title: expect.stringMatching(/\S/),
      payment_method_title: expect.stringMatching(/\S/),
    });
    const [titles] = await api.database.query<{ en: string }>(
      "SELECT title->>'en' AS en FROM shipping_methods WHERE code = $1",
      [history.body.result.items[1].shipping_method_code],
    );
    expect(history.body.result.items[1].shipping_method_title).toBe(titles?.en);
    const paged = await api.call(`/vsbridge/user/order-history?pageSize=1&currentPage=2&token=${a.accessToken}`);
    expect(paged.body.result.items.map((o: { increment_id: string }) => o.increment_id)).toEqual([first.body.result.orderNumber]);
    expect((await api.call({ url: '/vsbridge/user/order-history', headers: bearer(b.accessToken) })).body.result).toMatchObject({ items: [], total_count: 0 });
    expect((await api.call('/vsbridge/user/order-history')).status).toBe(401);
    const badPage = await api.call({ url: '/vsbridge/user/order-history?pageSize=0', headers: bearer(a.accessToken) });
    expect(badPage.status).toBe(400);
    expect(badPage.body.errors[0].field).toBe('pageSize');
    // an invalid token on order/create is refused (the client refreshes), not silently a guest order
    expect((await placeOrder('garbage')).status).toBe(401);
  });

  it("creates the customer's cart with a token; it answers only that customer's token; order/create needs it too", async () => {
    const a = await customer(api, 'cart-a');
    const b = await customer(api, 'cart-b');
    const created = await api.call({ method: 'POST', url: '/vsbridge/cart/create?storeCode=en', headers: bearer(a.accessToken) });
    expect(created.status).toBe(200);
    const cartId = created.body.result as string;
    const [row] = await api.database.query<{ customer_id: number }>('SELECT customer_id FROM carts WHERE id = $1', [cartId]);
    expect(row?.customer_id).toBe(a.id);
    // cart/create again with the token answers the same (active) cart
    expect((await api.call({ method: 'POST', url: `/vsbridge/cart/create?token=${a.accessToken}` })).body.result).toBe(cartId);

    const add = (headers: Record<string, string>) =>
      api.call({ method: 'POST', url: `/vsbridge/cart/update?cartId=${cartId}&storeCode=en`, headers, payload: { cartItem: { sku: 'PHN-2001', qty: 1 } } });
    expect((await add(bearer(a.accessToken))).status).toBe(200);
    const anonymous = await api.call(`/vsbridge/cart/pull?cartId=${cartId}&storeCode=en`);
    expect(anonymous.status).toBe(401);
    const foreign = await api.call({ url: `/vsbridge/cart/pull?cartId=${cartId}&storeCode=en`, headers: bearer(b.accessToken) });
    expect(foreign.status).toBe(401);
    expect(foreign.body.result).toBe('This cart belongs to another customer.');
    expect((await add(bearer(b.accessToken))).status).toBe(401);
    expect((await api.call({ url: `/vsbridge/cart/totals?cartId=${cartId}`, headers: bearer('garbage') })).status).toBe(401);
    const own = await api.call(`/vsbridge/cart/pull?cartId=${cartId}&storeCode=en&token=${a.accessToken}`);
    expect(own.body.result).toEqual([expect.objectContaining({ sku: 'PHN-2001', qty: 1 })]);

    // order/create on the customer's cart: not without the token, not with another's
    expect((await placeOrder(undefined, 'PHN-2001', cartId)).status).toBe(401);
    expect((await placeOrder(b.accessToken, 'PHN-2001', cartId)).status).toBe(401);
    const placed = await placeOrder(a.accessToken, 'PHN-2001', cartId);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const [order] = await api.database.query<{ customer_id: number }>('SELECT customer_id FROM orders WHERE increment_id = $1', [placed.body.result.orderNumber]);
    expect(order?.customer_id).toBe(a.id);
    // the converted cart is gone; a new cart/create answers a new one
    expect((await api.call({ method: 'POST', url: '/vsbridge/cart/create', headers: bearer(a.accessToken) })).body.result).not.toBe(cartId);
    // guest carts still work without any token
    const guestCart = (await api.call({ method: 'POST', url: '/vsbridge/cart/create' })).body.result;
    expect((await api.call(`/vsbridge/cart/pull?cartId=${guestCart}`)).status).toBe(200);
    // a logged-out session cannot reach the cart any more
    await api.call({ method: 'POST', url: '/vsbridge/user/logout', headers: bearer(a.accessToken) });
    const fresh = (await api.call({ method: 'POST', url: '/vsbridge/cart/create', headers: bearer(b.accessToken) })).body.result;
    expect((await api.call({ url: `/vsbridge/cart/pull?cartId=${fresh}`, headers: bearer(a.accessToken) })).status).toBe(401);
  });
});

function placeOrder(token: string | undefined, sku = 'PHN-2001', cartId?: string) {
  return placeOrderFor(api, { token, sku, cartId });
}
