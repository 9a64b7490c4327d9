/**
 * The rate-limit counters in Redis (REDIS_URL), shared by every process of the shop: the same fixed
 * windows as MemoryRateLimiter (rate-limit.ts), one key per counted thing, expiring with its window.
 * `consume` is one Lua script (INCR, then PEXPIRE on the window's first event, then PTTL), so
 * concurrent processes never lose a count or leave a key without expiry.
 *
 * Redis unreachable: the call fails (a 500 for that request) rather than letting every attempt
 * through; ioredis reconnects on its own.
 */
import { Redis } from 'ioredis';
import type { RateRule } from '../config.ts';
import type { RateDecision, RateLimiter } from './rate-limit.ts';

const CONSUME = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }`;

export class RedisRateLimiter implements RateLimiter {
  private constructor(
    private readonly redis: Redis,
    /** prefix of every key (several shops or tests on one Redis keep apart) */
    private readonly prefix: string,
  ) {}

  static create(url: string, prefix = 'vitrina:rl:'): RedisRateLimiter {
    const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
    return new RedisRateLimiter(redis, prefix);
  }

  async consume(key: string, rule: RateRule): Promise<RateDecision> {
    if (rule.count === 0) return { allowed: true, count: 0, retryAfterMs: 0 };
    const [count, ttl] = (await this.redis.eval(
      CONSUME,
      1,
      this.prefix + key,
      String(rule.windowSeconds * 1000),
    )) as [number, number];
    return { allowed: count <= rule.count, count, retryAfterMs: Math.max(0, ttl) };
  }

  async peek(key: string, rule: RateRule): Promise<RateDecision> {
    if (rule.count === 0) return { allowed: true, count: 0, retryAfterMs: 0 };
    const [raw, ttl] = await Promise.all([
      this.redis.get(this.prefix + key),
      this.redis.pttl(this.prefix + key),
    ]);
    const count = Number(raw ?? 0);
    if (count === 0 || ttl === -2) return { allowed: true, count: 0, retryAfterMs: 0 };
    return { allowed: count < rule.count, count, retryAfterMs: Math.max(0, ttl) };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
