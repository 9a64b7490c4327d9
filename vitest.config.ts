import { defineConfig } from 'vitest/config';

// One runner for the whole repository. Per STACK-NOTES: resolve the ESM copy of react-router
// under vitest, as the built server does, so there is only one instance of it.
export default defineConfig({
  resolve: { conditions: ['module-sync', 'node', 'import', 'default'] },
  ssr: { resolve: { conditions: ['module-sync', 'node', 'import', 'default'] } },
  test: {
    include: ['packages/*/test/**/*.test.{ts,tsx}', 'apps/*/test/**/*.test.{ts,tsx}', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // the storefront's three dictionaries, as the server render has them (the browser loads one on demand)
    setupFiles: ['apps/web/test/support/dictionaries.ts'],
  },
});
