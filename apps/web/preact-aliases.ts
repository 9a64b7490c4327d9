/**
 * Preact (`preact/compat`) in place of React in the browser, as a build-time choice for an A/B
 * (docs/decisions/0008-react-stays-preact-was-tried-twice-and-is-not-adopted.md): with
 * `VITRINA_BROWSER_RENDERER=preact` the client build resolves `react`, `react-dom` and their subpaths to
 * Preact, for the app, React Router and every other dependency; the server build keeps React, whose
 * renderer cost a third less CPU per page than Preact's. Without it (the default) nothing changes.
 * Exact matches only: `react-router` must not be caught by a `react` prefix. The repository's
 * vitest.config.ts uses the same list, so that the component tests can run what the browser runs.
 */
import { fileURLToPath } from 'node:url';
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

/** the renderer the browser's build is for: `preact` when VITRINA_BROWSER_RENDERER says so, else React */
export function browserRenderer(env: NodeJS.ProcessEnv = process.env): 'react' | 'preact' {
  return env.VITRINA_BROWSER_RENDERER === 'preact' ? 'preact' : 'react';
}

const REACT_HYDRATION = fileURLToPath(new URL('./app/hydrate-document.tsx', import.meta.url));
const PREACT_HYDRATION = fileURLToPath(new URL('./app/hydrate-document.preact.tsx', import.meta.url));

/**
 * The aliases above in the client build only (Vite's `resolve.alias` would apply to the server build
 * too), and the entry's hydration (hydrate-document.tsx) swapped for Preact's (hydrate-document.preact.tsx).
 */
export function preactInTheBrowser(renderer = browserRenderer()): Plugin {
  return {
    name: 'vitrina-preact-in-the-browser',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (renderer !== 'preact' || this.environment.config.consumer !== 'client') return null;
      const alias = preactAliases.find((a) => a.find.test(source));
      if (alias) return this.resolve(alias.replacement, importer, { ...options, skipSelf: true });
      if (!/hydrate-document(\.tsx)?$/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === REACT_HYDRATION ? PREACT_HYDRATION : null;
    },
  };
}
