// @vitest-environment node
/**
 * The web app's feature folders (apps/web/app/features/*), each held the same way:
 * the rest of the app reaches a feature only through its index, from the places that show it (one
 * route, or the account's several); a
 * feature imports no route, no other feature and not the app shell (no cycle through the app's
 * folders); its rules/ are pure (no store, API client, sync or React); and inside it the layers point
 * one way: rules/ ← hooks/ (state, calls) ← components/ (render; a component names a hook's
 * view-model type only). The product page adds data/ (the loader's API calls, beside hooks/ over
 * rules/), and its pickers' and forms' components may call their own hook
 * (components/GroupedPicker.tsx → hooks/use-grouped-picker.ts).
 */
import { readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP, importsOf, sourceFiles, type Import } from './support/imports';

/** GroupedPicker.tsx → use-grouped-picker */
const ownHook = (file: string) =>
  'use-' +
  basename(file)
    .replace(/\.tsx?$/, '')
    .replace(/(?<=[a-z0-9])([A-Z])/g, '-$1')
    .toLowerCase();

/** layers a layer may not import (rules ← hooks ← components) */
const ONE_WAY: Record<string, string[]> = {
  rules: ['hooks', 'components'],
  hooks: ['components'],
  components: [],
};

interface Feature {
  name: string;
  minFiles: number;
  /** an import the feature must have, file → target (the checks below look at something) */
  sample: [string, string][];
  /** the place that shows it, or the places (a feature of several routes) */
  reachedFrom: string | string[];
  forbidden: Record<string, string[]>;
  /** lower-layer modules the rules may use: pure helpers that live beside a store or the API client */
  rulesMayUse?: string[];
  /** a component's import of a hook that is more than a view-model type, allowed */
  componentMayCall?: (file: string, i: Import) => boolean;
}

const FEATURES: Feature[] = [
  {
    name: 'checkout',
    minFiles: 20,
    sample: [['Checkout.tsx', 'hooks/use-checkout-flow']],
    reachedFrom: 'routes/checkout.tsx',
    forbidden: ONE_WAY,
    // ApiError (a refusal's message), the address form's rules, the offline order's shape
    rulesMayUse: ['api-client/api', 'state/address-form', 'sync/offline-orders'],
  },
  {
    name: 'cart',
    minFiles: 10,
    sample: [
      ['MiniCart.tsx', 'hooks/use-mini-cart'],
      ['hooks/use-cart-line.ts', 'rules/cart-line'],
    ],
    reachedFrom: 'root.tsx',
    forbidden: ONE_WAY,
  },
  {
    name: 'product',
    minFiles: 25,
    sample: [['ProductPage.tsx', 'hooks/use-product-page']],
    reachedFrom: 'routes/product.tsx',
    forbidden: {
      rules: ['data', 'hooks', 'components'],
      data: ['hooks', 'components'],
      hooks: ['data', 'components'],
      components: ['data'],
    },
    componentMayCall: (file, i) => basename(i.target) === ownHook(file),
  },
  {
    name: 'account',
    minFiles: 25,
    sample: [
      ['AccountDetails.tsx', 'hooks/use-profile-form'],
      ['hooks/use-shipping-form.ts', 'rules/shipping-address'],
    ],
    // its screens' routes, and the special offers framed by the account's navigation
    reachedFrom: [
      'routes/my-account-details.tsx',
      'routes/my-account-newsletter.tsx',
      'routes/my-account-order.tsx',
      'routes/my-account-orders.tsx',
      'routes/my-account-recently-viewed.tsx',
      'routes/my-account-shipping.tsx',
      'routes/my-account.tsx',
      'routes/special-offers.tsx',
    ],
    forbidden: ONE_WAY,
  },
  {
    name: 'listing',
    minFiles: 15,
    sample: [
      ['Listing.tsx', 'hooks/use-listing'],
      ['hooks/use-listing.ts', 'rules/filter-options'],
    ],
    reachedFrom: ['routes/category.tsx', 'routes/search.tsx'],
    forbidden: ONE_WAY,
  },
];

describe.each(FEATURES)('the $name feature’s boundaries', (feature) => {
  const dir = join(APP, 'features', feature.name);
  const prefix = `features/${feature.name}`;
  const inFeature = (path: string) => path === prefix || path.startsWith(`${prefix}/`);
  const shown = (file: string, i: Import) => `${relative(APP, file)} → ${i.target}`;

  it('finds the feature’s files and their imports (the checks below look at something)', () => {
    expect(sourceFiles(dir).length).toBeGreaterThan(feature.minFiles);
    for (const [file, target] of feature.sample)
      expect(importsOf(join(dir, file)).map((i) => i.target)).toContain(`${prefix}/${target}`);
  });

  it('is reached only through its index, and only from the places that show it', () => {
    const outside = sourceFiles(APP).filter((f) => !f.startsWith(dir + '/'));
    const reaching = outside.flatMap((file) =>
      importsOf(file)
        .filter((i) => inFeature(i.target))
        .map((i) => shown(file, i)),
    );
    expect(reaching.sort()).toEqual(
      [feature.reachedFrom]
        .flat()
        .map((from) => `${from} → ${prefix}`)
        .sort(),
    );
  });

  it('imports no route, no other feature and not the app shell', () => {
    const wrong = sourceFiles(dir).flatMap((file) =>
      importsOf(file)
        .filter(
          (i) =>
            i.target.startsWith('routes/') ||
            i.target === 'root' ||
            (i.target.startsWith('features/') && !inFeature(i.target)),
        )
        .map((i) => shown(file, i)),
    );
    expect(wrong).toEqual([]);
  });

  it('keeps its layers one way', () => {
    const layers = Object.keys(feature.forbidden).join('|');
    const layer = (path: string) => new RegExp(`^${prefix}/(${layers})/`).exec(path)?.[1];
    const wrong = sourceFiles(dir).flatMap((file) => {
      const from = layer(relative(APP, file));
      if (!from) return [];
      return importsOf(file)
        .filter((i) => {
          const to = layer(i.target);
          if (!to) return false;
          // a component names the view model it renders (a type, erased from the build)
          if (from === 'components' && to === 'hooks')
            return !i.typeOnly && !(feature.componentMayCall?.(file, i) ?? false);
          return (feature.forbidden[from] ?? []).includes(to);
        })
        .map((i) => shown(file, i));
    });
    expect(wrong).toEqual([]);
  });

  it('keeps its rules pure: no store, no API client, no sync, no React', () => {
    const rules = sourceFiles(join(dir, 'rules'));
    const wrong = rules.flatMap((file) =>
      importsOf(file)
        .filter(
          (i) =>
            !i.typeOnly &&
            /^(state|api-client|sync)\//.test(i.target) &&
            !(feature.rulesMayUse ?? []).includes(i.target),
        )
        .map((i) => shown(file, i)),
    );
    const react = rules.filter((file) => /from ['"]react(-router)?['"]/.test(readFileSync(file, 'utf8')));
    expect(wrong).toEqual([]);
    expect(react).toEqual([]);
  });
});

it('names a component’s own hook from its file name', () => {
  expect(ownHook('components/GroupedPicker.tsx')).toBe('use-grouped-picker');
});
