/**
 * The one table of settings (apps/api/src/settings-table.ts) is complete and true: every environment
 * variable the repository reads is in it, every row is read somewhere, and docs/configuration.md is
 * the page generated from it. Reads are found in the source text (fast: no build, no import of the
 * shop), in the forms the code uses: `env.NAME`, `process.env.NAME`, `env['NAME']`,
 * `helper(env, 'NAME', ...)`, `import.meta.env.NAME`, and a quoted 'NAME_WITH_UNDERSCORE' in a file
 * that reads `env[name]` through a helper of its own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderConfigurationDoc, SETTINGS } from '../apps/api/src/settings-table.ts';

const root = path.resolve(import.meta.dirname, '..');
const FOLDERS = ['apps', 'packages', 'scripts', 'bench', 'e2e', 'test'];
const SKIP = new Set(['node_modules', 'build', 'dist', '.react-router', 'var', 'migrations']);
const SELF = new Set(['apps/api/src/settings-table.ts', 'test/settings-table.test.ts']);
/** Vite's own flags on import.meta.env, and variables of other programs that the code only passes on */
const NOT_SETTINGS = new Set(['SSR', 'DEV', 'PROD', 'MODE', 'BASE_URL']);

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(full, out);
    else if (/\.(ts|tsx|mts|mjs|js|cjs)$/.test(entry.name)) out.push(full);
  }
  return out;
}

const NAME = '([A-Z][A-Z0-9_]*)';
const READS = [
  new RegExp(`\\bprocess\\.env\\??\\.${NAME}`, 'g'),
  new RegExp(`\\benv\\??\\.${NAME}`, 'g'),
  new RegExp(`\\benv\\[\\s*['"]${NAME}['"]\\s*\\]`, 'g'),
  new RegExp(`\\(\\s*env\\s*,\\s*['"]${NAME}['"]`, 'g'),
];
const HELPER_READ = /\benv\[(name|key)\]/;
const QUOTED_NAME = /'([A-Z][A-Z0-9]*_[A-Z0-9_]*)'/g;

/** variable -> the files that read it */
function readsInRepository(): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  const add = (name: string, file: string) => {
    if (NOT_SETTINGS.has(name)) return;
    if (!found.has(name)) found.set(name, new Set());
    found.get(name)!.add(file);
  };
  for (const folder of FOLDERS)
    for (const full of sourceFiles(path.join(root, folder))) {
      const file = path.relative(root, full).split(path.sep).join('/');
      if (SELF.has(file)) continue;
      const text = readFileSync(full, 'utf8');
      for (const re of READS) for (const m of text.matchAll(re)) add(m[1]!, file);
      if (HELPER_READ.test(text)) for (const m of text.matchAll(QUOTED_NAME)) add(m[1]!, file);
    }
  return found;
}

describe('the table of settings', () => {
  const reads = readsInRepository();
  const table = new Map(SETTINGS.map((s) => [s.name, s]));

  it('names each setting once, with a meaning', () => {
    const twice = SETTINGS.map((s) => s.name).filter((n, i, all) => all.indexOf(n) !== i);
    expect(twice, 'settings listed twice in apps/api/src/settings-table.ts').toEqual([]);
    const bare = SETTINGS.filter((s) => !s.meaning.trim()).map((s) => s.name);
    expect(bare, 'settings without a meaning in apps/api/src/settings-table.ts').toEqual([]);
  });

  it('lists every variable the code reads from the environment', () => {
    const missing = [...reads.keys()].filter((n) => !table.has(n)).sort();
    const help = missing
      .map(
        (n) =>
          `  ${n} (read in ${[...reads.get(n)!].join(', ')}): add to SETTINGS in apps/api/src/settings-table.ts\n` +
          `    { name: '${n}', group: 'api' | 'shop' | 'payment' | 'build' | 'tools', default: '<what applies when unset>', meaning: '<what it does>' },`,
      )
      .join('\n');
    expect(missing, `Settings read but not documented; then run \`npm run docs:config\`:\n${help}\n`).toEqual(
      [],
    );
  });

  it('lists no variable that nothing reads', () => {
    const unread = SETTINGS.map((s) => s.name).filter((n) => !reads.has(n));
    expect(
      unread,
      `Rows of apps/api/src/settings-table.ts that no code reads: remove them (or read them), then run \`npm run docs:config\``,
    ).toEqual([]);
  });

  it('is what docs/configuration.md says', () => {
    const page = readFileSync(path.join(root, 'docs', 'configuration.md'), 'utf8');
    expect(
      page === renderConfigurationDoc(),
      'docs/configuration.md is out of date: run `npm run docs:config` and commit it',
    ).toBe(true);
  });
});
