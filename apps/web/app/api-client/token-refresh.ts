import { ApiError } from './request';
import type { TokenPair } from '../lib/types';

/**
 * Token refresh (accounts-checkout-routes.md §4 "Token refresh"): on a 401 answered to a request
 * that carried a token, the refresh token is exchanged for a new pair and the request retried with
 * the new access token. One refresh runs at a time, in this tab (a shared promise) and across tabs
 * (a Web Lock): a caller that waited for the lock first re-reads the shared session and reuses the
 * token another tab got. Failure sets the lock to -1 (no more refreshes until the next login), logs
 * out silently and opens the login/sign-up modal; when the attempts ran out it also shows the
 * spec's error notification.
 */
export interface Session {
  token: string | null;
  refreshToken: string | null;
}

export type RefreshFailure =
  /** the refresh token was refused (400, 403, 404): silent logout, login modal */
  | 'rejected'
  /** the refresh answered 401: logout, login modal and the spec's notification */
  | 'unauthorized'
  /** the maximum attempts ran out on another error (network, 5xx, wrong format) */
  | 'internal';

export interface TokenRefresherOptions {
  /** The shared session, as persisted (another tab may have refreshed it meanwhile). */
  session(): Promise<Session>;
  /** `POST /user/refresh` */
  refresh(refreshToken: string): Promise<TokenPair>;
  /** Stores the new pair (persisted and shared) before the lock is released. */
  save(pair: TokenPair): Promise<void>;
  /** Ends the session: silent logout, login modal, notification for 'unauthorized' / 'internal'. */
  fail(reason: RefreshFailure): void | Promise<void>;
  /** Runs `fn` exclusively across tabs; default: navigator.locks when present, else directly. */
  lock?: <T>(fn: () => Promise<T>) => Promise<T>;
  /** Attempts per refresh before giving up (transient errors only; a refused token is final). */
  maxAttempts?: number;
}

export const TOKEN_REFRESH_LOCK = 'vitrina:token-refresh';
export const TOKEN_REFRESH_MAX_ATTEMPTS = 3;

/** The default cross-tab lock: the Web Locks API, when the browser has it. */
export function webLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? (locks.request(TOKEN_REFRESH_LOCK, fn) as Promise<T>) : fn();
}

/** A refused refresh token: 4xx (400, 401, 403, 404); anything else may be retried. */
const isRefused = (e: unknown) => e instanceof ApiError && e.code >= 400 && e.code < 500 && e.code !== 429;

export function createTokenRefresher(options: TokenRefresherOptions) {
  const lock = options.lock ?? webLock;
  const maxAttempts = Math.max(1, options.maxAttempts ?? TOKEN_REFRESH_MAX_ATTEMPTS);
  /** the spec's lock: 0 idle, 1 refreshing, -1 failed (until reset by a login) */
  let state: 0 | 1 | -1 = 0;
  let inFlight: Promise<string | null> | null = null;

  async function run(failedToken: string): Promise<string | null> {
    const now = await options.session();
    // Logged out meanwhile (here or in another tab).
    if (!now.token || !now.refreshToken) return null;
    // Another tab (or an earlier refresh here) already replaced the token: reuse it.
    if (now.token !== failedToken) return now.token;
    let lastError: unknown = null;
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      try {
        const pair = await options.refresh(now.refreshToken);
        await options.save(pair);
        return pair.token;
      } catch (e) {
        lastError = e;
        if (isRefused(e)) {
          state = -1;
          // a 401 is the spec's "Error refreshing user token. User is not authorized…"; another refusal (400, 403, 404: a malformed or unknown token) is silent
          await options.fail(e instanceof ApiError && e.code === 401 ? 'unauthorized' : 'rejected');
          return null;
        }
      }
    }
    state = -1;
    await options.fail(lastError instanceof ApiError && lastError.code === 401 ? 'unauthorized' : 'internal');
    return null;
  }

  return {
    /** The token to retry with, or null (no session, or the refresh failed). */
    refresh(failedToken: string): Promise<string | null> {
      if (state === -1) return Promise.resolve(null);
      if (inFlight) return inFlight;
      state = 1;
      const p = lock(() => run(failedToken)).then(
        (token) => {
          if (state === 1) state = 0;
          return token;
        },
        (e: unknown) => {
          console.error('token refresh', e);
          if (state === 1) state = 0;
          return null;
        },
      );
      inFlight = p.finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
    /** After a login: refreshes are allowed again. */
    reset() {
      state = 0;
    },
    get lockState() {
      return state;
    },
  };
}

export type TokenRefresher = ReturnType<typeof createTokenRefresher>;

function jwtPayload(token: string | null | undefined): { exp?: unknown; iat?: unknown } | null {
  const part = token?.split('.')[1];
  if (!part) return null;
  try {
    const b64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const padded = b64 + '='.repeat((4 - (b64.length % 4)) % 4);
    return JSON.parse(atob(padded)) as { exp?: unknown; iat?: unknown };
  } catch {
    return null;
  }
}

/** The expiry (ms since epoch) in a JWT's payload, or null when it has none or is not a JWT. */
export function tokenExpiry(token: string | null | undefined): number | null {
  const exp = jwtPayload(token)?.exp;
  return typeof exp === 'number' ? exp * 1000 : null;
}

/** Refresh this long before the token expires (at most; a fifth of a shorter lifetime). */
export const REFRESH_AHEAD_MS = 60_000;

/** How long to wait before refreshing proactively (0 = now), or null when the expiry is unknown. */
export function refreshDelay(token: string | null | undefined, now = Date.now()): number | null {
  const payload = jwtPayload(token);
  if (typeof payload?.exp !== 'number') return null;
  const exp = payload.exp * 1000;
  const lifetime = typeof payload.iat === 'number' ? exp - payload.iat * 1000 : REFRESH_AHEAD_MS * 5;
  const ahead = Math.min(REFRESH_AHEAD_MS, Math.max(1000, lifetime / 5));
  return Math.max(0, exp - ahead - now);
}
