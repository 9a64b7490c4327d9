/**
 * A shop's first start on a new data folder (initdb, the demo catalogue loaded) answers with the
 * embedded database a later start would open: its WebAssembly memory at PGlite's initial size, not
 * grown by the catalogue import (a WebAssembly memory never shrinks; record 0076).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { openShopDatabase } from '../src/bootstrap.ts';
import { loadServerConfig } from '../src/config.ts';

/** PGlite's initial WebAssembly memory (its INITIAL_MEMORY), what a start on an existing folder opens with */
const PGLITE_INITIAL_MEMORY = 128 * 1024 * 1024;

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** the WebAssembly memory of the database's PGlite (in the process: PGLITE_THREAD=0) */
function wasmMemoryBytes(database: Awaited<ReturnType<typeof openShopDatabase>>): number {
  const module = database.pglite?.Module as { HEAPU8?: Uint8Array } | undefined;
  if (!module?.HEAPU8) throw new Error('no PGlite in this process');
  return module.HEAPU8.buffer.byteLength;
}

describe('the first start on a new data folder', () => {
  it('keeps none of the memory making the folder and loading the demo catalogue grew', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vitrina-first-start-'));
    dirs.push(dir);
    const config = loadServerConfig({ DATA_DIR: dir, NODE_ENV: 'test', PGLITE_THREAD: '0' });
    const database = await openShopDatabase(config, Fastify({ logger: false }).log);
    try {
      const [row] = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM products');
      expect(row!.n).toBeGreaterThan(0);
      expect(wasmMemoryBytes(database)).toBe(PGLITE_INITIAL_MEMORY);
    } finally {
      await database.close();
    }
  }, 300_000);
});
