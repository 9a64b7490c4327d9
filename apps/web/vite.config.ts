import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  // @vitrina/domain declares `sideEffects: false`, so the client bundle keeps only what it imports
  // (its zod schemas stay out of the browser unless a form needs them).
  plugins: [reactRouter()],
  build: {
    target: 'es2022',
    // The app's shared modules (lib, state, sync, pwa, i18n, the domain package) in one "shell" chunk
    // instead of ~25 chunks of 0.2-2 kB: the app shell is loaded by every page anyway, and each of those
    // chunks was a <link rel=modulepreload> in <head> competing with the first paint (Lighthouse mobile
    // counts every high-priority request started before FCP). Measured (issue #3): 34-41 first-load
    // requests down to 12-14; first-load bytes +2-4 kB gzip on home/category (modules used only by lazy
    // chunks now ride in the shell), -1 kB on product. Route modules and lazy components keep their
    // own chunks. Not in it: the dictionaries (i18n/en, lt, ru: the browser loads the page's language only)
    // and the account area's strings (i18n/account.ts, loaded by the lazy pages and overlays that use them).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'shell',
              test: /\/apps\/web\/app\/((lib|state|sync|pwa)\/|i18n\/index\.ts)|\/packages\/domain\/src\//,
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
