import { defineConfig } from 'vitest/config';
import { preactAliases } from './apps/web/preact-aliases.ts';

// One runner for the whole repository. Per STACK-NOTES: resolve the ESM copy of react-router
// under vitest, as the built server does, so there is only one instance of it.
export default defineConfig({
  // Preact for React, as the storefront's builds (apps/web/preact-aliases.ts): the component tests run what ships
  resolve: {
    conditions: ['module-sync', 'node', 'import', 'default'],
    alias: [
      ...preactAliases,
      // its ESM build (its `main` is CommonJS, whose `require('react-dom')` no alias reaches)
      {
        find: /^@testing-library\/react$/,
        replacement: '@testing-library/react/dist/@testing-library/react.esm.js',
      },
    ],
  },
  ssr: { resolve: { conditions: ['module-sync', 'node', 'import', 'default'] } },
  test: {
    include: ['packages/*/test/**/*.test.{ts,tsx}', 'apps/*/test/**/*.test.{ts,tsx}', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // transformed by vitest (not loaded by Node) so that their own `react` imports reach the Preact alias too
    server: { deps: { inline: ['react-router', '@testing-library/react'] } },
    // the storefront's three dictionaries, as the server render has them (the browser loads one on demand)
    setupFiles: ['apps/web/test/support/dictionaries.ts'],
  },
});
