import { configDefaults, defineConfig } from 'vitest/config';
import { preactAliases } from './apps/web/preact-aliases.ts';

const WEB_TESTS = ['apps/web/test/**/*.test.{ts,tsx}'];
/** web tests that build the storefront and render pages with its server build: React, as the shop server */
const SERVER_RENDER_TESTS = [
  'apps/web/test/ssr.test.tsx',
  'apps/web/test/url-dispatcher.test.tsx',
  'apps/web/test/inline-styles.test.ts',
];

// One runner for the whole repository. Per STACK-NOTES: resolve the ESM copy of react-router
// under vitest, as the built server does, so there is only one instance of it.
export default defineConfig({
  resolve: { conditions: ['module-sync', 'node', 'import', 'default'] },
  ssr: { resolve: { conditions: ['module-sync', 'node', 'import', 'default'] } },
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // the storefront's three dictionaries, as the server render has them (the browser loads one on demand)
    setupFiles: ['apps/web/test/support/dictionaries.ts'],
    projects: [
      {
        // the storefront's components on Preact, as the browser runs them (apps/web/preact-aliases.ts)
        extends: true,
        resolve: {
          alias: [
            ...preactAliases,
            // its ESM build (its `main` is CommonJS, whose `require('react-dom')` no alias reaches)
            {
              find: /^@testing-library\/react$/,
              replacement: '@testing-library/react/dist/@testing-library/react.esm.js',
            },
          ],
        },
        test: {
          name: 'browser-code',
          include: WEB_TESTS,
          exclude: [...configDefaults.exclude, ...SERVER_RENDER_TESTS],
          // transformed by vitest (not loaded by Node) so that their own `react` imports reach the alias too
          server: { deps: { inline: ['react-router', '@testing-library/react'] } },
        },
      },
      {
        // everything else, and the pages the shop server renders (React)
        extends: true,
        test: {
          name: 'server-code',
          include: [
            'packages/*/test/**/*.test.{ts,tsx}',
            'apps/!(web)/test/**/*.test.{ts,tsx}',
            'test/**/*.test.ts',
            ...SERVER_RENDER_TESTS,
          ],
        },
      },
    ],
  },
});
