/**
 * The in-process rate limiter under a flood of distinct keys: cheap refused
 * requests with random e-mails must not push a victim's lockout out of the bounded table.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MemoryRateLimiter, enforce, ruleNameOf } from '../src/auth/rate-limit.ts';

const loginRule = { count: 5, windowSeconds: 900 };

describe('MemoryRateLimiter flood', () => {
  it('keeps an active lockout through 100k random keys (default size)', async () => {
    const limiter = new MemoryRateLimiter();
    for (let i = 0; i < loginRule.count + 1; i++)
      await limiter.consume('login:account:victim@example.com', loginRule);
    expect((await limiter.peek('login:account:victim@example.com', loginRule)).allowed).toBe(false);

    for (let i = 0; i < 100_000; i++)
      await limiter.consume(`login:account:${randomBytes(8).toString('hex')}@example.com`, loginRule);

    expect((await limiter.peek('login:account:victim@example.com', loginRule)).allowed).toBe(false);
    expect((await limiter.consume('login:account:victim@example.com', loginRule)).allowed).toBe(false);
    expect(limiter.size).toBeLessThanOrEqual(100_000);
  });

  it('stays bounded: unlocked windows make room, lockouts are kept, a rule full of lockouts refuses its new keys', async () => {
    const limiter = new MemoryRateLimiter(100, Date.now, 10);
    for (let k = 0; k < 10; k++)
      for (let i = 0; i < loginRule.count; i++) await limiter.consume(`locked:${k}`, loginRule);
    expect(limiter.size).toBe(10);
    // no room without dropping a lockout: the newcomer is refused rather than a lockout forgotten
    expect((await limiter.consume('locked:newcomer', loginRule)).allowed).toBe(false);
    expect(limiter.size).toBe(10);
    for (let k = 0; k < 10; k++) expect((await limiter.peek(`locked:${k}`, loginRule)).allowed).toBe(false);
  });

  it('frees expired windows first, then the oldest windows below their limit', async () => {
    let now = 0;
    const limiter = new MemoryRateLimiter(100, () => now, 4);
    for (let i = 0; i < loginRule.count; i++) await limiter.consume('k:victim', loginRule);
    await limiter.consume('k:short', { count: 5, windowSeconds: 1 });
    await limiter.consume('k:a', loginRule);
    await limiter.consume('k:b', loginRule);
    now = 2000; // 'short' has expired
    expect((await limiter.consume('k:c', loginRule)).allowed).toBe(true);
    expect((await limiter.consume('k:d', loginRule)).allowed).toBe(true);
    expect(limiter.size).toBeLessThanOrEqual(4);
    expect((await limiter.peek('k:victim', loginRule)).allowed).toBe(false);
    expect((await limiter.peek('k:d', loginRule)).count).toBe(1);
  });
});

/**
 * A lockout flood (cheap reset requests, each e-mail sent until locked) used to fill the whole table
 * with lockouts, and a full table refused every new key: one address blocked every login, staff
 * login and sign-up for an hour. Now one address stops counting account keys once refused, and a
 * flooded rule fills and evicts within its own share.
 */
describe('a lockout flood', () => {
  const resetAccount = { count: 3, windowSeconds: 3600 };
  const resetAddress = { count: 10, windowSeconds: 3600 };
  const signupAddress = { count: 20, windowSeconds: 3600 };
  const reset = (limiter: MemoryRateLimiter, email: string, address: string) =>
    enforce(limiter, [
      { key: `reset:account:${email}`, rule: resetAccount },
      { key: `reset:address:${address}`, rule: resetAddress },
    ]).then(
      () => true,
      () => false,
    );

  it('from one address: account keys stop being counted once the address is refused', async () => {
    const limiter = new MemoryRateLimiter(1000);
    for (let i = 0; i < 2000; i++) await reset(limiter, `flood${i % 700}@example.com`, '203.0.113.7');
    // the address's own window, and the account keys of its first ten requests only
    expect(limiter.sizeOf('reset:account')).toBe(10);
    expect(await reset(limiter, 'someone@example.com', '198.51.100.1')).toBe(true);
    await expect(
      enforce(limiter, [
        { key: 'login:account:a@b.lt', rule: loginRule },
        { key: 'login:address:198.51.100.1', rule: loginRule },
      ]),
    ).resolves.toBeUndefined();
  });

  it('from many addresses: the reset rule full of lockouts refuses its own new keys, logins and sign-ups go on', async () => {
    const limiter = new MemoryRateLimiter(64);
    // every e-mail sent until locked, from addresses that change before their own limit
    for (let i = 0; i < 400; i++)
      for (let n = 0; n < resetAccount.count + 1; n++)
        await reset(limiter, `flood${i}@example.com`, `2001:db8::${i.toString(16)}`);
    expect(limiter.size).toBeLessThanOrEqual(64);
    expect(limiter.sizeOf('reset:account')).toBeLessThanOrEqual(4);
    // a new address still signs up and logs in
    await expect(
      enforce(limiter, [{ key: 'signup:address:198.51.100.2', rule: signupAddress }]),
    ).resolves.toBeUndefined();
    await expect(
      enforce(limiter, [
        { key: 'login:account:customer@example.com', rule: loginRule },
        { key: 'login:address:198.51.100.2', rule: loginRule },
      ]),
    ).resolves.toBeUndefined();
    await expect(
      enforce(limiter, [
        { key: 'staff-login:account:boss@example.com', rule: loginRule },
        { key: 'staff-login:address:198.51.100.2', rule: loginRule },
      ]),
    ).resolves.toBeUndefined();
  });

  it('names a rule by its prefix only, never by a part the client chooses', () => {
    expect(ruleNameOf('login:account:a:b@example.com')).toBe('login:account');
    expect(ruleNameOf('contact:address:2001:db8::1')).toBe('contact:address');
    expect(ruleNameOf('address:2001:db8::1')).toBe('address');
    expect(ruleNameOf('customer:42')).toBe('customer');
  });
});
