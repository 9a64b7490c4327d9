/**
 * Preact with `preact/compat` in place of React, in the browser and in the server build alike (issue #16: the
 * first-load JavaScript was ~180 KiB gzip, ~65 KiB of it react-dom). The app, React Router and every other
 * dependency that imports `react` or `react-dom` get Preact; README "Decisions" says what this costs.
 * Exact matches only: `react-router` must not be caught by a `react` prefix. The repository's vitest.config.ts uses the same list,
 * so that the component tests run what ships.
 */
export const preactAliases: { find: RegExp; replacement: string }[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];
