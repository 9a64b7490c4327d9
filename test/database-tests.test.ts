import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { databaseTests } from '../scripts/database-tests.mjs';

describe('the tests CI runs again against PostgreSQL and Redis (scripts/database-tests.mjs)', () => {
  const listed = new Set(databaseTests());

  it.each([
    // through apps/api/test/helpers.ts, which opens its database from @vitrina/db/testing
    'apps/api/test/cart-write-totals.test.ts',
    'apps/api/test/flash-sale.test.ts',
    // reads TEST_REDIS_URL itself
    'apps/api/test/redis-rate-limit.test.ts',
    // imports the testing module by package name
    'packages/db/test/client.test.ts',
    // a component test against a real shop (apps/web/test/support/real-shop.ts)
    'apps/web/test/mini-cart.test.tsx',
    // the shop server's pages over a test database
    'apps/server/test/page-cache.test.ts',
  ])('lists %s', (file) => {
    expect(listed.has(file)).toBe(true);
  });

  it.each([
    'apps/api/test/lru.test.ts',
    'apps/server/test/config.test.ts',
    'packages/domain/test/address-rules.test.ts',
  ])('leaves out %s, which no database reaches', (file) => {
    expect(existsSync(file)).toBe(true);
    expect(listed.has(file)).toBe(false);
  });

  it('keeps to the given paths (npm run test:thread), and leaves out those of them no database reaches', () => {
    const thread = databaseTests(['packages/db', 'apps/api/test/order-']);
    expect(thread).toContain('packages/db/test/client.test.ts');
    expect(thread).toContain('apps/api/test/order-keys.test.ts');
    expect(thread).not.toContain('packages/db/test/next-boundary.test.ts');
    expect(thread).not.toContain('apps/api/test/flash-sale.test.ts');
    expect(thread.every((f) => f.startsWith('packages/db/') || f.startsWith('apps/api/test/order-'))).toBe(
      true,
    );
  });
});
