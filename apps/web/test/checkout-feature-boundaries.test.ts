// @vitest-environment node
/**
 * The checkout feature's folder (issue #17 item 3, apps/web/app/features/checkout): the rest of the
 * app reaches it only through its index, from the checkout route; it imports no route and no other
 * feature (no cycle through the app's folders); and inside it the layers point one way: rules/ (pure)
 * ← hooks/ (state, calls) ← components/ (render; they may name a hook's view-model type only).
 */
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP, importsOf, sourceFiles } from './support/imports';

const FEATURE = join(APP, 'features/checkout');

const inFeature = (path: string) => path === 'features/checkout' || path.startsWith('features/checkout/');

describe('the checkout feature’s boundaries', () => {
  it('finds the feature’s files and their imports (the checks below look at something)', () => {
    const files = sourceFiles(FEATURE);
    expect(files.length).toBeGreaterThan(20);
    expect(importsOf(join(FEATURE, 'Checkout.tsx')).map((i) => i.target)).toContain(
      'features/checkout/hooks/use-checkout-flow',
    );
  });

  it('is reached only through its index, and only from the checkout route', () => {
    const outside = sourceFiles(APP).filter((f) => !f.startsWith(FEATURE + '/'));
    const reaching = outside.flatMap((file) =>
      importsOf(file)
        .filter((i) => inFeature(i.target))
        .map((i) => `${relative(APP, file)} → ${i.target}`),
    );
    expect(reaching).toEqual(['routes/checkout.tsx → features/checkout']);
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
    const layer = (path: string) => /^features\/checkout\/(rules|hooks|components)\//.exec(path)?.[1];
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
});
