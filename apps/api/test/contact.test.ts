import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadApiConfig } from '../src/index.ts';
import { MemoryRateLimiter } from '../src/auth/rate-limit.ts';
import { OutboxMailer, enqueueMail } from '../src/mail/outbox.ts';
import type { MailMessage, MailTransport } from '../src/mail/transport.ts';
import { startApi, type TestApi } from './helpers.ts';
import { outbox, placeOrder, uniqueAddress, uniqueEmail } from './user-helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startApi({
    EXPOSE_OUTBOX: 'true',
    MAIL_OUTBOX_INTERVAL_MS: '0',
    RATE_LIMIT_CONTACT_ADDRESS: '2/3600',
    CONTACT_EMAIL: 'Shop <shop@example.com>',
  });
});
afterAll(async () => api?.close());

const send = (payload: Record<string, unknown>, remoteAddress = uniqueAddress(), storeCode = 'en') =>
  api.call({ method: 'POST', url: `/vsbridge/contact/create?storeCode=${storeCode}`, remoteAddress, payload });

describe('POST /vsbridge/contact/create', () => {
  it('stores the message and e-mails it to the shop through the outbox', async () => {
    const email = uniqueEmail('contact');
    const r = await send({ name: 'Ona Onaitė', email, phone: '+37060000000', subject: 'Warranty', message: 'My laptop does not start.' });
    expect(r.body).toEqual({ code: 200, result: true });
    const [row] = await api.database.query<Record<string, unknown>>('SELECT name, email, phone, message, store_code FROM contact_messages WHERE email = $1', [email]);
    expect(row).toEqual({ name: 'Ona Onaitė', email, phone: '+37060000000', message: 'Warranty\n\nMy laptop does not start.', store_code: 'en' });
    const [mail] = await outbox(api, { kind: 'mail.contact', to: 'shop@example.com' });
    expect(mail?.payload).toMatchObject({ to: 'shop@example.com', replyTo: email, subject: 'Kontaktų forma: Warranty' });
    expect(mail?.text).toContain('My laptop does not start.');
    expect(mail?.text).toContain(email);
  });

  it('validates, naming the fields, in the request language', async () => {
    const r = await send({ name: '', email: 'nope', message: '' }, uniqueAddress(), 'lt');
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Laukas privalomas' },
        { field: 'email', message: 'Įveskite teisingą el. pašto adresą.' },
        { field: 'message', message: 'Laukas privalomas' },
      ]),
    );
  });

  it('is rate-limited per client address', async () => {
    const address = uniqueAddress();
    const payload = { name: 'Jonas', email: uniqueEmail('flood'), message: 'Hello' };
    expect((await send(payload, address)).status).toBe(200);
    expect((await send(payload, address)).status).toBe(200);
    const refused = await send(payload, address, 'ru');
    expect(refused.status).toBe(429);
    expect(refused.body.result).toBe('Слишком много попыток. Попробуйте ещё раз через 60 мин.');
    expect(Number(refused.res.headers['retry-after'])).toBeGreaterThan(3500);
    expect((await send(payload, uniqueAddress())).status).toBe(200);
  });
});

class Recorder implements MailTransport {
  readonly name = 'recorder';
  sent: MailMessage[] = [];
  fail = false;
  async send(message: MailMessage) {
    if (this.fail) throw new Error('mail server down');
    this.sent.push(message);
  }
}

const silent = { warn: () => {}, error: () => {} };

