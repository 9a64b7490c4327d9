/** Every package the shop runs with is in THIRD-PARTY-NOTICES.md, under a licence the MIT project can ship with. */
import { describe, expect, it } from 'vitest';
import { incompatible, missingFromNotices, productionPackages } from '../scripts/notices.mjs';

describe('third-party notices', () => {
  it('lists every production package of the lockfile with its licence', () => {
    expect(productionPackages().length).toBeGreaterThan(50);
    expect(missingFromNotices(), 'run `npm run notices` and commit THIRD-PARTY-NOTICES.md').toEqual([]);
  });

  it('finds no licence the project cannot ship with', () => {
    expect(incompatible(), 'a dependency under a licence not in PERMISSIVE (scripts/notices.mjs)').toEqual(
      [],
    );
    expect(
      incompatible([{ key: '', name: 'x', version: '1.0.0', license: 'GPL-3.0-only', optional: false }]),
    ).toEqual(['x@1.0.0: GPL-3.0-only']);
  });
});
