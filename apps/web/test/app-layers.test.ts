// @vitest-environment node
/**
 * The web app's folders point one way (no import cycle between folders; lib/ keeps
 * only generic helpers; docs/ARCHITECTURE.md): each folder imports only the folders below it.
 *
 *   lib (generic helpers, the client's types) ← api-client (the fetch layer and its device caches)
 *   ← sync (queue, locks, offline orders) ← state (stores) ← components ← features ← routes
 *
 * i18n, pwa, fonts and admin sit beside them: i18n and fonts may be used by any layer; admin only by
 * the admin routes.
 */
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP, importsOf, sourceFiles } from './support/imports';

const LAYERS = ['lib', 'api-client', 'sync', 'state', 'components', 'features', 'routes'] as const;
/** folders every layer may import */
const SHARED = new Set(['i18n', 'fonts']);

const folderOf = (path: string) => path.split('/')[0]!;

/** the imports of `folder`'s files that reach a folder it may not import */
function upwardImports(folder: (typeof LAYERS)[number]): string[] {
  const allowed = new Set([...LAYERS.slice(0, LAYERS.indexOf(folder) + 1), ...SHARED]);
  const forbidden = new Set([...LAYERS.filter((l) => !allowed.has(l)), 'admin', 'pwa', 'root']);
  if (folder === 'routes') forbidden.delete('admin');
  if (folder === 'components' || folder === 'features' || folder === 'routes') forbidden.delete('pwa');
  return sourceFiles(`${APP}/${folder}`).flatMap((file) =>
    importsOf(file)
      .filter((i) => forbidden.has(folderOf(i.target)))
      .map((i) => `${relative(APP, file)} → ${i.target}`),
  );
}

describe('the web app’s folders import only the folders below them', () => {
  it('finds imports to check (the check below looks at something)', () => {
    expect(sourceFiles(`${APP}/state`).length).toBeGreaterThan(10);
    expect(importsOf(`${APP}/state/cart.ts`).map((i) => folderOf(i.target))).toContain('sync');
  });

  it.each(LAYERS)('%s', (folder) => {
    expect(upwardImports(folder)).toEqual([]);
  });
});
