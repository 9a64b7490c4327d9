import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { browserRenderer, preactAliases } from './apps/web/preact-aliases.ts';

const ALL_TESTS = [
  'packages/*/test/**/*.test.{ts,tsx}',
  'apps/*/test/**/*.test.{ts,tsx}',
  'test/**/*.test.ts',
];
const WEB_TESTS = ['apps/web/test/**/*.test.{ts,tsx}'];
/** web tests that build the storefront and render pages with its server build: React, as the shop server */
const SERVER_RENDER_TESTS = [
  'apps/web/test/ssr.test.tsx',
  'apps/web/test/url-dispatcher.test.tsx',
  'apps/web/test/inline-styles.test.ts',
  // React's server HTML hydrated by preact/compat, named in the test itself
  'apps/web/test/preact-suspense-hydration.test.ts',
];

const shared = {
  testTimeout: 60_000,
  hookTimeout: 120_000,
  pool: 'forks' as const,
  // Vitest's default is one worker less than the cores: on the 2-core machines CI and most of us use,
  // one file at a time, with a core left to the runner that it barely uses
  maxWorkers: Math.max(2, availableParallelism() - 1),
  // the storefront's three dictionaries, as the server render has them (the browser loads one on demand)
  setupFiles: ['apps/web/test/support/dictionaries.ts'],
  // a folder for the run, where the storefront's production build is made once (record 0135)
  globalSetup: ['test/support/run-scratch.ts'],
};

/**
 * With VITRINA_BROWSER_RENDERER=preact (the browser build's A/B, apps/web/preact-aliases.ts) the storefront's
 * component tests run on Preact, as that build's browser runs them (project browser-code); the pages the
 * shop server renders stay on React (server-code). Without it, everything runs on React.
 */
const preactProjects = [
  {
    extends: true as const,
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
    extends: true as const,
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
];

// One runner for the whole repository. Per STACK-NOTES: resolve the ESM copy of react-router
// under vitest, as the built server does, so there is only one instance of it.
export default defineConfig({
  resolve: { conditions: ['module-sync', 'node', 'import', 'default'] },
  ssr: { resolve: { conditions: ['module-sync', 'node', 'import', 'default'] } },
  test:
    browserRenderer() === 'preact'
      ? { ...shared, projects: preactProjects }
      : { ...shared, include: ALL_TESTS },
});
