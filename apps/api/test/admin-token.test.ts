/**
 * ADMIN_TOKEN is automation's bearer for the catalogue import and the orders export, nothing else:
 * before, one unscoped, unthrottled token also moved orders through their lifecycle, hid reviews,
 * replaced special offers and created admin staff, recorded as nobody. Now it is scoped
 * (ADMIN_TOKEN_SCOPES), at least 32 characters, throttled per address on wrong tokens, and every
 * use and failure is audited with the client address; staff work needs a staff session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadApiConfig } from '../src/config.ts';
import { startApi, type TestApi } from './helpers.ts';
import { bearer, placeOrder } from './user-helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startApi({ RATE_LIMIT_ADMIN_TOKEN_ADDRESS: '3/900' });
});
afterAll(async () => api?.close());

const auditRows = (action: string) =>
  api.database.query<{ staff_email: string; target: string | null; details: Record<string, unknown> | null }>(
    'SELECT staff_email, target, details FROM staff_audit_log WHERE action = $1 ORDER BY id',
    [action],
  );

const importCall = (headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
  api.call({ method: 'POST', url: '/vsbridge/admin/catalog/import', headers, payload: {}, remoteAddress });
const exportCall = (headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
  api.call({ url: '/vsbridge/admin/orders?limit=1', headers, remoteAddress });

describe('ADMIN_TOKEN', () => {
  it('refuses to start with a token under 32 characters', () => {
    expect(() => loadApiConfig({ ADMIN_TOKEN: 'short-but-not-empty-token-12345' })).toThrow(
      /ADMIN_TOKEN must be at least 32 characters/,
    );
    expect(loadApiConfig({ ADMIN_TOKEN: 'x'.repeat(32) }).adminToken).toBe('x'.repeat(32));
    expect(() => loadApiConfig({ ADMIN_TOKEN_SCOPES: 'import,staff' })).toThrow(/ADMIN_TOKEN_SCOPES/);
  });

  it('opens the import and the export, audited as admin-token with the address', async () => {
    expect((await importCall(bearer(api.adminToken), '198.51.100.10')).status).toBe(200);
    expect((await exportCall(bearer(api.adminToken), '198.51.100.10')).status).toBe(200);
    expect(await auditRows('admin-token.import')).toEqual([
      {
        staff_email: 'admin-token',
        target: 'POST /vsbridge/admin/catalog/import',
        details: { clientAddress: '198.51.100.10' },
      },
    ]);
    expect((await auditRows('admin-token.export')).map((r) => r.target)).toEqual([
      'GET /vsbridge/admin/orders',
    ]);
  });

  it('opens nothing else: order transitions, staff creation, review hiding, special offers answer 401', async () => {
    const order = (await placeOrder(api)).body.result as { orderNumber: string };
    const headers = bearer(api.adminToken);
    const calls = [
      {
        method: 'POST' as const,
        url: `/vsbridge/admin/orders/${order.orderNumber}/transition`,
        payload: { action: 'confirm' },
      },
      { method: 'GET' as const, url: `/vsbridge/admin/orders/${order.orderNumber}` },
      {
        method: 'POST' as const,
        url: '/vsbridge/admin/staff',
        payload: { command: 'add', email: 'x@shop.lt', role: 'admin', password: 'long enough password 1' },
      },
      { method: 'POST' as const, url: '/vsbridge/admin/review/hide', payload: { id: 1 } },
      {
        method: 'PUT' as const,
        url: '/vsbridge/admin/special-offers',
        payload: { email: 'a@b.lt', offers: [] },
      },
    ];
    for (const call of calls)
      expect((await api.call({ ...call, headers, remoteAddress: '198.51.100.20' })).status, call.url).toBe(
        401,
      );
    const [row] = await api.database.query<{ status: string }>(
      'SELECT status FROM orders WHERE increment_id = $1',
      [order.orderNumber],
    );
    expect(row?.status).toBe('new');
    expect(await api.database.query("SELECT 1 FROM staff_users WHERE email = 'x@shop.lt'")).toHaveLength(0);
  });

  it('with ADMIN_TOKEN_SCOPES=export: the export only', async () => {
    const erp = await startApi({ ADMIN_TOKEN_SCOPES: 'export' });
    try {
      expect(
        (await erp.call({ url: '/vsbridge/admin/orders', headers: bearer(erp.adminToken) })).status,
      ).toBe(200);
      const imported = await erp.call({
        method: 'POST',
        url: '/vsbridge/admin/catalog/import',
        headers: bearer(erp.adminToken),
        payload: {},
      });
      expect(imported.status).toBe(401);
    } finally {
      await erp.close();
    }
  });

  it('wrong tokens are audited (never the token) and throttled per address: then 429 even with the right one', async () => {
    const address = '203.0.113.50';
    for (let i = 0; i < 3; i++)
      expect((await exportCall(bearer(`guess-${i}-guess-guess-guess-guess-guess`), address)).status).toBe(
        401,
      );
    expect((await exportCall(bearer(api.adminToken), address)).status).toBe(429);
    expect((await importCall(bearer(api.adminToken), address)).status).toBe(429);
    // another address is not locked out
    expect((await exportCall(bearer(api.adminToken), '203.0.113.51')).status).toBe(200);
    const failed = (await auditRows('admin-token.failed')).filter(
      (r) => r.details?.clientAddress === address,
    );
    expect(failed).toHaveLength(3);
    expect(failed[0]).toMatchObject({
      staff_email: 'admin-token',
      target: 'GET /vsbridge/admin/orders',
      details: { reason: 'wrong token' },
    });
    expect(JSON.stringify(failed)).not.toContain('guess-');
  });
});
