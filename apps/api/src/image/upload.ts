/**
 * Images uploaded in the back office (product photos, banners): the bytes are judged by what they
 * are, never by the file's name or the browser's content type: sharp reads the header (magic bytes)
 * and only JPEG, PNG and WebP are taken; the file's size is held to IMAGE_UPLOAD_MAX_MB and its
 * pixels to IMAGE_MAX_PIXELS (the resize pipeline's own limit: an image it would refuse to resize is
 * refused here, before it is stored). A taken file is written under MEDIA_DIR/uploads/{kind}/,
 * named by its content's hash (the same photo uploaded twice is one file), so the resize route
 * serves it as it serves imported images: `/vsbridge/image/{w}/{h}/resize/uploads/...`.
 */
import { createHash } from 'node:crypto';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import type { ApiConfig } from '../config.ts';
import { fieldError } from '../http/errors.ts';

export const UPLOAD_KINDS = ['products', 'banners'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** what sharp names the formats taken, and the file extension each is stored under */
const TAKEN: Record<string, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };

export type StoredImage = { path: string; width: number; height: number; format: string; bytes: number };

/** bytes as the messages show them: "1.4" (MB) */
export const megabytes = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '');

/**
 * Checks an uploaded file and stores it; answers its media path (`/uploads/products/ab12….jpg`).
 * 413 `api.uploadTooLarge` (bytes) or `api.uploadTooManyPixels`, 400 `api.uploadNotImage` (not a
 * JPEG, PNG or WebP, whatever its name says) or `api.uploadEmpty`; each names the field `file`.
 */
export async function storeUpload(
  config: Pick<ApiConfig, 'mediaDir' | 'imageUploadMaxBytes' | 'imageMaxPixels'>,
  kind: UploadKind,
  body: Buffer,
): Promise<StoredImage> {
  if (body.length === 0) throw fieldError('file', 'api.uploadEmpty');
  if (body.length > config.imageUploadMaxBytes)
    throw fieldError(
      'file',
      'api.uploadTooLarge',
      { size: megabytes(body.length), max: megabytes(config.imageUploadMaxBytes) },
      413,
    );
  let meta: Metadata;
  try {
    // the header only: nothing is decoded yet
    meta = await sharp(body, { limitInputPixels: false }).metadata();
  } catch {
    throw fieldError('file', 'api.uploadNotImage');
  }
  const ext = meta.format ? TAKEN[meta.format] : undefined;
  if (!ext || !meta.width || !meta.height) throw fieldError('file', 'api.uploadNotImage');
  if (meta.width * meta.height > config.imageMaxPixels)
    throw fieldError(
      'file',
      'api.uploadTooManyPixels',
      { width: meta.width, height: meta.height, max: config.imageMaxPixels },
      413,
    );
  try {
    // a file whose header is right but whose data is broken would fail every resize later: decode it now
    await sharp(body, { failOn: 'error', limitInputPixels: config.imageMaxPixels }).stats();
  } catch {
    throw fieldError('file', 'api.uploadNotImage');
  }
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 24);
  const rel = `uploads/${kind}/${hash}.${ext}`;
  const abs = path.join(path.resolve(config.mediaDir), rel);
  if (!(await stat(abs).catch(() => null))) {
    await mkdir(path.dirname(abs), { recursive: true });
    // write-then-rename: the resize route never reads half a file
    const tmp = `${abs}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(tmp, body);
    await rename(tmp, abs);
  }
  return {
    path: `/${rel}`,
    width: meta.width,
    height: meta.height,
    format: meta.format!,
    bytes: body.length,
  };
}
