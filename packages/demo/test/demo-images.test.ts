import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IMAGE_LOOKS,
  PRODUCT_IMAGE_SIZE,
  bannerSvg,
  generateDemoImages,
  productImageFolders,
  productImageSvg,
} from '../src/index.ts';

describe('generateDemoImages', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'vitrina-media-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('draws deterministic SVGs per folder and look', () => {
    expect(productImageSvg('laptops', 3, 42)).toBe(productImageSvg('laptops', 3, 42));
    expect(productImageSvg('laptops', 3, 42)).not.toBe(productImageSvg('laptops', 4, 42));
    expect(bannerSvg(1, 42)).toBe(bannerSvg(1, 42));
  });

  it('writes 800×800 PNGs for every category folder and the banners, then skips existing files', async () => {
    const first = await generateDemoImages(dir, { seed: 42 });
    const folders = productImageFolders();
    expect(first.written).toBeGreaterThanOrEqual(folders.length * IMAGE_LOOKS);
    expect(first.skipped).toBe(0);
    console.info(`generateDemoImages: ${first.written} images in ${first.ms} ms`);

    for (const folder of folders) {
      const files = (await readdir(path.join(dir, 'demo', folder))).sort();
      expect(files).toEqual(Array.from({ length: IMAGE_LOOKS }, (_, i) => `${i + 1}.png`));
    }
    const meta = await sharp(path.join(dir, 'demo', 'laptops', '1.png')).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', PRODUCT_IMAGE_SIZE, PRODUCT_IMAGE_SIZE]);
    const banner = await sharp(path.join(dir, 'demo', 'banners', '1.png')).metadata();
    expect(banner.width).toBeGreaterThan(banner.height ?? 0);

    const second = await generateDemoImages(dir, { seed: 42 });
    expect(second.written).toBe(0);
    expect(second.skipped).toBe(first.written);
  });
});
