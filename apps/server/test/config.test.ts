/** The shop server's configuration: TRUST_PROXY (issue #12 item 7) and the PostgreSQL pool (item 16). */
import { describe, expect, it } from 'vitest';
import { loadServerConfig } from '../src/config.ts';

describe('loadServerConfig trustProxy', () => {
  it("believes nobody's X-Forwarded-For by default", () => {
    expect(loadServerConfig({}).trustProxy).toBe(false);
  });

  it('takes a hop count or proxy addresses', () => {
    expect(loadServerConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadServerConfig({ TRUST_PROXY: '10.0.0.0/8,::1' }).trustProxy).toEqual(['10.0.0.0/8', '::1']);
  });

  it('refuses "true" (any client could pick its address)', () => {
    expect(() => loadServerConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });
});

describe('shop process configuration: the PostgreSQL pool', () => {
  it("has time limits by default, and takes the operator's", () => {
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
