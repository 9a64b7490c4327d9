/**
 * The Content-Security-Policy of the storefront's HTML pages. The headers every
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
 * A nonce is unique per response. A page from the page cache is the same bytes for every answer, so
 * it carries no nonce: its own inline scripts and stylesheet are admitted by their hashes (`byHashes`).
 */
import { createHash, randomFillSync } from 'node:crypto';

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

/**
 * What admits a page's own inline scripts and styles: this answer's nonce (a page rendered for one
 * answer), or the hashes of their texts (a page every answer shares: the page cache's, `byHashes`).
 */
export type InlineSources = { nonce: string } | { scripts: readonly string[]; styles: readonly string[] };

export function contentSecurityPolicy(inline: InlineSources): string {
  const [scripts, styles] =
    'nonce' in inline
      ? [`'nonce-${inline.nonce}'`, `'nonce-${inline.nonce}'`]
      : [inline.scripts.map((h) => `'${h}'`).join(' '), inline.styles.map((h) => `'${h}'`).join(' ')];
  return [
    "default-src 'self'",
    `script-src 'self'${scripts && ` ${scripts}`}`,
    `style-src 'self'${styles && ` ${styles}`}`,
    // images: the API's /vsbridge/image, inline placeholders, and a catalogue's absolute image URLs
    // (lib/urls.ts passes https:// images through); an image cannot run code
    "img-src 'self' data: blob: https:",
    // fonts, fetches, the web app manifest and the service worker: default-src 'self' (workers by
    // way of script-src), not repeated in a header every page carries
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    // the shop's forms post to the shop; the payment providers are reached by top-level navigation
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * A page for every answer (the page cache's): its own inline scripts and styles, those the render
 * gave `nonce` (an injected `<script>` in a CMS block or a product text cannot know it: 128 random
 * bits of one render), admitted by the SHA-256 of their text instead (CSP Level 3 hash sources), and
 * the nonce attributes gone. The answers of a cached page are then the same bytes, so the page is
 * compressed once, with brotli too (page-cache.ts). A script with `src` needs no hash ('self').
 */
export function byHashes(body: Buffer, nonce: string): { body: Buffer; scripts: string[]; styles: string[] } {
  const attribute = Buffer.from(` nonce="${nonce}"`);
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const pieces: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(attribute); at !== -1; at = body.indexOf(attribute, from)) {
    pieces.push(body.subarray(from, at));
    from = at + attribute.length;
    const tagStart = body.lastIndexOf(TAG_OPEN, at);
    const tagEnd = body.indexOf(TAG_CLOSE, from);
    if (tagStart === -1 || tagEnd === -1) continue;
    const tag = body.toString('latin1', tagStart, tagEnd);
    const kind = /^<(script|style)[\s>]/.exec(tag)?.[1];
    if (!kind || (kind === 'script' && /\ssrc=/.test(tag))) continue;
    const textEnd = body.indexOf(kind === 'script' ? SCRIPT_END : STYLE_END, tagEnd);
    if (textEnd === -1) continue;
    const hash = `sha256-${createHash('sha256')
      .update(body.subarray(tagEnd + 1, textEnd))
      .digest('base64')}`;
    (kind === 'script' ? scripts : styles).add(hash);
  }
  pieces.push(body.subarray(from));
  return { body: Buffer.concat(pieces), scripts: [...scripts], styles: [...styles] };
}

const TAG_OPEN = Buffer.from('<');
const TAG_CLOSE = Buffer.from('>');
const SCRIPT_END = Buffer.from('</script>');
const STYLE_END = Buffer.from('</style>');
