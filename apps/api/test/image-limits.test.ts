/**
 * Image resizing cannot be used to exhaust the server: resizes run at most
 * IMAGE_RESIZE_CONCURRENCY at a time with IMAGE_RESIZE_QUEUE waiting, the rest answered 503 with
 * Retry-After (never queued without limit, never a 500); an original that decodes to more than
 * IMAGE_MAX_PIXELS is refused with a 422 before it is decoded; the disk cache stays under
 * IMAGE_DISK_CACHE_MB by evicting the least recently used variants.
 */
import { readdir, stat, writeFile } from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { ResizeBusyError, ResizeGate } from '../src/image/limits.ts';
import { startApi, type TestApi } from './helpers.ts';

let api: TestApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

/** an original of noise (it does not compress, so its variants are as large as their pixels) */
async function noise(file: string, width: number, height: number, format: 'png' | 'jpeg' = 'png') {
  const img = sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  });
  await (format === 'png' ? img.png() : img.jpeg({ quality: 90 })).toFile(file);
}

/**
 * A decompression bomb: a valid 1×1 PNG whose header then claims `width`×`height` (900 million
 * pixels, 2.7 GB decoded, in 70 bytes). A decoder that trusts the header allocates for it.
 */
async function pngDeclaring(width: number, height: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
  // IHDR: length (4) and type (4) after the 8-byte signature, then width and height, then its CRC
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** every file under `dir` with its size */
async function filesUnder(dir: string): Promise<{ file: string; size: number }[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const files = entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  return Promise.all(files.map(async (file) => ({ file, size: (await stat(file)).size })));
}

describe('ResizeGate', () => {
  it('runs `concurrency` jobs, queues `queue` more, refuses the rest with a Retry-After', async () => {
    const gate = new ResizeGate(1, 1);
    let release!: () => void;
    const first = gate.run(() => new Promise<string>((r) => (release = () => r('first'))));
    const second = gate.run(async () => 'second');
    await expect(gate.run(async () => 'third')).rejects.toBeInstanceOf(ResizeBusyError);
    await expect(gate.run(async () => 'third')).rejects.toMatchObject({
      statusCode: 503,
      retryAfterSeconds: 1,
    });
    release();
    expect(await first).toBe('first');
    expect(await second).toBe('second');
    // slots free again
    expect(await gate.run(async () => 'fourth')).toBe('fourth');
  });

  it('frees the slot of a job that failed', async () => {
    const gate = new ResizeGate(1, 0);
    await expect(gate.run(() => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(await gate.run(async () => 'next')).toBe('next');
  });
});

describe('GET /vsbridge/image under load', () => {
  it('answers 503 with Retry-After beyond the concurrency and queue, 200 to the rest, never 500', async () => {
    api = await startApi({ IMAGE_RESIZE_CONCURRENCY: '1', IMAGE_RESIZE_QUEUE: '1' });
    await noise(path.join(api.mediaDir, 'demo', 'test', 'big.jpg'), 2400, 1600, 'jpeg');
    const sizes = [150, 266, 300, 400, 452, 600, 800, 1000];
    const answers = await Promise.all(
      sizes.map((s) => api!.app.inject({ url: `/vsbridge/image/${s}/${s}/resize/demo/test/big.jpg` })),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(
      statuses.every((s) => s === 200 || s === 503),
      statuses.join(),
    ).toBe(true);
    const busy = answers.filter((r) => r.statusCode === 503);
    expect(busy.length, statuses.join()).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 200).length, statuses.join()).toBeGreaterThanOrEqual(2);
    for (const r of busy) {
      expect(r.headers['retry-after']).toBe('1');
      expect(r.json()).toMatchObject({ code: 503 });
    }
    // a refused variant is made once the server has a free slot
    const again = await api.app.inject({
      url: `/vsbridge/image/${sizes[7]}/${sizes[7]}/resize/demo/test/big.jpg`,
    });
    expect(again.statusCode).toBe(200);
  });

  it('refuses a decompression bomb (huge declared dimensions) with a 422, before decoding it', async () => {
    api = await startApi({ IMAGE_MAX_PIXELS: '10000000' });
    await writeFile(path.join(api.mediaDir, 'demo', 'test', 'bomb.png'), await pngDeclaring(30_000, 30_000));
    const res = await api.app.inject({
      url: '/vsbridge/image/266/266/resize/demo/test/bomb.png',
      headers: { accept: 'image/webp' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 422 });
    expect(res.json().result).toContain('10000000');
    // and the server still resizes ordinary images
    expect((await api.app.inject({ url: '/vsbridge/image/266/266/resize/demo/test/1.png' })).statusCode).toBe(
      200,
    );
  });

  it('keeps the disk cache under IMAGE_DISK_CACHE_MB, evicting the least recently used variants', async () => {
    api = await startApi({ IMAGE_DISK_CACHE_MB: '1' });
    const names = ['a', 'b', 'c', 'd', 'e', 'f'];
    for (const n of names) await noise(path.join(api.mediaDir, 'demo', 'test', `${n}.png`), 400, 400);
    for (const n of names) {
      const res = await api.app.inject({
        url: `/vsbridge/image/400/400/resize/demo/test/${n}.png`,
        headers: { accept: 'image/png' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.length).toBeGreaterThan(300_000);
    }
    const cached = await filesUnder(path.join(api.mediaDir, '.cache'));
    const total = cached.reduce((sum, f) => sum + f.size, 0);
    expect(total).toBeLessThanOrEqual(1024 * 1024);
    const kept = cached.map((f) => path.basename(f.file));
    expect(kept).toContain('f.png.png'); // the newest stays
    expect(kept).not.toContain('a.png.png'); // the oldest went
  });

  it('IMAGE_DISK_CACHE_MB=0 keeps no resized copy on disk', async () => {
    api = await startApi({ IMAGE_DISK_CACHE_MB: '0' });
    const res = await api.app.inject({ url: '/vsbridge/image/266/266/resize/demo/test/1.png' });
    expect(res.statusCode).toBe(200);
    expect(await filesUnder(path.join(api.mediaDir, '.cache'))).toEqual([]);
  });
});
