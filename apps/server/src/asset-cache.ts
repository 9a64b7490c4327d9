/**
 * The client build's scripts and stylesheets (`/assets/*.js`, `*.css`: fingerprinted, immutable),
 * compressed once and answered from memory.
 *
 * Through @fastify/static and @fastify/compress every request for one of them read the file and
 * compressed it anew (a stream through brotli 4): on this project's 2-core machines ~16 ms of the
 * shop's CPU for the 213 kB entry chunk uncompressed and ~33 ms with brotli, ~19 ms a file over a
 * page's 26 (load ~28). A page's first load asks for all of them at once, while the browser
 * evaluates and hydrates the page; where the shop and the browser share the cores (the benches,
 * a phone's Lighthouse run on one machine) that CPU is taken from the page's own tasks, and on a
 * server it is CPU a visitor's first load costs for bytes that never change.
 *
 * A file's first request is answered as before (read, compressed by the response compression) and
 * starts brotli 11 and gzip 9 of it on the thread pool (never the thread that answers, as the page
 * cache does: page-cache.ts); the next requests take those bytes, which are also smaller than
 * brotli 4's. Only the files present when the shop starts are served (as @fastify/static's
 * `wildcard: false`), so memory is bounded by the build: ~0.8 MB for the compressed copies.
 */
import { readdirSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { acceptsCoding } from './gzip-splice.ts';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** the files this module answers, by extension, with their content type */
export const CACHED_ASSET_TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/** @fastify/static's glob patterns for the files answered here instead */
export const CACHED_ASSET_GLOBS = Object.keys(CACHED_ASSET_TYPES).map((ext) => `assets/*${ext}`);

interface Encoded {
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

export class AssetCache {
  private readonly files: Set<string>;
  private readonly encoded = new Map<string, Encoded>();
  private readonly pending = new Map<string, Promise<void>>();
  /** how many files were read and compressed (tests) */
  compressions = 0;

  constructor(readonly dir: string) {
    let names: string[] = [];
    try {
      names = readdirSync(dir);
    } catch {
      // no client build's assets (an API-only test build): nothing to answer
    }
    this.files = new Set(names.filter((n) => path.extname(n) in CACHED_ASSET_TYPES));
  }

  names(): string[] {
    return [...this.files];
  }

  /** the file's compressed copies, or undefined while they are made (started by the first ask) */
  get(name: string): Encoded | undefined {
    const done = this.encoded.get(name);
    if (done) return done;
    if (!this.pending.has(name))
      this.pending.set(
        name,
        this.compress(name)
          .catch(() => undefined) // answered from the file as before; tried again at the next request
          .finally(() => this.pending.delete(name)),
      );
    return undefined;
  }

  /** resolves once the copies started by `get` are made (tests, warm-up) */
  async settled(): Promise<void> {
    await Promise.all(this.pending.values());
  }

  private async compress(name: string): Promise<void> {
    const file = path.join(this.dir, name);
    const [body, info] = await Promise.all([readFile(file), stat(file)]);
    const [br, gz] = await Promise.all([
      brotli(body, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
          [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      gzipped(body, { level: 9 }),
    ]);
    this.compressions++;
    // @fastify/static's form (size and modification time), so a revalidation matches either answer
    this.encoded.set(name, {
      br,
      gzip: gz,
      etag: `W/"${info.size.toString(16)}-${info.mtime.getTime().toString(16)}"`,
    });
  }
}

/**
 * `GET /assets/<file>.js|css` of the files present at the start: from the cache when its copies are made and the browser takes brotli
 * or gzip; otherwise from the file, as @fastify/static would (the response compression compresses
 * it, and the first such answer starts the copies).
 */
export function registerAssetCache(scope: FastifyInstance, clientDir: string): AssetCache {
  const cache = new AssetCache(path.join(clientDir, 'assets'));
  // a route a file, as @fastify/static's `wildcard: false`: any other path (an old build's chunk)
  // goes on to the storefront's routes as before
  for (const name of cache.names())
    scope.get(`/assets/${name}`, async (request: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      reply.header('vary', 'accept-encoding');
      reply.type(CACHED_ASSET_TYPES[path.extname(name)]!);
      const encoded = cache.get(name);
      const accepts = request.headers['accept-encoding'];
      const coding = !encoded
        ? null
        : acceptsCoding(accepts, 'br')
          ? 'br'
          : acceptsCoding(accepts, 'gzip')
            ? 'gzip'
            : null;
      if (!encoded || !coding) return reply.send(await readFile(path.join(cache.dir, name)));
      reply.header('etag', encoded.etag);
      if (request.headers['if-none-match'] === encoded.etag) return reply.code(304).send();
      reply.header('content-encoding', coding);
      return reply.send(encoded[coding]);
    });
  return cache;
}
