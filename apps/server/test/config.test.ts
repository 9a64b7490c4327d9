/** The shop server's TRUST_PROXY (issue #12 item 7): off unless set, parsed as the API parses it. */
import { describe, expect, it } from 'vitest';
import { loadServerConfig } from '../src/config.ts';

describe('loadServerConfig trustProxy', () => {
  it('believes nobody\'s X-Forwarded-For by default', () => {
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
