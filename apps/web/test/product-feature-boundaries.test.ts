// @vitest-environment node
/**
 * The product feature's folder (issue #17 item 3, apps/web/app/features/product), held like the
 * checkout's (checkout-feature-boundaries.test.ts): the rest of the app reaches it only through its
 * index, from the product route; it imports no route and no other feature; and inside it the layers
 * point one way: rules/ (pure) ← data/ (the loader's API calls) and rules/ ← hooks/ (state, stock,
 * prices, adding to the cart) ← components/ (render). A component names a view model's type; the
 * only hook it calls is its own (a picker's or a form's choices: components/GroupedPicker.tsx →
 * hooks/use-grouped-picker.ts); ProductPage.tsx calls the page's.
 */
import { basename, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP, importsOf, sourceFiles } from './support/imports';

const FEATURE = join(APP, 'features/product');

const inFeature = (path: string) => path === 'features/product' || path.startsWith('features/product/');

/** GroupedPicker.tsx → use-grouped-picker */
const ownHook = (file: string) =>
  'use-' +
  basename(file)
    .replace(/\.tsx?$/, '')
    .replace(/(?<=[a-z0-9])([A-Z])/g, '-$1')
    .toLowerCase();

describe('the product feature’s boundaries', () => {
  it('finds the feature’s files and their imports (the checks below look at something)', () => {
    const files = sourceFiles(FEATURE);
    expect(files.length).toBeGreaterThan(25);
    expect(importsOf(join(FEATURE, 'ProductPage.tsx')).map((i) => i.target)).toContain(
      'features/product/hooks/use-product-page',
    );
    expect(ownHook('components/GroupedPicker.tsx')).toBe('use-grouped-picker');
  });

  it('is reached only through its index, and only from the product route', () => {
    const outside = sourceFiles(APP).filter((f) => !f.startsWith(FEATURE + '/'));
    const reaching = outside.flatMap((file) =>
      importsOf(file)
        .filter((i) => inFeature(i.target))
        .map((i) => `${relative(APP, file)} → ${i.target}`),
    );
    expect(reaching).toEqual(['routes/product.tsx → features/product']);
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

  it('keeps its layers one way: rules ← data, rules ← hooks ← components', () => {
    const layer = (path: string) => /^features\/product\/(rules|data|hooks|components)\//.exec(path)?.[1];
    const forbidden: Record<string, string[]> = {
      rules: ['data', 'hooks', 'components'],
      data: ['hooks', 'components'],
      hooks: ['data', 'components'],
      components: ['data'],
    };
    const wrong = sourceFiles(FEATURE).flatMap((file) => {
      const from = layer(relative(APP, file));
      if (!from) return [];
      return importsOf(file)
        .filter((i) => {
          const to = layer(i.target);
          if (!to) return false;
          // a component names the view model it renders (a type, erased from the build), or calls its own hook
          if (from === 'components' && to === 'hooks')
            return !i.typeOnly && basename(i.target) !== ownHook(file);
          return (forbidden[from] ?? []).includes(to);
        })
        .map((i) => `${relative(APP, file)} → ${i.target}`);
    });
    expect(wrong).toEqual([]);
  });
});
