#!/usr/bin/env node
/**
 * Prints the test files whose outcome can depend on TEST_DATABASE_URL or TEST_REDIS_URL: those that read
 * either setting, or reach packages/db/src/testing.ts (which reads it) through their own relative imports.
 * CI runs the whole suite on PGlite, then only these against PostgreSQL and Redis: the rest (component tests,
 * pure rules) would run twice the same way, and took a third of CI's time.
 *
 * `node scripts/database-tests.mjs` prints one path per line, relative to the project's root;
 * `node scripts/database-tests.mjs packages/db apps/api/test/order.test.ts` only those that start with one of the
 * given prefixes (as vitest reads its filters): `npm run test:thread`, which reruns suites with PGlite in
 * its worker thread, needs no rerun of a file that never opens a database.
 */
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const TEST_DIRS = ['apps', 'packages', 'test'];
const TEST_FILE = /\.test\.tsx?$/;
const READS_SETTING = /TEST_DATABASE_URL|TEST_REDIS_URL/;
/** the one module that opens a test database from TEST_DATABASE_URL, by package name or by path */
const TESTING_MODULE = /['"](?:@vitrina\/db\/testing|[./]+(?:[\w-]+\/)*db\/src\/testing(?:\.ts)?)['"]/;
const RELATIVE_IMPORT = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;
const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '/index.ts', '/index.tsx'];

/** test files under the workspaces' test folders and the root's test folder */
function testFiles(dir, found = []) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name === 'build' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) testFiles(path, found);
    else if (TEST_FILE.test(name) && /(^|\/)test\//.test(relative(root, path))) found.push(path);
  }
  return found;
}

function resolveImport(from, specifier) {
  const base = resolve(dirname(from), specifier.replace(/\.js$/, ''));
  for (const ext of EXTENSIONS) {
    const path = base + ext;
    if (existsSync(path) && statSync(path).isFile()) return path;
  }
  return undefined;
}

/** whether the file, or a file it imports relatively (transitively), reads a database setting */
function reachesDatabase(path, seen = new Map()) {
  if (seen.has(path)) return seen.get(path);
  seen.set(path, false);
  const source = readFileSync(path, 'utf8');
  let reaches = READS_SETTING.test(source) || TESTING_MODULE.test(source);
  for (const match of source.matchAll(RELATIVE_IMPORT)) {
    if (reaches) break;
    const target = resolveImport(path, match[1]);
    if (target && !target.includes('node_modules')) reaches = reachesDatabase(target, seen);
  }
  seen.set(path, reaches);
  return reaches;
}

export function databaseTests(prefixes = []) {
  const seen = new Map();
  return TEST_DIRS.flatMap((dir) => testFiles(join(root, dir)))
    .filter((path) => reachesDatabase(path, seen))
    .map((path) => relative(root, path))
    .filter((path) => prefixes.length === 0 || prefixes.some((prefix) => path.startsWith(prefix)))
    .sort();
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const listed = databaseTests(process.argv.slice(2));
  // an empty list would make `vitest run` run every file
  if (listed.length === 0) {
    console.error('database-tests: no test file reaches a database under the given paths');
    process.exit(1);
  }
  process.stdout.write(listed.join('\n') + '\n');
}
