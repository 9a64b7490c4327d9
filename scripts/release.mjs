#!/usr/bin/env node
// `npm run release -- <version>` (or `patch`, `minor`, `major`; no argument: the version already in
// package.json): checks that the working tree is clean and the tag is new, sets the version in
// package.json and every workspace's, turns CHANGELOG.md's "## Unreleased" into "## <version> — <date>"
// (a new empty "## Unreleased" above it), commits "Release <version>" and tags v<version>.
// It never pushes: `git push --follow-tags` is yours to run. `--dry-run` says what it would do.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
const fail = (message) => {
  console.error(`release: ${message}`);
  process.exit(1);
};
const args = process.argv.slice(2);
const dryRun = args.includes('--dry-run');
const asked = args.find((a) => !a.startsWith('--'));

/** the next version: an explicit x.y.z, or the current one bumped */
export function nextVersion(current, request) {
  if (!request) return current;
  const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(current);
  if (!m) throw new Error(`package.json version "${current}" is not x.y.z`);
  const [major, minor, patch] = m.slice(1).map(Number);
  if (request === 'major') return `${major + 1}.0.0`;
  if (request === 'minor') return `${major}.${minor + 1}.0`;
  if (request === 'patch') return `${major}.${minor}.${patch + 1}`;
  if (/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(request)) return request;
  throw new Error(`"${request}" is neither x.y.z nor patch, minor or major`);
}

/** CHANGELOG.md with its Unreleased section under the version's heading */
export function changelogFor(text, version, date) {
  if (text.includes(`\n## ${version} `)) throw new Error(`CHANGELOG.md already has a ${version} section`);
  if (!/^## Unreleased[ \t]*$/m.test(text)) throw new Error('CHANGELOG.md has no "## Unreleased" section');
  return text.replace(/^## Unreleased[ \t]*$/m, `## Unreleased\n\n## ${version} — ${date}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const status = git('status', '--porcelain');
  if (status) fail(`the working tree is not clean:\n${status}`);
  const pkgFile = path.join(root, 'package.json');
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'));
  let version;
  try {
    version = nextVersion(pkg.version, asked);
  } catch (err) {
    fail(err.message);
  }
  const tag = `v${version}`;
  if (git('tag', '--list', tag)) fail(`tag ${tag} exists already`);
  const date = new Date().toISOString().slice(0, 10);
  let changelog;
  try {
    changelog = changelogFor(readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8'), version, date);
  } catch (err) {
    fail(err.message);
  }
  const files = ['package.json', 'CHANGELOG.md', 'package-lock.json'];
  if (dryRun) {
    console.log(
      `would set version ${version} (was ${pkg.version}), date the changelog ${date}, commit and tag ${tag}`,
    );
    process.exit(0);
  }
  const setVersion = (file) => {
    const json = JSON.parse(readFileSync(path.join(root, file), 'utf8'));
    json.version = version;
    writeFileSync(path.join(root, file), JSON.stringify(json, null, 2) + '\n');
    files.push(file);
  };
  pkg.version = version;
  writeFileSync(pkgFile, JSON.stringify(pkg, null, 2) + '\n');
  for (const ws of pkg.workspaces) setVersion(path.join(ws, 'package.json'));
  // the lockfile's copy of the versions (no network, the dependency tree untouched)
  const lockFile = path.join(root, 'package-lock.json');
  const lock = JSON.parse(readFileSync(lockFile, 'utf8'));
  lock.version = version;
  for (const key of ['', ...pkg.workspaces]) if (lock.packages?.[key]) lock.packages[key].version = version;
  writeFileSync(lockFile, JSON.stringify(lock, null, 2) + '\n');
  writeFileSync(path.join(root, 'CHANGELOG.md'), changelog);
  git('add', ...files);
  git('commit', '-m', `Release ${version}`);
  git('tag', '-a', tag, '-m', `Vitrina ${version}`);
  console.log(`Released ${version}: commit and tag ${tag}. Nothing was pushed: git push --follow-tags`);
}
