/**
 * The staff session cookie in production: always Secure and `__Host-` prefixed, whatever PUBLIC_URL
 * says (before: Secure only with an https PUBLIC_URL, never prefixed, so a sibling subdomain could
 * plant one). A cookie under the plain name is then ignored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStaff } from '../src/staff/accounts.ts';
import { CLI_ACTOR } from '../src/staff/audit.ts';
import { startApi, type TestApi } from './helpers.ts';

const PASSWORD = 'staff password 123';
let production: TestApi;
let development: TestApi;

beforeAll(async () => {
  production = await startApi({ NODE_ENV: 'production', PUBLIC_URL: 'http://shop.internal' });
  development = await startApi({ PUBLIC_URL: 'http://localhost:3000' });
  for (const api of [production, development])
    await addStaff(api.database, CLI_ACTOR, 'clerk@shop.lt', 'staff', PASSWORD);
});
afterAll(async () => {
  await production?.close();
  await development?.close();
});

const login = async (api: TestApi) => {
  const r = await api.call({
    method: 'POST',
    url: '/vsbridge/staff/login',
    payload: { email: 'clerk@shop.lt', password: PASSWORD },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const raw = r.res.headers['set-cookie'];
  return String(Array.isArray(raw) ? raw[0] : raw);
};

describe('the staff session cookie', () => {
  it('in production: __Host- prefixed, Secure, host-only for /; the plain name opens nothing', async () => {
    const cookie = await login(production);
    expect(cookie).toMatch(/^__Host-vitrina_staff=[A-Za-z0-9_-]{40,}; Path=\//);
    expect(cookie).toContain('; Secure');
    expect(cookie).not.toMatch(/Domain=/i);
    const pair = cookie.split(';')[0]!;
    expect((await production.call({ url: '/vsbridge/staff/me', headers: { cookie: pair } })).status).toBe(
      200,
    );
    const plain = pair.replace(/^__Host-/, '');
    expect((await production.call({ url: '/vsbridge/staff/me', headers: { cookie: plain } })).status).toBe(
      401,
    );
  });

  it('outside production over http: the plain name, not Secure (a browser would drop it)', async () => {
    const cookie = await login(development);
    expect(cookie).toMatch(/^vitrina_staff=/);
    expect(cookie).not.toContain('Secure');
  });
});
