/**
 * Loads `pg` (node-postgres) on demand, so PGlite-only processes never load it.
 *
 * Workaround: when Node runs with `--conditions import` (vitest passes ssr.resolve.conditions of the
 * root vitest config to its workers as --conditions), `require('pg-pool')` inside pg's CommonJS code
 * resolves to pg-pool's ESM build and yields a module namespace, and pg fails with "Class extends
 * value [object Module] is not a constructor". We then pre-load pg-pool's CommonJS build under the
 * name the ESM build resolves to. Without such flags this does nothing.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type pgType from 'pg';

export type Pg = typeof pgType;

let loaded: Promise<Pg> | undefined;

function preloadPgPoolCommonJs(): void {
  try {
    const require = createRequire(import.meta.url);
    const fromPg = createRequire(require.resolve('pg'));
    const resolved = fromPg.resolve('pg-pool');
    if (!resolved.endsWith('.mjs') || require.cache[resolved]) return;
    const cjs = path.join(path.dirname(resolved), '..', 'index.js');
    if (!existsSync(cjs)) return;
    fromPg(cjs);
    require.cache[resolved] = require.cache[cjs];
  } catch {
    // leave it to the normal resolution
  }
}

export function loadPg(): Promise<Pg> {
  loaded ??= (async () => {
    preloadPgPoolCommonJs();
    const mod = (await import('pg')) as unknown as { default?: Pg } & Pg;
    return mod.default ?? mod;
  })();
  return loaded;
}
