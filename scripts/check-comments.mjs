#!/usr/bin/env node
// `node scripts/check-comments.mjs`: comments say why, and the paths they name exist.
// - Source must not cite the tracker ("issue" followed by "#" and a number): a comment says the reason,
//   or links the decision record (docs/decisions/) that says it.
// - A repository path named in source or in the docs (README, CONTRIBUTING, docs/, the workspaces'
//   READMEs) must exist: `apps/api/src/config.ts`, or relative to the file's folder or its workspace
//   (`catalog/search-index.ts` in apps/api/src). Paths with placeholders ({id}, *, <x>, NNNN) and build
//   output (build/, dist/, var/) are left alone.
// Prints every finding as file:line and exits 1 when there is one. test/check-comments.test.ts runs it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SOURCE_DIRS = ['apps', 'packages', 'scripts', 'bench', 'e2e', 'test'];
const SKIP_DIRS = new Set(['node_modules', 'build', 'dist', '.react-router', 'var']);
const SOURCE = /\.(ts|tsx|mts|mjs|js|cjs|css|sql|sh)$/;
const SELF = new Set(['scripts/check-comments.mjs', 'test/check-comments.test.ts']);
/** generated from the lockfile: package names, not paths */
const NOT_CHECKED = new Set(['THIRD-PARTY-NOTICES.md', 'CHANGELOG.md']);

const TRACKER = new RegExp(String.raw`\bissues?\s+#\d+`, 'i');
const ROOTS = ['apps', 'packages', 'scripts', 'e2e', 'bench', 'docs', 'test'];
const PATH_CHARS = String.raw`[A-Za-z0-9_.\-/]`;
/** a path from the repository root: apps/..., packages/..., docs/... */
const ROOTED = new RegExp(String.raw`(?<![\w./@-])(?:${ROOTS.join('|')})/${PATH_CHARS}+`, 'g');
/** a relative path to a file: one or more folders and a file name with a known extension */
const RELATIVE = new RegExp(
  String.raw`(?<![\w./@:-])(?:\.\.?/)*[a-z][\w-]*(?:/[\w.-]+)*/[\w.-]+\.(?:ts|tsx|mjs|js|css|sql|json|md)(?![\w/])`,
  'g',
);
const GENERATED = /(^|\/)(build|dist|var|node_modules|\.cache|coverage)(\/|$)/;

function walk(dir, filter, out = []) {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name) || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, filter, out);
    else if (filter(entry.name)) out.push(full);
  }
  return out;
}

const rel = (full) => path.relative(root, full).split(path.sep).join('/');

export function sourceFiles() {
  return SOURCE_DIRS.flatMap((d) => walk(path.join(root, d), (n) => SOURCE.test(n))).map(rel);
}

export function docFiles() {
  const top = ['README.md', 'CONTRIBUTING.md'].filter((f) => existsSync(path.join(root, f)));
  const docs = walk(path.join(root, 'docs'), (n) => n.endsWith('.md')).map(rel);
  const workspaces = SOURCE_DIRS.flatMap((d) => walk(path.join(root, d), (n) => n === 'README.md')).map(rel);
  return [...top, ...docs, ...workspaces].filter((f) => !NOT_CHECKED.has(f));
}

/** every file and folder of the repository (build output and dependencies left out) */
let everything;
function repositoryPaths() {
  if (everything) return everything;
  everything = new Set();
  const visit = (dir) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      if (SKIP_DIRS.has(entry.name) || entry.name.startsWith('.')) continue;
      const p = dir ? `${dir}/${entry.name}` : entry.name;
      everything.add(p);
      if (entry.isDirectory()) visit(p);
    }
  };
  visit('');
  return everything;
}

/** docs/ARCHITECTURE.md's short forms */
const ALIASES = [
  ['d/', 'packages/domain/src/'],
  ['api/', 'apps/api/src/'],
  ['web/', 'apps/web/app/'],
];
/** what a build writes (apps/web/build/server/index.js) */
const BUILD_OUTPUT = /^(server|client)\/index\.js$/;

/**
 * Whether a path named in a file exists. A rooted one (apps/..., docs/...) must exist as written.
 * A relative one may be relative to any folder: comments name files by their path in their workspace
 * or feature folder (`order/unpaid.ts` of the API, `rules/variant.ts` of the product feature), so it
 * counts when some file or folder of the repository ends with it, or it is in a dependency
 * (`axe-core/axe.min.js`). A file that moved away from the folder named is still reported.
 */
function exists(candidate, file, rooted) {
  const all = repositoryPaths();
  const bare = candidate.replace(/^(\.\.?\/)+/, '');
  // apps/..., docs/...; test/ and scripts/ may also be a workspace's own (apps/web/scripts/build-pwa.ts)
  if (rooted) return all.has(bare) || [...all].some((p) => /^(apps|packages)\/[^/]+\//.test(p) && p.endsWith(`/${bare}`) && p.split('/').length === bare.split('/').length + 2);
  if (BUILD_OUTPUT.test(bare)) return true;
  const forms = [bare, ...ALIASES.filter(([a]) => bare.startsWith(a)).map(([a, full]) => full + bare.slice(a.length))];
  for (const form of forms) {
    if (all.has(form) || existsSync(path.join(root, path.posix.dirname(file), candidate))) return true;
    for (const p of all) if (p.endsWith(`/${form}`)) return true;
  }
  return existsSync(path.join(root, 'node_modules', bare));
}

function clean(match) {
  return match.replace(/[.,;:)]+$/, '').replace(/\/$/, '');
}

/** findings: `file:line: message` */
export function check({ sources = sourceFiles(), docs = docFiles() } = {}) {
  const findings = [];
  const scan = (file, trackers) => {
    if (SELF.has(file)) return;
    const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
    lines.forEach((line, i) => {
      const at = `${file}:${i + 1}`;
      if (trackers) {
        const m = TRACKER.exec(line);
        if (m) findings.push(`${at}: cites the tracker ("${m[0]}"): say why instead, or link a decision record`);
      }
      const seen = new Set();
      for (const re of [ROOTED, RELATIVE])
        for (const m of line.matchAll(re)) {
          const p = clean(m[0]);
          if (seen.has(p) || GENERATED.test(p) || /[{}*<>…]|NNNN/.test(line.slice(m.index, m.index + m[0].length + 1)))
            continue;
          seen.add(p);
          if (p.endsWith('-')) continue;
          if (!exists(p, file, re === ROOTED)) findings.push(`${at}: names "${p}", which does not exist`);
        }
    });
  };
  for (const f of sources) scan(f, true);
  for (const f of docs) scan(f, false);
  return findings;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const findings = check();
  for (const f of findings) console.log(f);
  if (findings.length) {
    console.error(`\n${findings.length} finding(s): comments say why (no tracker numbers), and name paths that exist.`);
    process.exit(1);
  }
  console.log('comments and docs: no tracker citations, every path named exists');
}
