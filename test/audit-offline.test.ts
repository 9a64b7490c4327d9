/**
 * The offline dependency audit (scripts/audit-offline.mjs): `npm audit` cannot reach its service
 * from the build machines, so the lockfile is checked against a snapshot of advisories, and the
 * production start is checked for tsx. The real lockfile and scripts; advisories made up for it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  advisoriesOfAuditReport,
  findings,
  inRange,
  lockedPackages,
  tsxInProductionStart,
  type Advisory,
} from '../scripts/audit-offline.mjs';

const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8')) as unknown;
const fastify = lockedPackages(lock).find((p) => p.name === 'fastify')!;

describe('advisory ranges', () => {
  it.each([
    ['1.2.3', '<1.2.4', true],
    ['1.2.4', '<1.2.4', false],
    ['2.0.1', '>=2.0.0 <2.0.3', true],
    ['2.0.3', '>=2.0.0 <2.0.3', false],
    ['0.9.0', '<=1.0.0 || >=2.0.0 <2.1.0', true],
    ['1.5.0', '<=1.0.0 || >=2.0.0 <2.1.0', false],
    ['3.0.0-beta.1', '<3.0.0', true],
    ['4.17.21', '*', true],
  ])('%s in %j: %s', (version, range, expected) => {
    expect(inRange(version, range)).toBe(expected);
  });
});

describe('the lockfile against advisories', () => {
  it('finds a locked package in an advisory range, and only then', () => {
    const hit = {
      name: 'fastify',
      range: `<=${fastify.version}`,
      severity: 'high',
      title: 'made up',
      url: 'https://example.invalid/1',
    };
    const miss = { ...hit, range: `<0.0.1` };
    expect(findings(lock, [hit, miss])).toEqual([
      expect.objectContaining({ name: 'fastify', version: fastify.version, advisory: hit }),
    ]);
  });

  it("reads the advisories of npm audit's JSON report", () => {
    const report = {
      vulnerabilities: {
        a: { via: [{ name: 'a', range: '<1.0.1', severity: 'high', title: 'A', url: 'https://x/1' }, 'b'] },
        b: { via: [{ name: 'b', range: '>=2.0.0 <2.0.3', severity: 'low', title: 'B', url: 'https://x/2' }] },
      },
    };
    expect(advisoriesOfAuditReport(report).map((a) => `${a.name} ${a.range} ${a.severity}`)).toEqual([
      'a <1.0.1 high',
      'b >=2.0.0 <2.0.3 low',
    ]);
  });

  it('the snapshot kept in the repository is valid and finds nothing at or above moderate', () => {
    const snapshot = JSON.parse(
      readFileSync(new URL('../security/advisories.json', import.meta.url), 'utf8'),
    ) as {
      advisories: Advisory[];
    };
    const serious = findings(lock, snapshot.advisories).filter((f) =>
      ['moderate', 'high', 'critical'].includes(f.advisory.severity),
    );
    expect(serious).toEqual([]);
  });
});

describe('the production start', () => {
  it('runs no tsx (the esbuild bundle); the development start does, and is caught', () => {
    expect(tsxInProductionStart()).toEqual([]);
    expect(tsxInProductionStart(['scripts/dev.mjs']).length).toBeGreaterThan(0);
  });
});
