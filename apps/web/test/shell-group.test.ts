// @vitest-environment node
/**
 * The shell chunk (vite.config.ts, shell-group.ts) is in every page's first load, so it may only hold
 * modules a first screen runs: a module the app imports only from a page, an overlay or an engine
 * loaded on demand, or only by `import()`, is fetched and parsed on every page for nothing when the
 * shell's folder rule takes it (the cart sync engine's steps, split into state/cart/sync/, rode in the
 * shell that way: ~2 KiB gzip of every page, `BENCH_ONLY=js`).
 */
import { createRequire } from 'node:module';
import { relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FRAMEWORK, inShell, reachedFrom } from '../shell-group';
import { APP, sourceFiles } from './support/imports';

const FIRST_SCREENS = [
  'entry.client.tsx',
  'root.tsx',
  'routes/home.tsx',
  'routes/category.tsx',
  'routes/product.tsx',
  'routes/search.tsx',
];

describe('the shell chunk holds only what the first screens run', () => {
  const firstScreens = reachedFrom(
    FIRST_SCREENS.map((f) => resolve(APP, f)),
    false,
  );
  // what the browser's bundle holds at all: type-only imports, the service worker's and the build
  // scripts' modules are not in it
  const inTheBundle = reachedFrom([...firstScreens, ...sourceFiles(resolve(APP, 'routes'))], true);

  it('follows the imports (the walk reaches the cart view, not the cart engine)', () => {
    const names = [...firstScreens].map((p) => relative(APP, p));
    expect(names).toContain('state/cart-view.ts');
    expect(names).not.toContain('state/cart.ts');
  });

  it('leaves the strings of the checkout, the order pages, the account, the cart, the overlays and the other pages to the parts that use them', () => {
    const names = [...firstScreens].map((p) => relative(APP, p));
    expect(names).toContain('i18n/index.ts');
    expect(names).not.toContain('i18n/checkout.ts');
    expect(names).not.toContain('i18n/account.ts');
    expect(names).not.toContain('i18n/cart.ts');
    expect(names).not.toContain('i18n/other-pages.ts');
  });

  it('takes no module that only a page, an overlay or an engine loaded on demand imports', () => {
    const notRun = [...inTheBundle]
      .filter((file) => inShell(file) && !firstScreens.has(file))
      .map((file) => relative(APP, file))
      .sort();
    expect(notRun).toEqual([]);
  });
});

describe('the modules the root route reaches go to the shell, not a file each', () => {
  const at = (f: string) => resolve(APP, f);

  it('takes the components and helpers every page runs (each was a first-load file and a modulepreload of its own)', () => {
    for (const f of [
      'components/NotFound.tsx',
      'components/LanguageSwitch.tsx',
      'components/CompanyDetails.tsx',
      'components/cms-blocks.ts',
      'components/ProductCard.tsx',
      'inline-styles.tsx',
      'api-client/use-api.ts',
    ])
      expect(inShell(at(f)), f).toBe(true);
  });

  it('leaves out the root route itself, the client entry and what only the entry or a page imports', () => {
    // the entry's body starts the hydration: in the shell, the root's import would run it before the
    // first paint's module script has set the route modules
    for (const f of [
      'root.tsx',
      'entry.client.tsx',
      'hydrate-document.tsx',
      'routes/home.tsx',
      'components/GradeGuide.tsx',
    ])
      expect(inShell(at(f)), f).toBe(false);
  });
});

describe("the framework's chunk: React and React Router, evaluated in a task before the shell's", () => {
  const resolveFromWeb = createRequire(resolve(APP, '../package.json')).resolve;

  it('takes React, its JSX runtime and React Router as the build resolves them', () => {
    for (const m of ['react', 'react/jsx-runtime', 'react-router'])
      expect(FRAMEWORK.test(resolveFromWeb(m)), m).toBe(true);
  });

  it("leaves React DOM and its scheduler to the client entry's chunk, and the app's modules to the shell", () => {
    for (const m of ['react-dom/client', 'scheduler'])
      expect(FRAMEWORK.test(resolveFromWeb(m)), m).toBe(false);
    expect(FRAMEWORK.test(resolve(APP, 'lib/idle.ts'))).toBe(false);
  });
});
