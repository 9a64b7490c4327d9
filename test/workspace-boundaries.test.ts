/**
 * The workspaces' boundaries, beside the ESLint rule that forbids the wrong package
 * names (eslint.config.js "layers"):
 * - each workspace's package.json declares every workspace it imports (so `npm ls` and a bundler see
 *   the real graph, and removing a dependency breaks the build instead of working by accident);
 * - no relative import climbs out of its workspace into another one (`../../packages/db/src/...`),
 *   which would pass the package-name rule unseen; only a test may use another workspace's test
 *   helpers (the web app's tests run against the real API through apps/api/test/helpers.ts).
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const rootPackage = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  workspaces: string[];
};
const workspaces = rootPackage.workspaces.map((dir) => {
  const pkg = JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')) as {
    name: string;
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
  return {
    dir,
    name: pkg.name,
    declared: new Set(Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })),
  };
});

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'build', 'dist', '.react-router'].includes(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (/\.(ts|tsx|mjs)$/.test(entry.name)) out.push(full);
  }
  return out;
}

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].map((m) => m[1] ?? m[2] ?? '').filter(Boolean);
}

/**
 * The browser build swaps the domain's message catalogue for one language a page (apps/web/vite.config.ts):
 * its replacement and the per-language catalogue reach messages.ts and store-views.ts by path, because
 * `@vitrina/domain` re-exports the very module being replaced (a cycle) and vite.config.ts loads the
 * catalogue in Node before any bundling. Only these two files.
 */
const MESSAGE_SWAP = new Set([
  'apps/web/app/i18n/domain-messages.client.ts',
  'apps/web/app/i18n/domain-messages.catalogue.ts',
]);

describe('workspace boundaries', () => {
  for (const ws of workspaces) {
    const files = sourceFiles(path.join(root, ws.dir));

    it(`${ws.name} declares the workspaces it imports`, () => {
      const used = new Set<string>();
      for (const file of files)
        for (const spec of importsOf(file)) {
          const name = spec.match(/^(@vitrina\/[^/]+)/)?.[1];
          if (name && name !== ws.name) used.add(name);
        }
      expect([...used].filter((name) => !ws.declared.has(name)).sort()).toEqual([]);
    });

    it(`${ws.name} reaches no other workspace by a relative path`, () => {
      const home = path.join(root, ws.dir) + path.sep;
      const escapes: string[] = [];
      for (const file of files)
        for (const spec of importsOf(file)) {
          if (!spec.startsWith('.')) continue;
          const target = path.resolve(path.dirname(file), spec);
          // a test may run against the real API through that workspace's test helpers
          const testToTestHelpers =
            file.includes(`${path.sep}test${path.sep}`) && target.includes(`${path.sep}test${path.sep}`);
          if (testToTestHelpers) continue;
          if (MESSAGE_SWAP.has(path.relative(root, file))) continue;
          if (
            !target.startsWith(home) &&
            workspaces.some((o) => target.startsWith(path.join(root, o.dir) + path.sep))
          )
            escapes.push(`${path.relative(root, file)} -> ${spec}`);
        }
      expect(escapes).toEqual([]);
    });
  }

  it('finds the imports it checks (the scan is not empty)', () => {
    const api = workspaces.find((w) => w.name === '@vitrina/api');
    expect(api).toBeDefined();
    const specs = sourceFiles(path.join(root, api?.dir ?? '')).flatMap(importsOf);
    expect(specs.filter((s) => s.startsWith('@vitrina/db')).length).toBeGreaterThan(10);
  });
});
