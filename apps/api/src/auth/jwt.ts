/**
 * The access token: a compact JWT signed with HS256 (node:crypto HMAC-SHA256), nothing else accepted
 * (the header must be exactly ours: no `alg: none`, no algorithm switch). Its claims carry no secret:
 * the customer id, the group id (price tiers) and the session id (the refresh-token family, checked
 * against the database so logout and password changes end the session at once).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type AccessClaims = {
  /** customer id */
  sub: string;
  /** customer group id */
  gid: number;
  /** session (refresh-token family) id */
  sid: string;
  /** issued at, seconds */
  iat: number;
  /** expires at, seconds */
  exp: number;
};

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');
const HEADER = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

function signature(key: Buffer, signingInput: string): Buffer {
  return createHmac('sha256', key).update(signingInput).digest();
}

/** the token of `claims`; the same claims and key always give the same token */
export function signAccessToken(claims: AccessClaims, key: Buffer): string {
  const body = b64url(JSON.stringify({ sub: claims.sub, gid: claims.gid, sid: claims.sid, iat: claims.iat, exp: claims.exp }));
  const input = `${HEADER}.${body}`;
  return `${input}.${b64url(signature(key, input))}`;
}

const B64URL = /^[A-Za-z0-9_-]+$/;

/**
 * The claims of a well-signed token, or undefined. Expired tokens are refused unless `ignoreExpiry`
 * (logout accepts an expired token to name the session it ends).
 */
export function verifyAccessToken(token: string, key: Buffer, nowSeconds: number, opts: { ignoreExpiry?: boolean } = {}): AccessClaims | undefined {
  if (token.length > 2048) return undefined;
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [header, body, sig] = parts as [string, string, string];
  if (header !== HEADER || !B64URL.test(body) || !B64URL.test(sig)) return undefined;
  const expected = signature(key, `${header}.${body}`);
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!isClaims(claims)) return undefined;
  if (!opts.ignoreExpiry && claims.exp <= nowSeconds) return undefined;
  return claims;
}

function isClaims(x: unknown): x is AccessClaims {
  if (typeof x !== 'object' || x === null) return false;
  const c = x as Record<string, unknown>;
  return (
    typeof c.sub === 'string' &&
    /^\d{1,12}$/.test(c.sub) &&
    Number.isInteger(c.gid) &&
    typeof c.sid === 'string' &&
    c.sid.length > 0 &&
    c.sid.length <= 64 &&
    Number.isInteger(c.iat) &&
    Number.isInteger(c.exp)
  );
}
