/**
 * Rate limits (login and reset per account and per client address; contact, sign-up and
 * newsletter per address). A small interface with an in-process implementation: fixed windows counted
 * in a Map, swept as they expire, bounded in size.
 *
 * The bound must not become a way to lift a lockout: a flood of cheap requests
 * with random keys (each refused request still counts, so it creates a window) would otherwise push
 * a victim's locked account out of the table. So only windows still below their limit are ever
 * dropped to make room; a window at its limit stays until it expires, and when the table holds
 * nothing but lockouts a new key is refused (fail closed) instead of forgetting one.
 *
 * Several processes: with `REDIS_URL` app.ts builds `RedisRateLimiter` (redis-rate-limit.ts) behind
 * the same interface, so every process counts in one place; without it this in-process one counts.
 */
import type { FastifyReply } from 'fastify';
import type { RateRule } from '../config.ts';
import { ApiError } from '../http/errors.ts';

export type RateDecision = {
  /** true while the key is within its limit */
  allowed: boolean;
  /** events counted in the current window */
  count: number;
  /** milliseconds until the window ends (0 when nothing is counted) */
  retryAfterMs: number;
};

export interface RateLimiter {
  /** counts one event for `key`; allowed when the count, this one included, is within the rule */
  consume(key: string, rule: RateRule): Promise<RateDecision>;
  /** the state of `key` without counting: allowed when another event would still be within the rule */
  peek(key: string, rule: RateRule): Promise<RateDecision>;
  /** forgets `key` (e.g. an account's failed logins after a successful one) */
  reset(key: string): Promise<void>;
}

/** `limit`: the rule's count, kept so that housekeeping knows a lockout (count ≥ limit) from a mere counter */
type Window = { count: number; resetAt: number; limit: number };

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, Window>();
  private operations = 0;

  constructor(
    /** the most keys kept; beyond it expired windows are swept, then the oldest below their limit dropped */
    private readonly maxKeys = 100_000,
    private readonly now: () => number = Date.now,
  ) {}

  private current(key: string, at: number): Window | undefined {
    const w = this.windows.get(key);
    if (w && w.resetAt <= at) {
      this.windows.delete(key);
      return undefined;
    }
    return w;
  }

  async consume(key: string, rule: RateRule): Promise<RateDecision> {
    if (rule.count === 0) return { allowed: true, count: 0, retryAfterMs: 0 };
    const at = this.now();
    let w = this.current(key, at);
    if (!w) {
      // a table full of lockouts: refuse rather than forget one
      if (!this.makeRoom(at)) return { allowed: false, count: 0, retryAfterMs: rule.windowSeconds * 1000 };
      w = { count: 0, resetAt: at + rule.windowSeconds * 1000, limit: rule.count };
      this.windows.set(key, w);
    }
    w.count += 1;
    return { allowed: w.count <= rule.count, count: w.count, retryAfterMs: w.resetAt - at };
  }

  async peek(key: string, rule: RateRule): Promise<RateDecision> {
    if (rule.count === 0) return { allowed: true, count: 0, retryAfterMs: 0 };
    const at = this.now();
    const w = this.current(key, at);
    if (!w) return { allowed: true, count: 0, retryAfterMs: 0 };
    return { allowed: w.count < rule.count, count: w.count, retryAfterMs: w.resetAt - at };
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  /** the number of keys held (tests) */
  get size(): number {
    return this.windows.size;
  }

  /**
   * Room for one more key: true when there is. Every 1000 new keys, and whenever the table is full,
   * expired windows are swept; still full, the oldest windows below their limit are dropped (a
   * hundredth of the table at once, so a flood does not rescan the lockouts on every request).
   */
  private makeRoom(at: number): boolean {
    this.operations += 1;
    if (this.windows.size < this.maxKeys && this.operations % 1000 !== 0) return true;
    for (const [k, w] of this.windows) if (w.resetAt <= at) this.windows.delete(k);
    if (this.windows.size < this.maxKeys) return true;
    const target = this.maxKeys - Math.max(1, Math.floor(this.maxKeys / 100));
    for (const [k, w] of this.windows) {
      if (this.windows.size <= target) break;
      if (w.count < w.limit) this.windows.delete(k);
    }
    return this.windows.size < this.maxKeys;
  }
}

/** a 429 that knows when to come back (routes put it into `Retry-After` with `withRetryAfter`) */
export class RateLimitError extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'user.tooManyAttempts', { minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)) });
  }
}

/** 429 with the message in the request's language ("Too many attempts. Please try again in N min.") */
export function tooManyAttempts(decision: RateDecision): RateLimitError {
  return new RateLimitError(Math.max(1, Math.ceil(decision.retryAfterMs / 1000)));
}

/** runs `work`; a rate-limit refusal also sets the `Retry-After` header (seconds) of the answer */
export async function withRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof RateLimitError) reply.header('retry-after', String(err.retryAfterSeconds));
    throw err;
  }
}

/**
 * Counts one event for each of `keys` and refuses (429) when any is over its rule. All keys are
 * counted even when one refuses, so a flood keeps every window full.
 */
export async function enforce(
  limiter: RateLimiter,
  checks: { key: string; rule: RateRule }[],
): Promise<void> {
  const decisions = await Promise.all(checks.map((c) => limiter.consume(c.key, c.rule)));
  const refused = decisions.filter((d) => !d.allowed).sort((a, b) => b.retryAfterMs - a.retryAfterMs)[0];
  if (refused) throw tooManyAttempts(refused);
}
