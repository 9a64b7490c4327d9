/**
 * Rate limits (issue #6: login and reset per account and per client address; contact, sign-up and
 * newsletter per address). A small interface with an in-process implementation: fixed windows counted
 * in a Map, swept as they expire, bounded in size.
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

type Window = { count: number; resetAt: number };

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, Window>();
  private operations = 0;

  constructor(
    /** the most keys kept; beyond it expired windows are swept, then the oldest dropped */
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
      w = { count: 0, resetAt: at + rule.windowSeconds * 1000 };
      this.windows.set(key, w);
      this.housekeeping(at);
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

  private housekeeping(at: number) {
    this.operations += 1;
    if (this.windows.size <= this.maxKeys && this.operations % 1000 !== 0) return;
    for (const [k, w] of this.windows) if (w.resetAt <= at) this.windows.delete(k);
    // still too many live windows (a flood of distinct keys): drop the oldest
    for (const k of this.windows.keys()) {
      if (this.windows.size <= this.maxKeys) break;
      this.windows.delete(k);
    }
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
