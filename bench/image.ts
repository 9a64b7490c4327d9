/**
 * Thumbnails (DESIGN.md budget: a 266 px WebP thumbnail first <= 40 ms, cached <= 1 ms), through
 * in-process HTTP (inject): the first request resizes the original with sharp and writes the disk
 * cache; a repeat comes from the in-memory LRU; after a restart (memory cold) it comes from the disk
 * cache. The originals are generated here (1600x1200 JPEG of blurred noise, a photo's texture in
 * cost terms), in a scratch MEDIA_DIR removed afterwards; they stand for product photos, nothing more.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { buildApi, loadApiConfig } from '@vitrina/api';
import { createTestDatabase } from '@vitrina/db/testing';
import { summarize, time } from './stats.ts';

const IMAGES = 40;

async function makeOriginals(dir: string): Promise<string[]> {
  const names: string[] = [];
  for (let i = 0; i < IMAGES; i++) {
    const name = `bench/photo-${i}.jpg`;
    await sharp({
      create: {
        width: 1600,
        height: 1200,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 100 + i, sigma: 40 },
      },
    })
      .blur(6)
      .jpeg({ quality: 85 })
      .toFile(path.join(dir, name));
    names.push(name);
  }
  return names;
}

export async function runImageBench() {
  const mediaDir = await mkdtemp(path.join(tmpdir(), 'vitrina-image-bench-'));
  await mkdir(path.join(mediaDir, 'bench'), { recursive: true });
  const names = await makeOriginals(mediaDir);
  const database = await createTestDatabase({ url: '' });
  const start = async () => {
    const app = await buildApi({
      database,
      config: loadApiConfig({ ...process.env, MEDIA_DIR: mediaDir }),
      logger: false,
    });
    await app.ready();
    return app;
  };
  const fetchAll = async (app: Awaited<ReturnType<typeof start>>, rounds: number) => {
    const samples: number[] = [];
    for (let r = 0; r < rounds; r++)
      for (const name of names) {
        const [ms, res] = await time(() =>
          app.inject({
            url: `/vsbridge/image/266/266/resize/${name}`,
            headers: { accept: 'image/avif,image/webp,*/*' },
          }),
        );
        if (res.statusCode !== 200 || res.headers['content-type'] !== 'image/webp')
          throw new Error(`image: HTTP ${res.statusCode} ${res.headers['content-type']}`);
        samples.push(ms);
      }
    return samples;
  };
  try {
    console.log(
      `\nthumbnails 266x266 WebP from ${IMAGES} generated 1600x1200 JPEG originals, in-process HTTP (inject)`,
    );
    let app = await start();
    summarize('first request (sharp resize + disk cache write)', await fetchAll(app, 1));
    summarize('repeat (in-memory cache)', await fetchAll(app, 5));
    await app.close();
    app = await start();
    summarize('after a restart (disk cache)', await fetchAll(app, 1));
    await app.close();
  } finally {
    await database.close();
    await rm(mediaDir, { recursive: true, force: true });
  }
}
