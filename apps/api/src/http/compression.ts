/**
 * The response compression of every answer (the API standalone, the shop's pages and API in one
 * process, the storefront in front of a remote API): brotli, else gzip, from 1 KB up.
 *
 * Compressed in one call, up to 1 MB, not through a stream. @fastify/compress streams every answer
 * above a threshold it derives from the host's cores (8 KB on two), through an async iterator and a
 * brotli stream: a rendered page (~117 KB) then cost 15.6-20.2 ms of CPU instead of 9.1-10.8 ms
 * uncompressed (SSR bench, Chromium's Accept-Encoding, stop 26, load ~1.5), and the shop rendered
 * 71-92 pages a second instead of 114-123. In one call it costs ~1.3 ms (brotli quality 4) and the
 * shop rendered 97-117 a second. A page, rendered or cached, takes its own way to gzip
 * (apps/server/src/gzip-splice.ts) when the browser takes gzip.
 */
export const RESPONSE_COMPRESSION = {
  encodings: ['br', 'gzip'] as ('br' | 'gzip')[],
  threshold: 1024,
  syncThreshold: 1 << 20,
};
