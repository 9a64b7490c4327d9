/**
 * Image resizing (`/vsbridge/image/{w}/{h}/resize/{path}`, catalogue-and-cart.md §7): originals under
 * MEDIA_DIR, resized once with sharp (fit inside w×h, never enlarged) to WebP, or to the format the
 * client's Accept header allows, then cached on disk (MEDIA_DIR/.cache) and in a small in-memory LRU.
 * Concurrent requests for the same variant share one resize. Resizes run a few at a time (ResizeGate:
 * 503 beyond its queue), an original above IMAGE_MAX_PIXELS is refused before it is decoded, and the
 * disk cache keeps to its byte budget (limits.ts).
 */
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { ApiConfig } from '../config.ts';
import { ApiError, fieldError, notFound } from '../http/errors.ts';
import { Lru } from '../lib/lru.ts';
import { DiskCache, ResizeGate } from './limits.ts';

export type ImageFormat = 'webp' | 'avif' | 'jpeg' | 'png';
export type Image = { body: Buffer; type: string };

const SOURCE_EXTENSIONS = new Set(['.png', '.jpg', '.jpeg', '.webp', '.gif', '.avif', '.tif', '.tiff', '.svg']);
const MIME: Record<ImageFormat, string> = { webp: 'image/webp', avif: 'image/avif', jpeg: 'image/jpeg', png: 'image/png' };

/**
 * The output format for an Accept header: WebP unless the client cannot take it (an Accept that lists
 * image types without webp, `image/*` or a wildcard), then JPEG (PNG for PNG originals).
 */
export function negotiateFormat(accept: string | undefined, sourceExt: string): ImageFormat {
  if (!accept) return 'webp';
  const types = accept.split(',').map((p) => p.split(';')[0]?.trim().toLowerCase() ?? '');
  if (types.some((t) => t === 'image/webp' || t === 'image/*' || t === '*/*')) return 'webp';
  if (types.includes('image/avif')) return 'avif';
  return sourceExt === '.png' && types.includes('image/png') ? 'png' : 'jpeg';
}

/**
 * A media path from the URL, checked: relative, no '..' or hidden segment (nor the cache folder), no
 * backslash or NUL, an image extension, and inside MEDIA_DIR once resolved. Anything else is a 400.
 */
export function safeMediaPath(mediaDir: string, raw: string): { rel: string; abs: string; ext: string } {
  const rel = raw.replace(/^\/+/, '');
  const segments = rel.split('/');
  const bad =
    rel.length === 0 ||
    rel.length > 512 ||
    /[\\\0]/.test(rel) ||
    segments.some((s) => s === '' || s === '.' || s === '..' || s.startsWith('.'));
  const ext = path.extname(rel).toLowerCase();
  const abs = path.resolve(mediaDir, rel);
  if (bad || !SOURCE_EXTENSIONS.has(ext) || !abs.startsWith(mediaDir + path.sep)) throw fieldError('path', 'api.badPath');
  return { rel, abs, ext };
}

export class ImageService {
  private readonly memory: Lru<string, Image>;
  private readonly inflight = new Map<string, Promise<Image>>();
  private readonly mediaDir: string;
  private readonly cacheDir: string;
  private readonly gate: ResizeGate;
  private readonly disk: DiskCache;

  constructor(private readonly config: ApiConfig) {
    this.mediaDir = path.resolve(config.mediaDir);
    this.cacheDir = path.join(this.mediaDir, '.cache');
    this.memory = new Lru<string, Image>(2000, config.imageMemoryCacheBytes, (i) => i.body.length);
    this.gate = new ResizeGate(config.imageResizeConcurrency, config.imageResizeQueue);
    this.disk = new DiskCache(this.cacheDir, config.imageDiskCacheBytes);
  }

  checkSize(field: 'width' | 'height', value: number) {
    if (!this.config.imageSizes.includes(value)) throw fieldError(field, 'api.imageSize', { sizes: this.config.imageSizes.join(', ') });
  }

  async resized(width: number, height: number, rawPath: string, accept: string | undefined): Promise<Image> {
    this.checkSize('width', width);
    this.checkSize('height', height);
    const { rel, abs, ext } = safeMediaPath(this.mediaDir, rawPath);
    const format = negotiateFormat(accept, ext);
    const key = `${width}x${height}/${format}/${rel}`;
    const hit = this.memory.get(key);
    if (hit) return hit;
    let pending = this.inflight.get(key);
    if (!pending) {
      pending = this.produce(key, abs, width, height, format).finally(() => this.inflight.delete(key));
      this.inflight.set(key, pending);
    }
    return pending;
  }

  private async produce(
    key: string,
    source: string,
    width: number,
    height: number,
    format: ImageFormat,
  ): Promise<Image> {
    const original = await stat(source).catch(() => null);
    if (!original?.isFile()) throw notFound('api.imageNotFound');
    const cached = path.join(this.cacheDir, `${key}.${format}`);
    let body = await this.fromDisk(cached, original.mtimeMs);
    if (!body) {
      body = await this.gate.run(() => this.resize(source, width, height, format));
      if (this.disk.enabled) await this.toDisk(cached, body);
    }
    const image = { body, type: MIME[format] };
    this.memory.set(key, image);
    return image;
  }

  /** the cached copy when it is newer than the original (and marked as just used), else null */
  private async fromDisk(cached: string, originalMtimeMs: number): Promise<Buffer | null> {
    if (!this.disk.enabled) return null;
    const onDisk = await stat(cached).catch(() => null);
    if (!onDisk || onDisk.mtimeMs < originalMtimeMs) return null;
    // the eviction may have removed it since: then it is made again
    const body = await readFile(cached).catch(() => null);
    if (body) this.disk.touch(cached, onDisk.mtime);
    return body;
  }

  private async resize(source: string, width: number, height: number, format: ImageFormat): Promise<Buffer> {
    const limit = this.config.imageMaxPixels;
    try {
      const pipeline = sharp(source, { failOn: 'error', limitInputPixels: limit })
        .rotate()
        .resize(width, height, {
          fit: 'inside',
          withoutEnlargement: true,
        });
      return await (
        format === 'webp'
          ? pipeline.webp({ quality: 80 })
          : format === 'avif'
            ? pipeline.avif({ quality: 55 })
            : format === 'png'
              ? pipeline.png()
              : pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true })
      ).toBuffer();
    } catch (err) {
      // sharp reads the dimensions from the header and refuses before decoding (a decompression bomb)
      if (err instanceof Error && /pixel limit/i.test(err.message))
        throw new ApiError(422, 'api.imageTooLarge', { max: limit });
      throw notFound('api.imageNotFound');
    }
  }

  /** write-then-rename (a reader never sees half a file), then keep the folder within its budget */
  private async toDisk(cached: string, body: Buffer): Promise<void> {
    await mkdir(path.dirname(cached), { recursive: true });
    const tmp = `${cached}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(tmp, body);
    await rename(tmp, cached);
    await this.disk.added(body.length);
  }
}
