#!/usr/bin/env node
// `node scripts/check-comments.mjs`: comments say why, and the paths they name exist.
// - Source must not cite the tracker ("issue" followed by "#" and a number): a comment says the reason,
//   or links the decision record (docs/decisions/) that says it.
// - A repository path named in source or in the docs (README, CONTRIBUTING, docs/, the workspaces'
//   READMEs) must exist: `apps/api/src/config.ts`, or relative to the file's folder or its workspace
//   (`catalog/search-index.ts` in apps/api/src). Paths with placeholders ({id}, *, <x>, NNNN) and build
//   output (build/, dist/, var/) are left alone. Applied migrations are hashed when they run, so their
//   text never changes: they are not checked for tracker citations.
// Prints every finding as file:line and exits 1 when there is one. test/check-comments.test.ts runs it.
// `--fix` first removes the citations that only say where a rule came from (see fixText), in place.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SOURCE_DIRS = ['apps', 'packages', 'scripts', 'bench', 'e2e', 'test'];
const SKIP_DIRS = new Set(['node_modules', 'build', 'dist', '.react-router', 'var']);
const SOURCE = /\.(ts|tsx|mts|mjs|js|cjs|css|sql|sh)$/;
const SELF = new Set(['scripts/check-comments.mjs', 'test/check-comments.test.ts']);
/** applied migrations are hashed (packages/db/src/migrate.ts): their text never changes */
const FROZEN = /^packages\/db\/migrations\//;
/** generated from the lockfile: package names, not paths */
const NOT_CHECKED = new Set(['THIRD-PARTY-NOTICES.md', 'CHANGELOG.md']);

const TRACKER = new RegExp(String.raw`\bissues?(?:[ \t]|\n[ \t]*(?:\*|//)?[ \t]*)+#\d+`, 'gi');
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
/** every path's tails after a slash: `api-client/api.ts` of apps/web/app/api-client/api.ts */
let tails;
/** apps/api, packages/domain, ... */
let workspaces;
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
  workspaces = [...everything].filter((p) => /^(apps|packages)\/[^/]+$/.test(p));
  tails = new Set();
  for (const p of everything)
    for (let i = p.indexOf('/'); i !== -1; i = p.indexOf('/', i + 1)) tails.add(p.slice(i + 1));
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
  // outside the repository (the specification beside it: ../shared/spec/)
  if (!path.resolve(root, path.posix.dirname(file), candidate).startsWith(root + path.sep)) return true;
  if (/^(\.\.\/)+shared\//.test(candidate)) return true;
  const bare = candidate.replace(/^(\.\.?\/)+/, '');
  // apps/..., docs/...; test/ and scripts/ may also be a workspace's own (apps/web/scripts/build-pwa.ts)
  if (rooted) return all.has(bare) || workspaces.some((ws) => all.has(`${ws}/${bare}`));
  if (BUILD_OUTPUT.test(bare)) return true;
  const forms = [
    bare,
    ...ALIASES.filter(([a]) => bare.startsWith(a)).map(([a, full]) => full + bare.slice(a.length)),
  ];
  for (const form of forms) {
    if (all.has(form) || existsSync(path.join(root, path.posix.dirname(file), candidate))) return true;
    if (tails.has(form)) return true;
  }
  return existsSync(path.join(root, 'node_modules', bare));
}

function clean(match) {
  return match.replace(/[.,;:)]+$/, '').replace(/\/$/, '');
}

/** findings in one file's text: `file:line: message`; `trackers`: also look for tracker citations */
export function checkText(file, text, trackers) {
  const findings = [];
  if (trackers)
    for (const m of text.matchAll(TRACKER)) {
      const line = text.slice(0, m.index).split('\n').length;
      const said = m[0].replace(/\s+(?:\*|\/\/)?\s*/g, ' ');
      findings.push(
        `${file}:${line}: cites the tracker ("${said}"): say why instead, or link a decision record`,
      );
    }
  text.split('\n').forEach((line, i) => {
    const at = `${file}:${i + 1}`;
    const seen = new Set();
    for (const re of [ROOTED, RELATIVE])
      for (const m of line.matchAll(re)) {
        const p = clean(m[0]);
        const around = line.slice(m.index, m.index + m[0].length + 1);
        if (seen.has(p) || GENERATED.test(p) || /[{}*<>…]|NNNN/.test(around) || p.endsWith('-')) continue;
        seen.add(p);
        if (!exists(p, file, re === ROOTED)) findings.push(`${at}: names "${p}", which does not exist`);
      }
  });
  return findings;
}

