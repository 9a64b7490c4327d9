// @vitest-environment node
/**
 * The cart feature's folder (issue #17 item 3, apps/web/app/features/cart): the rest of the app
 * reaches it only through its index, from the app shell (root.tsx's lazy mini cart overlay); it
 * imports no route and no other feature (no cycle through the app's folders); and inside it the
 * layers point one way: rules/ (pure) ← hooks/ (state, calls) ← components/ (render; they may name a
 * hook's view-model type only).
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP, importsOf, sourceFiles } from './support/imports';

const FEATURE = join(APP, 'features/cart');

const inFeature = (path: string) => path === 'features/cart' || path.startsWith('features/cart/');

describe('the cart feature’s boundaries', () => {
  it('finds the feature’s files and their imports (the checks below look at something)', () => {
    const files = sourceFiles(FEATURE);
    expect(files.length).toBeGreaterThan(10);
    expect(importsOf(join(FEATURE, 'MiniCart.tsx')).map((i) => i.target)).toContain(
      'features/cart/hooks/use-mini-cart',
    );
    expect(importsOf(join(FEATURE, 'hooks/use-cart-line.ts')).map((i) => i.target)).toContain(
      'features/cart/rules/cart-line',
    );
  });

  it('is reached only through its index, and only from the app shell', () => {
    const outside = sourceFiles(APP).filter((f) => !f.startsWith(FEATURE + '/'));
    const reaching = outside.flatMap((file) =>
      importsOf(file)
        .filter((i) => inFeature(i.target))
        .map((i) => `${relative(APP, file)} → ${i.target}`),
    );
    expect(reaching).toEqual(['root.tsx → features/cart']);
  });

  it('imports no route, no other feature and not the app shell', () => {
    const wrong = sourceFiles(FEATURE).flatMap((file) =>
      importsOf(file)
        .filter(
          (i) =>
            i.target.startsWith('routes/') ||
            i.target === 'root' ||
            (i.target.startsWith('features/') && !inFeature(i.target)),
        )
        .map((i) => `${relative(APP, file)} → ${i.target}`),
    );
    expect(wrong).toEqual([]);
  });

  it('keeps its layers one way: rules ← hooks ← components', () => {
    const layer = (path: string) => /^features\/cart\/(rules|hooks|components)\//.exec(path)?.[1];
    const below: Record<string, string[]> = {
      rules: ['hooks', 'components'],
      hooks: ['components'],
      components: [],
    };
    const wrong = sourceFiles(FEATURE).flatMap((file) => {
      const from = layer(relative(APP, file));
      if (!from) return [];
      return importsOf(file)
        .filter((i) => {
          const to = layer(i.target);
          if (!to) return false;
          // a component names the view model it renders (a type, erased from the build)
          if (from === 'components' && to === 'hooks') return !i.typeOnly;
          return (below[from] ?? []).includes(to);
        })
        .map((i) => `${relative(APP, file)} → ${i.target}`);
    });
    expect(wrong).toEqual([]);
  });

  it('keeps its rules pure: no store, no API client, no React', () => {
    const wrong = sourceFiles(join(FEATURE, 'rules')).flatMap((file) =>
      importsOf(file)
        .filter((i) => !i.typeOnly && /^(state|api-client|sync)\//.test(i.target))
        .map((i) => `${relative(APP, file)} → ${i.target}`),
    );
    const react = sourceFiles(join(FEATURE, 'rules')).filter((file) =>
      /from ['"]react(-router)?['"]/.test(readFileSync(file, 'utf8')),
    );
    expect(wrong).toEqual([]);
    expect(react).toEqual([]);
  });
});
