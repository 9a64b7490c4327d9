/**
 * A rendered page's gzip with its stylesheet compressed once per process.
 *
 * The inline stylesheet (30-48 KB, a third to a half of a page, the same in every page of a type: five
 * a build, apps/web/scripts/page-styles.ts) is compressed once, into a raw deflate run that ends on a
 * byte boundary (a sync flush), and spliced between the deflate of what comes before and after it,
 * each sync-flushed too:
 *
 *   gzip header · deflate(before) · deflate(stylesheet) · deflate(after) · empty final block · CRC-32 · size
 *
 * which is one valid deflate stream (RFC 1951: blocks follow one another) in a gzip member (RFC 1952).
 * Only the rest of the page is compressed for its answer. A cached page is compressed whole, once
 * (page-cache.ts): it is the same bytes for every answer.
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';

/** ID1 ID2, CM deflate, no flags, no mtime, XFL 0, OS unknown */
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** a final block of fixed Huffman codes holding only its end code */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/**
 * A rendered page as gzip, for the one answer it was rendered for (its nonce is in it): its stylesheet
 * spliced in compressed, the rest compressed at `level` (6, zlib's default: in the SSR bench's pages
 * brotli 4 of the whole page took 1.1-1.7 ms, this 0.6-1.5 ms, for answers within 5 % of its size).
 */
export function gzipPage(body: Buffer, level = 6): Buffer {
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(body), 0);
  trailer.writeUInt32LE(body.length >>> 0, 4);
  return Buffer.concat([HEADER, deflatePart(body, level, stylesheetOf(body)), FINAL_BLOCK, trailer]);
}

/** raw deflate of `part`, sync-flushed, with the stylesheet's run (when the part holds it) spliced in */
function deflatePart(part: Buffer, level: number, sheet: Stylesheet | undefined): Buffer {
  const options = { level, finishFlush: constants.Z_SYNC_FLUSH };
  const at = sheet ? part.indexOf(sheet.text) : -1;
  if (!sheet || at === -1) return deflateRawSync(part, options);
  return Buffer.concat([
    deflateRawSync(part.subarray(0, at), options),
    sheet.deflated,
    deflateRawSync(part.subarray(at + sheet.text.length), options),
  ]);
}

/** an inline stylesheet's text and its raw deflate (level 9, sync-flushed) */
type Stylesheet = { readonly text: Buffer; readonly deflated: Buffer };

const STYLE_OPEN = Buffer.from('<style');
const STYLE_CLOSE = Buffer.from('</style>');
/** stylesheets by their CRC-32: five per build (the page types' and the whole), twice that while a new build rolls out */
const stylesheets = new Map<number, Stylesheet>();
const MIN_STYLESHEET_BYTES = 4096;
const MAX_STYLESHEETS = 16;

/**
 * The page's first inline `<style>` text, compressed once per process for every page that carries
 * the same text; none below 4 KB (compressing it with the rest costs no more than looking it up).
 */
function stylesheetOf(body: Buffer): Stylesheet | undefined {
  const open = body.indexOf(STYLE_OPEN);
  if (open === -1) return undefined;
  const from = body.indexOf('>', open) + 1;
  const to = body.indexOf(STYLE_CLOSE, from);
  if (from === 0 || to === -1 || to - from < MIN_STYLESHEET_BYTES) return undefined;
  const text = body.subarray(from, to);
  const key = crc32(text);
  const known = stylesheets.get(key);
  if (known?.text.equals(text)) return known;
  if (stylesheets.size >= MAX_STYLESHEETS) stylesheets.clear();
  const sheet = {
    // a copy: the page's buffer is not kept alive by the cache
    text: Buffer.from(text),
    deflated: deflateRawSync(text, { level: 9, finishFlush: constants.Z_SYNC_FLUSH }),
  };
  stylesheets.set(key, sheet);
  return sheet;
}

/**
 * Does the client take this content coding (RFC 9110 §12.5.3: listed, or `*`, with a q above 0)? Every
 * browser takes gzip, and brotli (`br`) over HTTPS and from localhost; a client that names only other
 * codings gets the page as the response compression decides.
 */
export function acceptsCoding(acceptEncoding: string | string[] | undefined, coding: 'gzip' | 'br'): boolean {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  if (!header) return false;
  let named: number | undefined;
  let any: number | undefined;
  for (const item of header.split(',')) {
    const [name = '', ...params] = item.split(';').map((s) => s.trim().toLowerCase());
    const qParam = params.find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    const weight = Number.isFinite(q) ? q : 0;
    if (name === coding || (coding === 'gzip' && name === 'x-gzip')) named = weight;
    else if (name === '*') any = weight;
  }
  return (named ?? any ?? 0) > 0;
}

export const acceptsGzip = (acceptEncoding: string | string[] | undefined) =>
  acceptsCoding(acceptEncoding, 'gzip');
