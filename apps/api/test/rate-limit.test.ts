/**
 * The in-process rate limiter under a flood of distinct keys: cheap refused
 * requests with random e-mails must not push a victim's lockout out of the bounded table.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MemoryRateLimiter } from '../src/auth/rate-limit.ts';

const loginRule = { count: 5, windowSeconds: 900 };

describe('MemoryRateLimiter flood', () => {
  it('keeps an active lockout through 100k random keys (default size)', async () => {
    const limiter = new MemoryRateLimiter();
    for (let i = 0; i < loginRule.count + 1; i++) await limiter.consume('login:account:victim@example.com', loginRule);
    expect((await limiter.peek('login:account:victim@example.com', loginRule)).allowed).toBe(false);

    for (let i = 0; i < 100_000; i++)
      await limiter.consume(`login:account:${randomBytes(8).toString('hex')}@example.com`, loginRule);

    expect((await limiter.peek('login:account:victim@example.com', loginRule)).allowed).toBe(false);
    expect((await limiter.consume('login:account:victim@example.com', loginRule)).allowed).toBe(false);
    expect(limiter.size).toBeLessThanOrEqual(100_000);
  });

  it('stays bounded: unlocked windows make room, lockouts are kept, a table full of lockouts refuses new keys', async () => {
    const limiter = new MemoryRateLimiter(10);
    for (let k = 0; k < 10; k++) for (let i = 0; i < loginRule.count; i++) await limiter.consume(`locked:${k}`, loginRule);
    expect(limiter.size).toBe(10);
    // no room without dropping a lockout: the newcomer is refused rather than a lockout forgotten
    expect((await limiter.consume('newcomer', loginRule)).allowed).toBe(false);
    expect(limiter.size).toBe(10);
    for (let k = 0; k < 10; k++) expect((await limiter.peek(`locked:${k}`, loginRule)).allowed).toBe(false);
  });

  it('frees expired windows first, then the oldest windows below their limit', async () => {
    let now = 0;
    const limiter = new MemoryRateLimiter(4, () => now);
    for (let i = 0; i < loginRule.count; i++) await limiter.consume('victim', loginRule);
    await limiter.consume('short', { count: 5, windowSeconds: 1 });
    await limiter.consume('a', loginRule);
    await limiter.consume('b', loginRule);
    now = 2000; // 'short' has expired
    expect((await limiter.consume('c', loginRule)).allowed).toBe(true);
    expect((await limiter.consume('d', loginRule)).allowed).toBe(true);
    expect(limiter.size).toBeLessThanOrEqual(4);
    expect((await limiter.peek('victim', loginRule)).allowed).toBe(false);
    expect((await limiter.peek('d', loginRule)).count).toBe(1);
  });
});
