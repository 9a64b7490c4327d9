/**
 * The Content-Security-Policy of the storefront's HTML pages (issue #12 item 12). The headers every
 * answer carries (nosniff, referrer policy, HSTS) are the API's hook (@vitrina/api
 * `addSecurityHeaders`); this module holds what only a page has.
 *
 * Scripts run only from the shop's own origin or with the nonce of the response: React Router's
 * inline scripts (the router context, the module bootstrap, scroll restoration, streamed data) and
 * React's own get it from the server render (apps/web/app/entry.server.tsx), so an injected
 * `<script>` (a CMS block, a product description) never runs. No 'unsafe-inline', no 'unsafe-eval'.
 * The inlined stylesheet carries the same nonce (style-src), so an injected `<style>` does not apply
 * either. `application/ld+json` blocks are data, not scripts: CSP does not govern them.
 *
 * A nonce is unique per response. A page from the page cache was rendered with the nonce of its
 * first response; each answer has that token swapped for its own fresh one (`splitAtNonce`,
 * `joinWithNonce`; the token is 128 random bits, so it occurs in the page only where the render put it).
 */
import { randomFillSync } from 'node:crypto';

/** random bytes for 256 nonces, drawn at once (a call per nonce was ~5 % of a cached answer's CPU time) */
const pool = Buffer.alloc(16 * 256);
let poolAt = pool.length;

export function newNonce(): string {
  if (poolAt === pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  poolAt += 16;
  // 128 random bits, each used once; base64url: no character that HTML or a CSP header would need escaped
  return pool.toString('base64url', poolAt - 16, poolAt);
}

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'nonce-${nonce}'`,
    // images: the API's /vsbridge/image, inline placeholders, and a catalogue's absolute image URLs
    // (lib/urls.ts passes https:// images through); an image cannot run code
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    // the shop's forms post to the shop; the payment providers are reached by top-level navigation
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * A page cut where the nonce it was rendered with occurs: found once when the page is cached, so each
 * answer only joins the pieces around its own nonce (scanning each answer's ~110 KB for the nonce
 * was ~9 % of a cached answer's CPU time).
 */
export function splitAtNonce(body: Buffer, nonce: string): Buffer[] {
  const needle = Buffer.from(nonce);
  const parts: Buffer[] = [];
  let start = 0;
  for (let at = body.indexOf(needle); at !== -1; at = body.indexOf(needle, start)) {
    parts.push(body.subarray(start, at));
    start = at + needle.length;
  }
  parts.push(body.subarray(start));
  return parts;
}

/** the page (`splitAtNonce`'s pieces) with `nonce` wherever its first nonce was */
export function joinWithNonce(parts: readonly Buffer[], nonce: string): Buffer {
  if (parts.length === 1) return parts[0]!;
  const replacement = Buffer.from(nonce);
  const pieces: Buffer[] = [parts[0]!];
  for (let i = 1; i < parts.length; i++) pieces.push(replacement, parts[i]!);
  return Buffer.concat(pieces);
}
