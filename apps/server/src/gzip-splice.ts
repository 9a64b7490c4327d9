/**
 * A cached page sent gzip-compressed without compressing it again for each answer.
 *
 * Each answer carries its own CSP nonce (page-security.ts), so no two answers of a cached page are the
 * same bytes, and the response compression compressed the whole page (~117 KB) again for every hit.
 * Here the pieces between the nonces are compressed once, when the page is cached, into raw deflate
 * segments that each end on a byte boundary (a sync flush). An answer is then assembled:
 *
 *   gzip header · segment 0 · nonce as a stored block · segment 1 · … · empty final block · CRC-32 · size
 *
 * which is one valid deflate stream (RFC 1951: blocks follow one another; a stored block starts on a
 * byte boundary) in a gzip member (RFC 1952). Per answer, only the nonce is compressed (stored), and
 * the page's CRC-32 is combined from the pieces' own (below).
 *
 * The same joining makes a rendered page's gzip cheaper: the inline stylesheet (~37 KB, a third to a
 * half of a page, the same in every page of a build) is compressed once per process and spliced in
 * (`gzipPage`, and `deflateSegments` for a cached page); only the rest is compressed for its answer.
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * The pieces of a page (splitAtNonce), each compressed once, with what the CRC-32 of an answer is
 * computed from: each piece's own CRC and the factor that shifts a CRC past it (`shiftOver`).
 */
export type GzipSegments = {
  readonly segments: readonly Buffer[];
  readonly crcs: Uint32Array;
  readonly shifts: Uint32Array;
};

/** ID1 ID2, CM deflate, no flags, no mtime, XFL 0, OS unknown */
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** a final block of fixed Huffman codes holding only its end code */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/**
 * `parts`, the pieces of `body` between its nonces, each compressed: level 9 by default (once per
 * cached page, and the smallest answers for every hit after it); the page's stylesheet is spliced in
 * compressed (`stylesheetOf`).
 */
export function deflateSegments(body: Buffer, parts: readonly Buffer[], level = 9): GzipSegments {
  const sheet = stylesheetOf(body);
  return {
    segments: parts.map((part) => deflatePart(part, level, sheet)),
    crcs: Uint32Array.from(parts, (part) => crc32(part)),
    shifts: Uint32Array.from(parts, (part) => shiftOver(part.length)),
  };
}

/**
 * A rendered page as gzip, for the one answer it was rendered for (its nonce is in it): its stylesheet
 * spliced in compressed, the rest compressed at `level` (6, zlib's default: in the SSR bench's pages
 * brotli 4 of the whole page took 1.1-1.7 ms, this 0.6-1.5 ms, for answers within 5 % of its size).
 */
export function gzipPage(body: Buffer, level = 6): Buffer {
  return gzipWithNonce([body], deflateSegments(body, [body], level), '');
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
/** stylesheets by their CRC-32: one per build, a few more while a new build rolls out */
const stylesheets = new Map<number, Stylesheet>();
const MIN_STYLESHEET_BYTES = 4096;
const MAX_STYLESHEETS = 8;

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

/** the gzip member of the page whose pieces are `parts` (compressed as `gz`), `nonce` between them */
export function gzipWithNonce(parts: readonly Buffer[], gz: GzipSegments, nonce: string): Buffer {
  const token = Buffer.from(nonce);
  if (token.length > 0xffff) throw new RangeError('a stored block holds at most 65535 bytes');
  const stored = Buffer.alloc(5 + token.length);
  // BFINAL 0, BTYPE 00 (stored), then LEN and its one's complement, little-endian
  stored.writeUInt16LE(token.length, 1);
  stored.writeUInt16LE(~token.length & 0xffff, 3);
  token.copy(stored, 5);
  const tokenCrc = crc32(token);
  const tokenShift = shiftOver(token.length);
  const pieces: Buffer[] = [HEADER, gz.segments[0]!];
  let crc = gz.crcs[0]!;
  let size = parts[0]!.length;
  for (let i = 1; i < parts.length; i++) {
    pieces.push(stored, gz.segments[i]!);
    crc = (multiplyModP(tokenShift, crc) ^ tokenCrc) >>> 0;
    crc = (multiplyModP(gz.shifts[i]!, crc) ^ gz.crcs[i]!) >>> 0;
    size += token.length + parts[i]!.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  pieces.push(FINAL_BLOCK, trailer);
  return Buffer.concat(pieces);
}

// CRC-32 of a concatenation from the CRCs of its pieces, without reading the bytes again (the
// method of zlib's crc32_combine): CRC(A·B) = CRC(A) · x^(8·|B|) + CRC(B) in GF(2)[x] modulo the
// CRC polynomial, bit-reflected. Reading a whole page (~117 KB) for each answer was ~9 % of a cache hit.

/** the CRC-32 polynomial, reflected */
const POLY = 0xedb88320;

/** a · b modulo the polynomial (reflected: bit 31 is x^0) */
function multiplyModP(a: number, b: number): number {
  let product = 0;
  for (let m = 0x80000000; m !== 0; m >>>= 1) {
    if (a & m) product ^= b;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial, k = 0..31 */
const X_POW_2K = (() => {
  const table = new Uint32Array(32);
  let p = 0x40000000; // x^1
  for (let k = 0; k < 32; k++) {
    table[k] = p;
    p = multiplyModP(p, p);
  }
  return table;
})();

/** x^(8·bytes) modulo the polynomial: what a CRC is multiplied by to move it past `bytes` bytes */
export function shiftOver(bytes: number): number {
  let p = 0x80000000; // x^0
  for (let n = bytes, k = 3; n > 0; n = Math.floor(n / 2), k++)
    if (n & 1) p = multiplyModP(X_POW_2K[k % 32]!, p);
  return p;
}

/**
 * Does the client take gzip (RFC 9110 §12.5.3: listed, or `*`, with a q above 0)? Every browser says
 * so; a client that names only other codings gets the page as the response compression decides.
 */
export function acceptsGzip(acceptEncoding: string | string[] | undefined): boolean {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  if (!header) return false;
  let gzip: number | undefined;
  let any: number | undefined;
  for (const item of header.split(',')) {
    const [name = '', ...params] = item.split(';').map((s) => s.trim().toLowerCase());
    const qParam = params.find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    const weight = Number.isFinite(q) ? q : 0;
    if (name === 'gzip' || name === 'x-gzip') gzip = weight;
    else if (name === '*') any = weight;
  }
  return (gzip ?? any ?? 0) > 0;
}
