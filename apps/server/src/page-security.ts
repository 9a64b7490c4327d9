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
 * first response; `restampNonce` swaps that token for the fresh one of each answer (the token is
 * 128 random bits, so it occurs in the page only where the render put it).
 */
import { randomBytes } from 'node:crypto';

export function newNonce(): string {
  // base64url: no character that HTML or a CSP header would need escaped
  return randomBytes(16).toString('base64url');
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

/** the page with every occurrence of the nonce it was rendered with replaced by a fresh one */
export function restampNonce(body: Buffer, from: string, to: string): Buffer {
  if (from === to) return body;
  const needle = Buffer.from(from);
  const replacement = Buffer.from(to);
  const parts: Buffer[] = [];
  let start = 0;
  for (let at = body.indexOf(needle); at !== -1; at = body.indexOf(needle, start)) {
    parts.push(body.subarray(start, at), replacement);
    start = at + needle.length;
  }
  if (parts.length === 0) return body;
  parts.push(body.subarray(start));
  return Buffer.concat(parts);
}
