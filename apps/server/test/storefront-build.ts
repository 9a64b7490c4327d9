/**
 * The storefront's React Router production build, made for one test file into a folder of its own
 * inside the checkout (`var/`, ignored by git): a render thread (src/render-threads.ts) imports the
 * build with Node's own resolution, which finds react-router in the node_modules above it.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const webDir = fileURLToPath(new URL('../../web', import.meta.url));
const scratch = fileURLToPath(new URL('../../../var/test-builds', import.meta.url));

/** the build's folder (`dir`, as WEB_BUILD_DIR) and how to delete it after the tests */
export function buildStorefront(name: string): { dir: string; remove: () => void } {
  mkdirSync(scratch, { recursive: true });
  const dir = mkdtempSync(join(scratch, `${name}-`));
  execFileSync(process.execPath, [join(webDir, '../../node_modules/@react-router/dev/bin.js'), 'build'], {
    cwd: webDir,
    env: { ...process.env, VITRINA_WEB_BUILD_DIR: dir, NODE_ENV: 'production' },
    stdio: 'pipe',
  });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
