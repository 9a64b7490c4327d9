import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RESPONSE_COMPRESSION } from '@vitrina/api';
import { registerAssetCache, type AssetCache } from '../src/asset-cache.ts';

describe('the client build scripts and stylesheets, compressed once', () => {
  let dir: string;
  let app: FastifyInstance;
  let cache: AssetCache;
  const script = `export const text = ${JSON.stringify('a dictionary entry '.repeat(2000))};\n`;

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'asset-cache-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'assets', 'entry-abc.js'), script);
    writeFileSync(path.join(dir, 'assets', 'styles-abc.css'), 'body{margin:0}'.repeat(200));
    writeFileSync(path.join(dir, 'secret.js'), 'outside the assets');
    app = Fastify();
    await app.register(compress, RESPONSE_COMPRESSION);
    cache = registerAssetCache(app, dir);
    await app.ready();
  });
  afterEach(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
    app.inject({
      url,
      headers: { ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}), ...headers },
    });

  it('answers the first request from the file, then every request from one compression', async () => {
    const first = await get('/assets/entry-abc.js', 'gzip, deflate, br');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(first.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(brotliDecompressSync(first.rawPayload).toString()).toBe(script);
    await cache.settled();

    for (let i = 0; i < 3; i++) {
      const next = await get('/assets/entry-abc.js', 'gzip, deflate, br');
      expect(next.headers['content-encoding']).toBe('br');
      expect(Number(next.headers['content-length'])).toBe(next.rawPayload.length);
      expect(brotliDecompressSync(next.rawPayload).toString()).toBe(script);
    }
    const gz = await get('/assets/entry-abc.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    expect(cache.compressions).toBe(1);
  });

  it('answers a client that takes no compression the file itself, and revalidates by the etag', async () => {
    await get('/assets/styles-abc.css', 'br');
    await cache.settled();
    const plain = await get('/assets/styles-abc.css');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(plain.body).toBe('body{margin:0}'.repeat(200));

    const br = await get('/assets/styles-abc.css', 'br');
    const etag = br.headers.etag as string;
    expect(etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    const again = await get('/assets/styles-abc.css', 'br', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('answers only the files the build had when the shop started', async () => {
    writeFileSync(path.join(dir, 'assets', 'later-abc.js'), script);
    // the shop's own routes answer the others (its storefront renders its 404 page)
    expect((await get('/assets/later-abc.js', 'br')).statusCode).toBe(404);
    expect((await get('/assets/..%2Fsecret.js', 'br')).statusCode).toBe(404);
    expect((await get('/assets/missing.js', 'br')).statusCode).toBe(404);
    expect(cache.compressions).toBe(0);
  });
});
