/** `npm run release` (scripts/release.mjs) in a throw-away clone: refuses a dirty tree, then commits and tags, never pushes. */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { changelogFor, nextVersion } from '../scripts/release.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrina-release-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' }).trim();
const release = (...args: string[]) =>
  spawnSync(process.execPath, ['scripts/release.mjs', ...args], { cwd: dir, encoding: 'utf8' });

describe('release', () => {
  it('bumps versions and dates the Unreleased section', () => {
    expect(nextVersion('0.1.0', 'patch')).toBe('0.1.1');
    expect(nextVersion('0.1.9', 'minor')).toBe('0.2.0');
    expect(nextVersion('0.1.0', 'major')).toBe('1.0.0');
    expect(nextVersion('0.1.0', '2.3.4')).toBe('2.3.4');
    expect(nextVersion('0.1.0', undefined)).toBe('0.1.0');
    expect(() => nextVersion('0.1.0', 'next')).toThrow(/neither/);
    expect(changelogFor('# C\n\n## Unreleased\n\n- a\n', '1.0.0', '2026-12-01')).toBe(
      '# C\n\n## Unreleased\n\n## 1.0.0 — 2026-12-01\n\n- a\n',
    );
    expect(() => changelogFor('# C\n', '1.0.0', '2026-12-01')).toThrow(/Unreleased/);
  });

  it('refuses a dirty tree, then commits and tags without pushing', () => {
    execFileSync('git', ['clone', '--quiet', '--no-hardlinks', '--depth', '1', `file://${root}`, dir]);
    // the clone is of the last commit: bring this checkout's script and changelog as they are now
    for (const file of ['scripts/release.mjs', 'CHANGELOG.md'])
      writeFileSync(path.join(dir, file), readFileSync(path.join(root, file)));
    git('config', 'user.name', 't');
    git('config', 'user.email', 't@t');
    git('add', '-A');
    git('commit', '--quiet', '-m', 'x', '--allow-empty');
    writeFileSync(path.join(dir, 'dirty.txt'), 'x');
    const dirty = release('minor');
    expect(dirty.status).toBe(1);
    expect(dirty.stderr).toMatch(/not clean/);
    rmSync(path.join(dir, 'dirty.txt'));

    const ok = release('9.8.7');
    expect(ok.status, ok.stderr).toBe(0);
    expect(git('describe', '--tags', '--exact-match')).toBe('v9.8.7');
    expect(JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).version).toBe('9.8.7');
    expect(JSON.parse(readFileSync(path.join(dir, 'apps/api/package.json'), 'utf8')).version).toBe('9.8.7');
    expect(readFileSync(path.join(dir, 'CHANGELOG.md'), 'utf8')).toMatch(
      /^## Unreleased\n\n## 9\.8\.7 — \d{4}-\d\d-\d\d$/m,
    );
    expect(git('status', '--porcelain')).toBe('');
    expect(release('9.8.7').stderr).toMatch(/exists already/);
  });
});
