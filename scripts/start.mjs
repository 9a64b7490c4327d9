#!/usr/bin/env node
// `npm start`: build the storefront and the server bundle when either is missing or older than its
// sources, then run the shop (API + SSR) from the bundle (scripts/server-bundle.mjs). See CONTRIBUTING.md "Commands".
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { newestMtime } from './newest-mtime.mjs';
import { serverBundle } from './server-bundle.mjs';
import { shopEnv, shopNodeFlags } from './shop-node-flags.mjs';

const root = path.resolve(import.meta.dirname, '..');
const buildEntry = path.join(root, 'apps/web/build/server/index.js');

const sources = ['apps/web/app', 'packages/domain/src'].map((d) => path.join(root, d));
const stale = !existsSync(buildEntry) || Math.max(...sources.map(newestMtime)) > statSync(buildEntry).mtimeMs;
if (stale) {
  console.log('Building the storefront…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@vitrina/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// the shop's Node flags (the young generation's size) and malloc setting, as the benches run it: shop-node-flags.mjs
const heapFlags = shopNodeFlags(process.env.NODE_OPTIONS);
const child = spawn(process.execPath, [...heapFlags, await serverBundle()], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...shopEnv(process.env), ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
