#!/usr/bin/env node
// `npm run dev`: the shop server (API, seeded database) on API_PORT (default 3001) and the storefront
// in Vite's dev server with hot reload on http://localhost:5173, its loaders and /vsbridge proxied to
// that API (API_URL). Stop with Ctrl-C.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const apiPort = process.env.API_PORT ?? '3001';
const apiUrl = `http://127.0.0.1:${apiPort}`;
if (!existsSync(path.join(root, 'apps/web/build/server/index.js'))) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const children = [
  spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/cli.ts')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort },
  }),
  spawn('npm', ['run', 'dev', '-w', '@vitrina/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, API_URL: apiUrl, NODE_ENV: 'development' },
  }),
];
const stop = (code) => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
