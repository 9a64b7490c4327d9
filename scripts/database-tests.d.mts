/** The test files whose outcome can depend on TEST_DATABASE_URL or TEST_REDIS_URL (scripts/database-tests.mjs). */
export function databaseTests(): string[];
