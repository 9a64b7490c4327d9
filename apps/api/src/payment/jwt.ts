/**
 * Compact JWTs signed HS256 (node:crypto HMAC-SHA256) for the payment providers: the NEOPAY payment
 * request, and the signed answers (return redirect, notification) of NEOPAY, MOKILIZINGAS and the
 * sandbox. Only HS256 is accepted on verification (no `alg: none`, no algorithm switch), the
 * signature is compared in constant time, and an `exp` claim, when present, is enforced.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');
const B64URL = /^[A-Za-z0-9_-]*$/;
/** a payment token is small; anything larger is refused before any work */
export const MAX_TOKEN_LENGTH = 8192;

function hmac(key: string | Buffer, input: string): Buffer {
  return createHmac('sha256', key).update(input).digest();
}

export function signJwt(payload: Record<string, unknown>, key: string | Buffer): string {
  const input = `${b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${b64url(JSON.stringify(payload))}`;
  return `${input}.${b64url(hmac(key, input))}`;
}

function parse(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

/** the payload of a token signed with `key`, or undefined (malformed, other algorithm, bad signature, expired) */
export function verifyJwt(
  token: string,
  key: string | Buffer,
  nowSeconds = Math.floor(Date.now() / 1000),
): Record<string, unknown> | undefined {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return undefined;
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [header, body, sig] = parts as [string, string, string];
  if (!header || !body || !sig || !B64URL.test(header) || !B64URL.test(body) || !B64URL.test(sig))
    return undefined;
  const h = parse(header);
  if (!isObject(h) || h.alg !== 'HS256') return undefined;
  const expected = hmac(key, `${header}.${body}`);
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const payload = parse(body);
  if (!isObject(payload)) return undefined;
  if (typeof payload.exp === 'number' && payload.exp <= nowSeconds) return undefined;
  return payload;
}
