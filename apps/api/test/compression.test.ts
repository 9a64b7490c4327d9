/**
 * The response compression (src/http/compression.ts): a page-sized answer is compressed in one
 * call, so it carries its Content-Length, and it is brotli for a browser, gzip for a client that
 * takes only gzip, and as it is for a client that takes neither.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESPONSE_COMPRESSION } from '../src/index.ts';

// a page-sized HTML answer (a category page is ~117 KB), above @fastify/compress's own streaming threshold
const page = `<!doctype html><html><body>${'<a class="card" href="/p/x">Lenovo ThinkPad T14 — 899,00 €</a>\n'.repeat(2000)}</body></html>`;
const app = Fastify();

beforeAll(async () => {
  await app.register(compress, RESPONSE_COMPRESSION);
  app.get('/page', (_req, reply) => reply.type('text/html; charset=utf-8').send(Buffer.from(page)));
  await app.ready();
});
afterAll(() => app.close());

describe('response compression', () => {
  it('compresses a page-sized answer in one call: brotli with its Content-Length, not streamed', async () => {
    const res = await app.inject({ url: '/page', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(page.length).toBeGreaterThan(100_000);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['transfer-encoding']).toBeUndefined();
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(page);
  });

  it('gzip for a client that takes only gzip; the page as it is for one that takes neither', async () => {
    const gz = await app.inject({ url: '/page', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(Number(gz.headers['content-length'])).toBe(gz.rawPayload.length);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(page);
    const plain = await app.inject({ url: '/page', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(page);
  });
});
