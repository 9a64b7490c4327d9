/**
 * The storefront's React Router production build for the tests that render with it, inside the checkout
 * (`var/`, ignored by git): a render thread (src/render-threads.ts) imports the build with Node's own
 * resolution, which finds react-router in the node_modules above it.
 *
 * Within one vitest run (the root config's global setup, test/support/run-scratch.ts) the build is made
 * once, by the first file that asks, and the others wait for it and read the same folder: eleven files
 * each made their own identical build, a third of `npm test`'s time (record 0135). No test writes into
 * a build. Without the global setup (another config) a file builds its own, as before.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { inject } from 'vitest';

const webDir = fileURLToPath(new URL('../../web', import.meta.url));
const scratch = fileURLToPath(new URL('../../../var/test-builds', import.meta.url));

/** the build's folder (`dir`, as WEB_BUILD_DIR) and how to let go of it after the tests */
export async function buildStorefront(name: string): Promise<{ dir: string; remove: () => void }> {
  const runScratch = inject('testRunScratch');
  if (runScratch) return { dir: await sharedBuild(runScratch), remove: () => {} };
  mkdirSync(scratch, { recursive: true });
  const dir = mkdtempSync(join(scratch, `${name}-`));
  await build(dir);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

async function build(dir: string): Promise<void> {
  await promisify(execFile)(
    process.execPath,
    [join(webDir, '../../node_modules/@react-router/dev/bin.js'), 'build'],
    {
      cwd: webDir,
      env: { ...process.env, VITRINA_WEB_BUILD_DIR: dir, NODE_ENV: 'production' },
      maxBuffer: 64 * 1024 * 1024,
    },
  );
}

/**
 * The run's one build: the file that takes the lock (an atomic mkdir) builds into a folder of its own and
 * renames it into place; the others wait until it is there, or until the builder says it failed.
 * Keyed by the one setting the build reads from the environment (VITRINA_BROWSER_RENDERER).
 */
async function sharedBuild(runScratch: string): Promise<string> {
  const dir = join(runScratch, `storefront-${process.env.VITRINA_BROWSER_RENDERER || 'react'}`);
  const ready = () => existsSync(join(dir, 'server', 'index.js'));
  const failed = `${dir}.failed`;
  if (ready()) return dir;
  let builder = true;
  try {
    mkdirSync(`${dir}.lock`);
  } catch {
    builder = false;
  }
  if (builder) {
    const partial = `${dir}.partial-${process.pid}`;
    try {
      await build(partial);
      renameSync(partial, dir);
    } catch (err) {
      writeFileSync(failed, String((err as Error).message ?? err));
      throw err;
    }
    return dir;
  }
  while (!ready()) {
    if (existsSync(failed))
      throw new Error(`the run's storefront build failed: ${readFileSync(failed, 'utf8')}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return dir;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** a folder for the run (removed after it) where the storefront is built once: test/support/run-scratch.ts */
    testRunScratch: string | undefined;
  }
}
