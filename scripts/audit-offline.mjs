#!/usr/bin/env node
// `npm run audit:offline`: the dependency audit that works without the registry (`npm audit` cannot
// reach its service from the build machines). It checks every package of package-lock.json against
// the advisories kept in security/advisories.json, a snapshot of `npm audit --json` refreshed with
// `npm run audit:offline -- --update` on a machine that reaches the registry (docs/SECURITY.md). It
// also checks that the production start (scripts/start.mjs, the server bundle) never runs tsx: the
// shop in production is the esbuild bundle, tsx a development tool.
// Exit code 1 on an advisory at or above --level (default: moderate) or on tsx in the production start.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ADVISORIES_FILE = path.join(root, 'security/advisories.json');
const SEVERITIES = ['info', 'low', 'moderate', 'high', 'critical'];

/** `1.2.3-beta.1` as numbers, a pre-release sorting before its release */
function parse(version) {
  const m = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?/.exec(String(version).trim());
  return m ? { parts: [Number(m[1]), Number(m[2]), Number(m[3])], pre: m[4] ?? null } : null;
}

function compare(a, b) {
  for (let i = 0; i < 3; i++) if (a.parts[i] !== b.parts[i]) return a.parts[i] < b.parts[i] ? -1 : 1;
  if (a.pre === b.pre) return 0;
  if (a.pre === null) return 1;
  if (b.pre === null) return -1;
  return a.pre < b.pre ? -1 : 1;
}

/** true when `version` is in an npm advisory range (`<1.2.3`, `>=2.0.0 <2.0.3`, `a || b`, `*`) */
export function inRange(version, range) {
  const v = parse(version);
  if (!v) return false;
  return String(range)
    .split('||')
    .some((alternative) => {
      const comparators = alternative.trim().split(/\s+/).filter(Boolean);
      if (comparators.length === 0 || comparators.includes('*')) return true;
      return comparators.every((c) => {
        const m = /^(<=|>=|<|>|=)?(.+)$/.exec(c);
        const bound = m && parse(m[2]);
        if (!bound) return false;
        const order = compare(v, bound);
        switch (m[1]) {
          case '<':
            return order < 0;
          case '<=':
            return order <= 0;
          case '>':
            return order > 0;
          case '>=':
            return order >= 0;
          default:
            return order === 0;
        }
      });
    });
}

/** every installed package of a package-lock.json (v2/v3): name, version, where */
export function lockedPackages(lock) {
  const out = [];
  for (const [where, entry] of Object.entries(lock.packages ?? {})) {
    if (!where.includes('node_modules/') || entry.link || !entry.version) continue;
    const name = entry.name ?? where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);
    out.push({ name, version: entry.version, where, dev: entry.dev === true });
  }
  return out;
}

/** the locked packages an advisory applies to */
export function findings(lock, advisories) {
  const byName = new Map();
  for (const a of advisories) byName.set(a.name, [...(byName.get(a.name) ?? []), a]);
  const out = [];
  for (const p of lockedPackages(lock))
    for (const a of byName.get(p.name) ?? [])
      if (inRange(p.version, a.range)) out.push({ ...p, advisory: a });
  return out;
}

/** the advisories of an `npm audit --json` report (v7+), as the snapshot keeps them */
export function advisoriesOfAuditReport(report) {
  const seen = new Map();
  for (const vulnerability of Object.values(report.vulnerabilities ?? {}))
    for (const via of vulnerability.via ?? [])
      if (typeof via === 'object' && via.name && via.range)
        seen.set(`${via.name} ${via.range} ${via.url ?? via.source}`, {
          name: via.name,
          range: via.range,
          severity: via.severity ?? 'moderate',
          title: via.title ?? '',
          url: via.url ?? '',
        });
  return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** code lines (comments left out) of the production start that would run tsx */
export function tsxInProductionStart(files = ['scripts/start.mjs', 'scripts/server-bundle.mjs']) {
  const hits = [];
  for (const file of files) {
    const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
    lines.forEach((line, i) => {
      const code = line.replace(/\/\/.*$/, '');
      if (/(['"])tsx\1|--import[= ]tsx|\btsx\/(esm|cjs)/.test(code))
        hits.push(`${file}:${i + 1}: ${line.trim()}`);
    });
  }
  return hits;
}

function main(argv) {
  const level = argv.find((a) => a.startsWith('--level='))?.slice('--level='.length) ?? 'moderate';
  if (argv.includes('--update')) {
    let text;
    try {
      text = execFileSync('npm', ['audit', '--json'], {
        cwd: root,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      });
    } catch (err) {
      // npm audit exits 1 when it finds something: its report is still on stdout
      text = err.stdout;
    }
    const report = JSON.parse(text || '{}');
    if (report.error)
      throw new Error(`npm audit could not run: ${report.error.summary ?? JSON.stringify(report.error)}`);
    const advisories = advisoriesOfAuditReport(report);
    const snapshot = {
      updated: new Date().toISOString().slice(0, 10),
      source: 'npm audit --json',
      advisories,
    };
    writeFileSync(ADVISORIES_FILE, `${JSON.stringify(snapshot, null, 2)}\n`);
    console.log(`security/advisories.json: ${advisories.length} advisories`);
  }
  const snapshot = JSON.parse(readFileSync(ADVISORIES_FILE, 'utf8'));
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  const found = findings(lock, snapshot.advisories);
  const failing = found.filter((f) => SEVERITIES.indexOf(f.advisory.severity) >= SEVERITIES.indexOf(level));
  for (const f of found)
    console.log(
      `${f.advisory.severity}: ${f.name}@${f.version} (${f.where}${f.dev ? ', dev' : ''}) ${f.advisory.title} ${f.advisory.url}`,
    );
  const tsx = tsxInProductionStart();
  for (const hit of tsx) console.log(`tsx in the production start: ${hit}`);
  console.log(
    `${lockedPackages(lock).length} packages checked against ${snapshot.advisories.length} advisories (snapshot of ${snapshot.updated ?? 'never'}): ${failing.length} at or above ${level}`,
  );
  if (failing.length || tsx.length) process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  main(process.argv.slice(2));
