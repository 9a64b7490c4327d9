/**
 * The Redis rate limiter against a real Redis: runs when TEST_REDIS_URL is set (e.g.
 * redis://127.0.0.1:6379), skipped otherwise.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisRateLimiter } from '../src/auth/redis-rate-limit.ts';
import { startApi, type TestApi } from './helpers.ts';
import { login, register, uniqueAddress, uniqueEmail } from './user-helpers.ts';

const url = process.env.TEST_REDIS_URL;

describe.skipIf(!url)('RedisRateLimiter (TEST_REDIS_URL)', () => {
  const prefix = `vitrina-test:${randomBytes(6).toString('hex')}:`;
  let a: RedisRateLimiter;
  let b: RedisRateLimiter;
  beforeAll(() => {
    a = RedisRateLimiter.create(url as string, prefix);
    b = RedisRateLimiter.create(url as string, prefix);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('counts one window across two clients (two processes share the limit)', async () => {
    const rule = { count: 3, windowSeconds: 60 };
    const decisions = await Promise.all([
      a.consume('k1', rule),
      b.consume('k1', rule),
      a.consume('k1', rule),
      b.consume('k1', rule),
    ]);
    expect(decisions.map((d) => d.count).sort()).toEqual([1, 2, 3, 4]);
    expect(decisions.filter((d) => !d.allowed)).toHaveLength(1);
    for (const d of decisions) {
      expect(d.retryAfterMs).toBeGreaterThan(55_000);
      expect(d.retryAfterMs).toBeLessThanOrEqual(60_000);
    }
    expect(await b.peek('k1', rule)).toMatchObject({ allowed: false, count: 4 });
  });

  it('peek does not count; reset forgets; a rule of 0 never refuses', async () => {
    const rule = { count: 1, windowSeconds: 60 };
    expect(await a.peek('k2', rule)).toEqual({ allowed: true, count: 0, retryAfterMs: 0 });
    expect((await a.consume('k2', rule)).allowed).toBe(true);
    expect((await b.peek('k2', rule)).allowed).toBe(false);
    await b.reset('k2');
    expect((await a.consume('k2', rule)).allowed).toBe(true);
    expect(await a.consume('k3', { count: 0, windowSeconds: 1 })).toEqual({
      allowed: true,
      count: 0,
      retryAfterMs: 0,
    });
  });

  it('the window expires in Redis', async () => {
    const rule = { count: 1, windowSeconds: 1 };
    await a.consume('k4', rule);
    expect((await a.consume('k4', rule)).allowed).toBe(false);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await a.consume('k4', rule)).allowed).toBe(true);
  });

  describe('two API instances with REDIS_URL share the login limit of an account', () => {
    let one: TestApi;
    let two: TestApi;
    beforeAll(async () => {
      const env = {
        REDIS_URL: url as string,
        RATE_LIMIT_LOGIN_ACCOUNT: '3/900',
        MAIL_OUTBOX_INTERVAL_MS: '0',
      };
      [one, two] = await Promise.all([startApi(env), startApi(env)]);
    });
    afterAll(async () => {
      await one?.close();
      await two?.close();
    });

    it('the fourth wrong password, on either instance, is refused', async () => {
      const email = uniqueEmail(`redis-${randomBytes(3).toString('hex')}`);
      await register(one, email);
      expect((await login(one, email, 'wrong password 1', uniqueAddress())).status).toBe(401);
      expect((await login(two, email, 'wrong password 2', uniqueAddress())).status).toBe(401);
      expect((await login(one, email, 'wrong password 3', uniqueAddress())).status).toBe(401);
      expect((await login(two, email, 'wrong password 4', uniqueAddress())).status).toBe(429);
    });
  });
});