/** findings in the repository's source (tracker citations, paths) and docs (paths) */
export function check({ sources = sourceFiles(), docs = docFiles() } = {}) {
  const read = (f) => readFileSync(path.join(root, f), 'utf8');
  return [
    ...sources.filter((f) => !SELF.has(f)).flatMap((f) => checkText(f, read(f), !FROZEN.test(f))),
    ...docs.flatMap((f) => checkText(f, read(f), false)),
  ];
}

/*
 * `--fix`: removes the tracker citations that only say where a rule came from, the forms the code
 * used: "(issue #14 item 3)", "(issue #13 \"Paying\"; more)", "(more; issue #6)", "Issue #12 item 1: text".
 * A citation that carries meaning in its sentence ("the behaviour before issue #14") stays for a
 * person to rewrite; the check lists it.
 */
const SEP = String.raw`(?:[ \t]|\n[ \t]*(?:\*|//)[ \t]*)+`;
const NUMS = String.raw`\d+(?:(?:,|${SEP}and|${SEP}&)${SEP}\d+)*`;
const ONE = String.raw`#\d+(?:${SEP}(?:items?|goals?)${SEP}${NUMS})?(?:'s(?:${SEP}profile)?)?(?:${SEP}"[^"\n]*")?(?::${SEP}"[^"\n]*")?`;
const REF = String.raw`[Ii]ssues?${SEP}${ONE}(?:(?:,|${SEP}and)${SEP}(?:[Ii]ssues?${SEP})?${ONE})*`;
const CUT = '\u0001';
const FIX_RULES = [
  [new RegExp(String.raw`[ \t]*\(${REF}\)`, 'g'), CUT],
  [new RegExp(String.raw`\(${REF}[;,]${SEP}`, 'g'), '('],
  [new RegExp(String.raw`[;,]${SEP}${REF}(?=[ \t]*[);])`, 'g'), ''],
  [new RegExp(String.raw`[;,]${SEP}${REF}(?=[ \t]*\n)`, 'g'), ''],
  [new RegExp(String.raw`\b${REF}:${SEP}`, 'g'), CUT],
  [new RegExp(String.raw`\b${REF},${SEP}`, 'g'), ''],
];

/** the text without the citations that only say where a rule came from */
export function fixText(text) {
  let out = text;
  for (const [re, to] of FIX_RULES) out = out.replace(re, to);
  return (
    out
      // a citation that began a comment line took the sentence's end with it: put it back on the line above
      .replace(new RegExp(String.raw`([^\n])\n([ \t]*)(\*|//)[ \t]*${CUT}([.:;,])[ \t]*\n`, 'g'), '$1$4\n')
      .replace(new RegExp(String.raw`([^\n])\n([ \t]*)(\*|//)[ \t]*${CUT}([.:;,])[ \t]+`, 'g'), '$1$4\n$2$3 ')
      // "Issue #6: a customer's cart" -> "A customer's cart"
      .replace(
        new RegExp(String.raw`^([ \t]*(?:\*|//)[ \t]*)${CUT}([a-z])`, 'gm'),
        (_, a, b) => a + b.toUpperCase(),
      )
      .replaceAll(CUT, '')
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes('--fix'))
    for (const f of sourceFiles().filter((f) => !SELF.has(f) && !FROZEN.test(f))) {
      const file = path.join(root, f);
      const text = readFileSync(file, 'utf8');
      const fixed = fixText(text);
      if (fixed !== text) {
        writeFileSync(file, fixed);
        console.log(`fixed ${f}`);
      }
    }
  const findings = check();
  for (const f of findings) console.log(f);
  if (findings.length) {
    console.error(
      `\n${findings.length} finding(s): comments say why (no tracker numbers), and name paths that exist.`,
    );
    process.exit(1);
  }
  console.log('comments and docs: no tracker citations, every path named exists');
}
