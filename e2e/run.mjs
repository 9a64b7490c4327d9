#!/usr/bin/env node
// `npm run test:e2e`: browser journeys in Debian's Chromium driven by Playwright (never a downloaded
// browser). Builds the storefront when needed, then runs vitest with the e2e config.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (!existsSync(chrome)) {
  console.error(
    `Chromium was not found at ${chrome}.\n` +
      "Install Debian's Chromium with:  sudo apt-get update && sudo apt-get install -y chromium\n" +
      "or point CHROME_PATH at a Chromium/Chrome executable. (Playwright's own browser download is not used.)",
  );
  process.exit(1);
}
// the build the server will serve (WEB_BUILD_DIR, as apps/server reads it): only the default one is built here
const buildDir = path.resolve(root, process.env.WEB_BUILD_DIR ?? 'apps/web/build');
if (!existsSync(path.join(buildDir, 'server/index.js'))) {
  if (process.env.WEB_BUILD_DIR) {
    console.error(
      `No storefront build in WEB_BUILD_DIR=${buildDir} (build it with VITRINA_WEB_BUILD_DIR set).`,
    );
    process.exit(1);
  }
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const run = spawnSync(
  'npx',
  ['vitest', 'run', '--config', 'e2e/vitest.config.ts', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, CHROME_PATH: chrome },
  },
);
process.exit(run.status ?? 1);
