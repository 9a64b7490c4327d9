import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from './helpers.ts';
import { outbox, uniqueAddress, uniqueEmail } from './user-helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startApi({
    EXPOSE_OUTBOX: 'true',
    MAIL_OUTBOX_INTERVAL_MS: '0',
    RATE_LIMIT_STOCK_ALERT_ADDRESS: '3/3600',
  });
});
afterAll(async () => api?.close());

const ask = (payload: Record<string, unknown>, remoteAddress = uniqueAddress(), storeCode = 'en') =>
  api.call({
    method: 'POST',
    url: `/vsbridge/stock-alert/create?storeCode=${storeCode}`,
    remoteAddress,
    payload,
  });

const pending = async (email: string) =>
  api.database.query<{ sku: string; notified_at: Date | null; store_code: string }>(
    'SELECT sku, notified_at, store_code FROM stock_notifications WHERE email = $1 ORDER BY id',
    [email],
  );

const restock = (sku: string, qty: number) =>
  api.database.query('UPDATE stock SET qty = $2, is_in_stock = $2 > 0 WHERE sku = $1', [sku, qty]);

describe('POST /vsbridge/stock-alert/create', () => {
  it('stores one pending request per e-mail and sku (a repeat answers the same)', async () => {
    const email = uniqueEmail('alert');
    expect((await ask({ email, sku: 'AUD-4001' })).body).toEqual({ code: 200, result: true });
    expect((await ask({ email: email.toUpperCase(), sku: 'AUD-4001' })).body).toEqual({
      code: 200,
      result: true,
    });
    expect(await pending(email)).toEqual([{ sku: 'AUD-4001', notified_at: null, store_code: 'en' }]);
  });

  it('validates e-mail and sku, naming the fields; unknown sku 404; in-stock sku 409', async () => {
    const bad = await ask({ email: 'nope', sku: '' }, uniqueAddress(), 'lt');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['email', 'sku']);
    const unknown = await ask({ email: uniqueEmail(), sku: 'NOPE-404' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0].field).toBe('sku');
    const inStock = await ask({ email: uniqueEmail(), sku: 'LAP-1001' });
    expect(inStock.status).toBe(409);
    expect(inStock.body, JSON.stringify(inStock.body)).toMatchObject({
      errors: [{ field: 'sku', message: 'This product is in stock: you can order it now' }],
    });
    // a disabled product cannot be asked for
    expect((await ask({ email: uniqueEmail(), sku: 'PHN-2002' })).status).toBe(404);
  });

  it('is rate-limited per client address (429 with Retry-After)', async () => {
    const address = uniqueAddress();
    for (let i = 0; i < 3; i++)
      expect((await ask({ email: uniqueEmail(), sku: 'AUD-4001' }, address)).status).toBe(200);
    const refused = await ask({ email: uniqueEmail(), sku: 'AUD-4001' }, address);
    expect(refused.status).toBe(429);
    expect(Number(refused.res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('back in stock', () => {
  it('e-mails each pending request once, through the outbox, in its store view, when the stock returns', async () => {
    const en = uniqueEmail('back-en');
    const lt = uniqueEmail('back-lt');
    await ask({ email: en, sku: 'AUD-4001' }, uniqueAddress(), 'en');
    await ask({ email: lt, sku: 'AUD-4001' }, uniqueAddress(), 'lt');

    // still out of stock: nothing is sent
    const { StockAlertService } = await import('../src/stock-alert/service.ts');
    const { CatalogService } = await import('../src/catalog/service.ts');
    const { MemoryRateLimiter } = await import('../src/auth/rate-limit.ts');
    const { loadApiConfig } = await import('../src/index.ts');
    const config = loadApiConfig({ PUBLIC_URL: 'https://shop.example' });
    const service = new StockAlertService(
      api.database,
      config,
      new CatalogService(api.database, config),
      new MemoryRateLimiter(),
      console,
    );
    await service.notifyBackInStock();
    expect((await pending(en))[0]?.notified_at).toBeNull();

    await restock('AUD-4001', 4);
    const sent = await service.notifyBackInStock();
    expect(sent).toBeGreaterThanOrEqual(2);
    expect((await pending(en))[0]?.notified_at).toBeInstanceOf(Date);
    const [mailEn] = await outbox(api, { kind: 'mail.back-in-stock', to: en });
    expect(mailEn?.subject).toBe('Back in stock: Sony WH-1000XM5 Headphones');
    expect(mailEn?.link).toBe('https://shop.example/en/p/AUD-4001/sony-wh-1000xm5');
    expect(mailEn?.text).toContain('https://shop.example/en/p/AUD-4001/sony-wh-1000xm5');
    const [mailLt] = await outbox(api, { kind: 'mail.back-in-stock', to: lt });
    expect(mailLt?.subject).toMatch(/^Prekė vėl sandėlyje: /);
    expect(mailLt?.link).toMatch(/^https:\/\/shop\.example\/p\/AUD-4001\//);

    // a second run sends nothing more; a new request after the e-mail is a new one
    await service.notifyBackInStock();
    expect(await outbox(api, { kind: 'mail.back-in-stock', to: en })).toHaveLength(1);
    await restock('AUD-4001', 0);
    expect((await ask({ email: en, sku: 'AUD-4001' })).status).toBe(200);
    expect((await pending(en)).map((p) => p.notified_at === null)).toEqual([false, true]);
  });
});
