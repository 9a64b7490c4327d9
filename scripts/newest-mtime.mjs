// When a build is older than its sources: `npm start` asks it of the storefront's build and of the
// server bundle (scripts/start.mjs, scripts/server-bundle.mjs).
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** the newest modification time (ms) of the files under `dir`, leaving out node_modules, build and dotfiles */
export function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'build' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}
