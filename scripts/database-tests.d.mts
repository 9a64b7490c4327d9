/**
 * The test files whose outcome can depend on TEST_DATABASE_URL or TEST_REDIS_URL (scripts/database-tests.mjs);
 * with `prefixes`, only those whose path starts with one of them.
 */
export function databaseTests(prefixes?: readonly string[]): string[];
