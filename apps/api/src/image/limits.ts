/**
 * What bounds image resizing: anyone can ask for any variant of any original, and
 * each resize decodes a photo into memory and costs a core for tens of milliseconds, so
 * - `ResizeGate` runs a few resizes at a time with a short queue and refuses the rest (503 with
 *   Retry-After) rather than queueing without limit;
 * - `DiskCache` keeps the resized copies under a byte budget, evicting the least recently used.
 * (Decoded pixels are capped by sharp's `limitInputPixels` in service.ts.)
 */
import { readdir, stat, unlink, utimes } from 'node:fs/promises';
import path from 'node:path';
import { ApiError } from '../http/errors.ts';

/** 503 "busy, come back in a second" (the route puts `retryAfterSeconds` into Retry-After) */
export class ResizeBusyError extends ApiError {
  readonly retryAfterSeconds = 1;
  constructor() {
    super(503, 'api.imageBusy');
  }
}

/** at most `concurrency` jobs at once, `queue` more waiting; beyond that `run` refuses at once */
export class ResizeGate {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly queue: number,
  ) {}

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.active >= this.concurrency) {
      if (this.waiting.length >= this.queue) throw new ResizeBusyError();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else this.active++;
    try {
      return await job();
    } finally {
      // hand the slot straight to the next waiter, or free it
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}

/** temporary files of a write in progress (write-then-rename): never counted nor evicted */
const isTemporary = (file: string) => file.endsWith('.tmp');

/**
 * The byte budget of the resized copies on disk. The total is learnt by one walk of the folder (a
 * restart keeps the files), then kept up to date as files are added; when it goes over the budget,
 * the least recently used files (by access time, which `touch` sets on every disk hit) are deleted
 * down to 90% of it, so that one sweep makes room for many writes.
 */
export class DiskCache {
  /** bytes on disk; undefined until the first write walks the folder */
  private bytes: number | undefined;
  private loading: Promise<void> | undefined;
  private sweeping: Promise<void> = Promise.resolve();

  constructor(
    private readonly dir: string,
    readonly maxBytes: number,
  ) {}

  /** false: keep nothing on disk (IMAGE_DISK_CACHE_MB=0) */
  get enabled() {
    return this.maxBytes > 0;
  }

  /** a file of `size` bytes was written: evict the least recently used files when over the budget */
  async added(size: number): Promise<void> {
    if (this.bytes === undefined) {
      // the walk counts the file just written
      this.loading ??= this.walk().then((files) => {
        this.bytes = files.reduce((sum, f) => sum + f.size, 0);
      });
      await this.loading;
    } else this.bytes += size;
    if ((this.bytes ?? 0) > this.maxBytes) {
      this.sweeping = this.sweeping.then(() => this.sweep());
      await this.sweeping;
    }
  }

  /** a cached file was served: it is now the most recently used (its mtime, the freshness check, stays) */
  touch(file: string, mtime: Date): void {
    utimes(file, new Date(), mtime).catch(() => {});
  }

  private async sweep(): Promise<void> {
    if ((this.bytes ?? 0) <= this.maxBytes) return; // a sweep queued before this one made room
    const files = (await this.walk()).sort((a, b) => a.atimeMs - b.atimeMs);
    let total = files.reduce((sum, f) => sum + f.size, 0);
    const target = this.maxBytes * 0.9;
    for (const f of files) {
      if (total <= target) break;
      await unlink(f.file).catch(() => {});
      total -= f.size;
    }
    this.bytes = total;
  }

  private async walk(): Promise<{ file: string; size: number; atimeMs: number }[]> {
    const entries = await readdir(this.dir, { recursive: true, withFileTypes: true }).catch(() => []);
    const files = entries
      .filter((e) => e.isFile() && !isTemporary(e.name))
      .map((e) => path.join(e.parentPath, e.name));
    const stats = await Promise.all(
      files.map(async (file) => {
        const s = await stat(file).catch(() => null);
        return s ? { file, size: s.size, atimeMs: s.atimeMs } : null;
      }),
    );
    return stats.filter((s) => s !== null);
  }
}