describe('the outbox mailer', () => {
  it('sends pending e-mails once, order confirmations too; retries failures later; redacts sensitive ones when sent', async () => {
    // the rows the earlier tests left are sent first
    const config = loadApiConfig({ MEDIA_DIR: api.mediaDir, MAIL_FROM: 'Vitrina <shop@example.com>' });
    const transport = new Recorder();
    const mailer = new OutboxMailer(api.database, config, transport, silent);
    while ((await mailer.processBatch(50)).sent > 0);

    const to = uniqueEmail('outbox');
    await enqueueMail(api.database, 'mail.password-reset', { to, storeCode: 'en', subject: 'Reset', text: 'secret link', link: 'http://x/reset?token=t', sensitive: true });
    const order = await placeOrder(api, { email: to });
    expect(order.status).toBe(200);
    transport.sent = [];
    expect(await mailer.processBatch()).toEqual({ sent: 2, failed: 0 });
    expect(transport.sent).toEqual([
      { from: 'Vitrina <shop@example.com>', to, subject: 'Reset', text: 'secret link', replyTo: undefined },
      expect.objectContaining({ to, subject: `Order ${order.body.result.orderNumber} received` }),
    ]);
    expect(await mailer.processBatch()).toEqual({ sent: 0, failed: 0 });
    const rows = await api.database.query<{ kind: string; payload: Record<string, unknown>; processed_at: Date | null }>(
      "SELECT kind, payload, processed_at FROM outbox WHERE payload->>'to' = $1 OR payload->>'email' = $1 ORDER BY id",
      [to],
    );
    expect(rows.every((r) => r.processed_at !== null)).toBe(true);
    expect(rows[0]?.payload).toEqual({ to, storeCode: 'en', subject: 'Reset', sensitive: true, redacted: true });

    // a failing transport: the row waits with its error, then goes once the back-off has passed
    await enqueueMail(api.database, 'mail.contact', { to: 'shop@example.com', storeCode: 'lt', subject: 'Hi', text: 'Hello' });
    transport.fail = true;
    expect(await mailer.processBatch()).toEqual({ sent: 0, failed: 1 });
    const [failed] = await api.database.query<{ id: number; attempts: number; last_error: string; later: boolean }>(
      "SELECT id, attempts, last_error, next_attempt_at > now() AS later FROM outbox WHERE kind = 'mail.contact' AND processed_at IS NULL",
    );
    expect(failed).toMatchObject({ attempts: 1, last_error: 'mail server down', later: true });
    transport.fail = false;
    expect(await mailer.processBatch()).toEqual({ sent: 0, failed: 0 });
    await api.database.query('UPDATE outbox SET next_attempt_at = now() WHERE id = $1', [failed?.id]);
    expect(await mailer.processBatch()).toEqual({ sent: 1, failed: 0 });
  });

  it('serves GET /vsbridge/mail/outbox only with EXPOSE_OUTBOX=true', async () => {
    const closed = await startApi({ MAIL_OUTBOX_INTERVAL_MS: '0' });
    try {
      expect((await closed.call('/vsbridge/mail/outbox')).status).toBe(404);
    } finally {
      await closed.close();
    }
    expect((await api.call('/vsbridge/mail/outbox?kind=mail.contact')).status).toBe(200);
  });
});

describe('the in-process rate limiter', () => {
  it('counts fixed windows per key, forgets expired ones and stays bounded', async () => {
    let now = 0;
    const limiter = new MemoryRateLimiter(3, () => now);
    const rule = { count: 2, windowSeconds: 10 };
    expect((await limiter.consume('a', rule)).allowed).toBe(true);
    expect((await limiter.peek('a', rule)).allowed).toBe(true);
    expect(await limiter.consume('a', rule)).toEqual({ allowed: true, count: 2, retryAfterMs: 10_000 });
    expect((await limiter.peek('a', rule)).allowed).toBe(false);
    now = 4000;
    expect(await limiter.consume('a', rule)).toEqual({ allowed: false, count: 3, retryAfterMs: 6000 });
    now = 10_000;
    expect((await limiter.consume('a', rule)).allowed).toBe(true);
    await limiter.reset('a');
    expect((await limiter.peek('a', rule)).count).toBe(0);
    for (const k of ['b', 'c', 'd', 'e', 'f']) await limiter.consume(k, rule);
    expect(limiter.size).toBeLessThanOrEqual(3);
    expect((await limiter.consume('x', { count: 0, windowSeconds: 1 })).allowed).toBe(true);
  });
});
