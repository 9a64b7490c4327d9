/**
 * Rate limits (login and reset per account and per client address; contact, sign-up and
 * newsletter per address). A small interface with an in-process implementation: fixed windows counted
 * in a Map, swept as they expire, bounded in size.
 *
 * The bound must not become a way to lift a lockout: a flood of cheap requests
 * with random keys (each refused request still counts, so it creates a window) would otherwise push
 * a victim's locked account out of the table. So only windows still below their limit are ever
 * dropped to make room; a window at its limit stays until it expires, and when a rule's share of the
 * table holds nothing but lockouts a new key of that rule is refused (fail closed) instead of
 * forgetting one. The shares keep one flooded rule from refusing every other (see MemoryRateLimiter).
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

/**
 * The rule a key counts under: its prefix (`login:account`, `reset:address`, `customer`), never a
 * part the client chooses (an e-mail or an IPv6 address may hold colons), so the rules are the
 * code's few and a flood of keys stays within one.
 */
export function ruleNameOf(key: string): string {
  return /^[a-z-]+(?::(?:account|address|email)(?=:))?/.exec(key)?.[0] ?? '';
}

/** a rule counted per client address: checked first, and once it refuses nothing else is counted */
const isAddressRule = (key: string) => /(^|:)address$/.test(ruleNameOf(key));

/**
 * In-process fixed windows, bounded per rule and in all. A flood of one rule (random e-mails in
 * reset requests, each sent until locked) fills that rule's share only: room for its new keys is
 * made by dropping its own oldest windows below their limit, and when its share holds nothing but
 * lockouts its new keys are refused; logins, sign-ups and staff logins keep their room.
 */
export class MemoryRateLimiter implements RateLimiter {
  private readonly rules = new Map<string, Map<string, Window>>();
  private operations = 0;
  private held = 0;

  constructor(
    /** the most keys kept in all */
    private readonly maxKeys = 100_000,
    private readonly now: () => number = Date.now,
    /** the most keys of one rule; the code has about a dozen rules, so their shares fit in `maxKeys` */
    private readonly maxKeysPerRule = Math.max(1, Math.floor(maxKeys / 16)),
  ) {}

  private windowsOf(key: string): Map<string, Window> {
    const name = ruleNameOf(key);
    let windows = this.rules.get(name);
    if (!windows) this.rules.set(name, (windows = new Map()));
    return windows;
  }

  private current(windows: Map<string, Window>, key: string, at: number): Window | undefined {
    const w = windows.get(key);
    if (w && w.resetAt <= at) {
      windows.delete(key);
      this.held -= 1;
      return undefined;
    }
    return w;
  }

  async consume(key: string, rule: RateRule): Promise<RateDecision> {
    if (rule.count === 0) return { allowed: true, count: 0, retryAfterMs: 0 };
    const at = this.now();
    const windows = this.windowsOf(key);
    let w = this.current(windows, key, at);
    if (!w) {
      // this rule's share full of lockouts: refuse rather than forget one
      if (!this.makeRoom(windows, at))
        return { allowed: false, count: 0, retryAfterMs: rule.windowSeconds * 1000 };
      w = { count: 0, resetAt: at + rule.windowSeconds * 1000, limit: rule.count };
      windows.set(key, w);
      this.held += 1;
    }
    w.count += 1;
    return { allowed: w.count <= rule.count, count: w.count, retryAfterMs: w.resetAt - at };
  }

  async peek(key: string, rule: RateRule): Promise<RateDecision> {
    if (rule.count === 0) return { allowed: true, count: 0, retryAfterMs: 0 };
    const at = this.now();
    const w = this.current(this.windowsOf(key), key, at);
    if (!w) return { allowed: true, count: 0, retryAfterMs: 0 };
    return { allowed: w.count < rule.count, count: w.count, retryAfterMs: w.resetAt - at };
  }

  async reset(key: string): Promise<void> {
    if (this.windowsOf(key).delete(key)) this.held -= 1;
  }

  /** the number of keys held (tests) */
  get size(): number {
    return this.held;
  }

  /** the number of keys held under one rule (tests) */
  sizeOf(ruleName: string): number {
    return this.rules.get(ruleName)?.size ?? 0;
  }

  /**
   * Room for one more key of the rule whose windows are `windows`: true when there is. Every 1000
   * new keys, and whenever the rule's share or the whole table is full, expired windows are swept;
   * still full, the rule's own oldest windows below their limit are dropped (a hundredth of its
   * share at once, so a flood does not rescan the lockouts on every request). Only when the whole
   * table is full with this rule's share not (rules configured beyond their shares) does the
   * largest rule give up windows below their limit.
   */
  private makeRoom(windows: Map<string, Window>, at: number): boolean {
    this.operations += 1;
    const ruleFull = () => windows.size >= this.maxKeysPerRule;
    const tableFull = () => this.held >= this.maxKeys;
    if (!ruleFull() && !tableFull() && this.operations % 1000 !== 0) return true;
    // the whole table now and then; a full rule's own windows whenever it is full
    for (const rule of this.operations % 1000 === 0 || tableFull() ? this.rules.values() : [windows])
      for (const [k, w] of rule)
        if (w.resetAt <= at) {
          rule.delete(k);
          this.held -= 1;
        }
    if (ruleFull()) this.dropBelowLimit(windows, this.maxKeysPerRule);
    if (tableFull()) {
      const largest = [...this.rules.values()].reduce((a, b) => (b.size > a.size ? b : a));
      this.dropBelowLimit(largest, largest.size);
    }
    return !ruleFull() && !tableFull();
  }

  /** drops the oldest windows below their limit until `windows` is a hundredth of `share` below it */
  private dropBelowLimit(windows: Map<string, Window>, share: number): void {
    const target = share - Math.max(1, Math.floor(share / 100));
    for (const [k, w] of windows) {
      if (windows.size <= target) break;
      if (w.count < w.limit) {
        windows.delete(k);
        this.held -= 1;
      }
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
 * Counts one event for each of `keys` and refuses (429) when any is over its rule. The client
 * address's rules are counted first: once the address is refused, nothing else is counted, so one
 * address cannot fill the table with account keys (random e-mails) after its own limit. Otherwise
 * every key is counted even when one refuses, so a flood keeps every window full.
 */
export async function enforce(
  limiter: RateLimiter,
  checks: { key: string; rule: RateRule }[],
): Promise<void> {
  const byAddress = checks.filter((c) => isAddressRule(c.key));
  const addressDecisions = await Promise.all(byAddress.map((c) => limiter.consume(c.key, c.rule)));
  const addressRefused = addressDecisions
    .filter((d) => !d.allowed)
    .sort((a, b) => b.retryAfterMs - a.retryAfterMs)[0];
  if (addressRefused) throw tooManyAttempts(addressRefused);
  const others = checks.filter((c) => !isAddressRule(c.key));
  const decisions = await Promise.all(others.map((c) => limiter.consume(c.key, c.rule)));
  const refused = decisions.filter((d) => !d.allowed).sort((a, b) => b.retryAfterMs - a.retryAfterMs)[0];
  if (refused) throw tooManyAttempts(refused);
}
