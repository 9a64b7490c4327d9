/**
 * Comments say why, not where the tracker was, and the paths that comments and docs name exist
 * (scripts/check-comments.mjs; `node scripts/check-comments.mjs` prints the same list).
 */
import { describe, expect, it } from 'vitest';
import { check, checkText, fixText } from '../scripts/check-comments.mjs';

const TRACKER = ['iss', 'ue #14 item 3'].join('');

describe('comments and docs', () => {
  it('find a tracker citation and a path that does not exist, and accept paths that do', () => {
    expect(checkText('apps/api/src/x.ts', `// priced by group (${TRACKER})`, true)).toEqual([
      `apps/api/src/x.ts:1: cites the tracker ("${TRACKER.slice(0, 9)}"): say why instead, or link a decision record`,
    ]);
    expect(checkText('docs/x.md', `see ${TRACKER}`, false)).toEqual([]);
    expect(checkText('apps/web/app/x.ts', '// see lib/api.ts and apps/api/src/gone.ts', true)).toEqual([
      'apps/web/app/x.ts:1: names "apps/api/src/gone.ts", which does not exist',
      'apps/web/app/x.ts:1: names "lib/api.ts", which does not exist',
    ]);
    expect(
      checkText(
        'apps/web/app/x.ts',
        '// api-client/api.ts, order/unpaid.ts, apps/api/src/config.ts, docs/decisions/, apps/web/build/x.js, {id}/y.ts',
        true,
      ),
    ).toEqual([]);
  });

  it('--fix removes citations that only say where a rule came from', () => {
    const i = (n: string) => ['Iss', 'ue #', n].join('');
    const lower = (n: string) => ['iss', 'ue #', n].join('');
    expect(fixText(`// priced by group (${lower('14 item 3')})\n`)).toBe('// priced by group\n');
    expect(fixText(`/**\n * The rule is known\n * (${lower('13 "Paying"')}). It checks\n */`)).toBe(
      '/**\n * The rule is known.\n * It checks\n */',
    );
    expect(fixText(` * ${i('6')}: a customer's cart\n`)).toBe(" * A customer's cart\n");
    expect(fixText(`// sessions (staff/sessions.ts; ${lower('15')})\n`)).toBe(
      '// sessions (staff/sessions.ts)\n',
    );
    expect(fixText('*,\n*::before {}\n')).toBe('*,\n*::before {}\n');
    const meaningful = `// the behaviour before ${lower('14')}\n`;
    expect(fixText(meaningful)).toBe(meaningful);
  });

  it('the repository: no tracker citations in source, every path named exists', () => {
    const findings = check();
    expect(findings, `run node scripts/check-comments.mjs:\n${findings.join('\n')}`).toEqual([]);
  });
});
