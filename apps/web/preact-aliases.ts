/**
 * Preact with `preact/compat` in place of React in the browser (issue #16 goal 1: the first-load JavaScript was
 * ~170 KiB gzip, ~65 KiB of it react-dom). The app, React Router and every other dependency that imports `react`
 * or `react-dom` get Preact in the client build; the server build keeps React, whose renderer costs a third
 * less CPU per page than Preact's (README "Decisions": the browser hydrates React's HTML with Preact).
 * Exact matches only: `react-router` must not be caught by a `react` prefix. The repository's vitest.config.ts
 * uses the same list, so that the component tests run what the browser runs.
 */
import type { Plugin } from 'vite';

export const preactAliases: { find: RegExp; replacement: string }[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];

/** The aliases above in the client build only (Vite's `resolve.alias` would apply to the server build too). */
export function preactInTheBrowser(): Plugin {
  return {
    name: 'vitrina-preact-in-the-browser',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (this.environment.config.consumer !== 'client') return null;
      const alias = preactAliases.find((a) => a.find.test(source));
      if (!alias) return null;
      return this.resolve(alias.replacement, importer, { ...options, skipSelf: true });
    },
  };
}
