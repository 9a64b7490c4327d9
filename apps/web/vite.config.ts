import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

/**
 * Preact with `preact/compat` in place of React, in the browser and in the server build alike (issue #16: the
 * first-load JavaScript was ~180 KiB gzip, ~65 KiB of it react-dom). The app, React Router and every other
 * dependency that imports `react` or `react-dom` get Preact; README "Decisions" says what this costs.
 * Exact matches only: `react-router` must not be caught by a `react` prefix. vitest.config.ts uses the same list,
 * so that the component tests run what ships.
 */
export const preactAliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];

export default defineConfig({
  // @vitrina/domain declares `sideEffects: false`, so the client bundle keeps only what it imports
  // (its zod schemas stay out of the browser unless a form needs them).
  plugins: [reactRouter()],
  resolve: { alias: preactAliases },
  // The server build bundles React Router (instead of importing it from node_modules at run time), so that its
  // `react` imports reach the alias too; apps/server takes `createRequestHandler` from this build
  // (entry.server.tsx), so that loaders' `data()` and the handler share one React Router.
  ssr: { noExternal: ['react-router'] },
  build: {
    target: 'es2022',
    sourcemap: !!process.env.SOURCEMAP,
    // The app's shared modules (lib, state, sync, pwa, i18n, the domain package) in one "shell" chunk
    // instead of ~25 chunks of 0.2-2 kB: the app shell is loaded by every page anyway, and each of those
    // chunks was a <link rel=modulepreload> in <head> competing with the first paint (Lighthouse mobile
    // counts every high-priority request started before FCP). Measured (issue #3): 34-41 first-load
    // requests down to 12-14; first-load bytes +2-4 kB gzip on home/category (modules used only by lazy
    // chunks now ride in the shell), -1 kB on product. Route modules and lazy components keep their
    // own chunks.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'shell',
              test: /\/apps\/web\/app\/(lib|state|sync|pwa|i18n)\/|\/packages\/domain\/src\//,
            },
          ],
        },
      },
    },
  },
  server: {
    // In dev the API may run elsewhere; the shop server normally serves both.
    proxy: {
      '/vsbridge': process.env.API_URL ?? 'http://127.0.0.1:3000',
      '/api/url': process.env.API_URL ?? 'http://127.0.0.1:3000',
    },
  },
});
