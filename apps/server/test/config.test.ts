import { describe, expect, it } from 'vitest';
import { loadServerConfig } from '../src/config.ts';

describe('shop process configuration: the PostgreSQL pool', () => {
  it('has time limits by default, and takes the operator\'s', () => {
    expect(loadServerConfig({}).databasePool).toEqual({ poolMax: 10, connectTimeoutMs: 5000, statementTimeoutMs: 30_000 });
    expect(
      loadServerConfig({ DATABASE_POOL_MAX: '20', DATABASE_CONNECT_TIMEOUT_MS: '2000', DATABASE_STATEMENT_TIMEOUT_MS: '0' })
        .databasePool,
    ).toEqual({ poolMax: 20, connectTimeoutMs: 2000, statementTimeoutMs: 0 });
  });

  it('refuses values that are not whole numbers, naming the variable', () => {
    expect(() => loadServerConfig({ DATABASE_POOL_MAX: '0' })).toThrow(/DATABASE_POOL_MAX/);
    expect(() => loadServerConfig({ DATABASE_CONNECT_TIMEOUT_MS: '5s' })).toThrow(/DATABASE_CONNECT_TIMEOUT_MS/);
    expect(() => loadServerConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '-1' })).toThrow(/DATABASE_STATEMENT_TIMEOUT_MS/);
  });
});
