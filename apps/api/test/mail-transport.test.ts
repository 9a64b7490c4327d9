import { mkdtemp, readdir, readFile, rm, stat, utimes } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadApiConfig } from '../src/index.ts';
import { FileTransport, LogTransport, SmtpTransport, createMailTransport } from '../src/mail/transport.ts';
import { startApi, type TestApi } from './helpers.ts';
import { uniqueAddress, uniqueEmail } from './user-helpers.ts';

type Received = { from: string; to: string[]; data: string };

/** a local SMTP server on 127.0.0.1 that keeps what it receives (AUTH PLAIN/LOGIN: user "shop", password "secret") */
async function smtpServer() {
  const received: Received[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: false,
    allowInsecureAuth: true,
    onAuth(auth, _session, done) {
      if (auth.username === 'shop' && auth.password === 'secret') return done(null, { user: 'shop' });
      return done(new Error('Invalid username or password'));
    },
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { received, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const message = {
  from: 'Vitrina <no-reply@shop.example>',
  to: 'ona@example.com',
  subject: 'Užsakymas 000001 gautas',
  text: 'Ačiū! Gavome jūsų užsakymą.',
};

describe('mail transports', () => {
  let smtp: Awaited<ReturnType<typeof smtpServer>>;
  let dir: string;
  beforeAll(async () => {
    smtp = await smtpServer();
    dir = await mkdtemp(path.join(tmpdir(), 'vitrina-mail-'));
  });
  afterAll(async () => {
    await smtp?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('chooses SMTP when SMTP_URL is set, files when a mail folder is known, the log otherwise', () => {
    const log = { info: () => undefined };
    expect(createMailTransport({ smtpUrl: 'smtp://127.0.0.1:1', mailDir: dir }, log)).toBeInstanceOf(
      SmtpTransport,
    );
    expect(createMailTransport({ smtpUrl: undefined, mailDir: dir }, log)).toBeInstanceOf(FileTransport);
    expect(createMailTransport({ smtpUrl: undefined, mailDir: undefined }, log)).toBeInstanceOf(LogTransport);
    expect(loadApiConfig({ DATA_DIR: '/srv/shop' }).mailDir).toBe('/srv/shop/mail');
    expect(loadApiConfig({ DATA_DIR: '/srv/shop', MAIL_DIR: '/var/mail/shop' }).mailDir).toBe(
      '/var/mail/shop',
    );
    expect(loadApiConfig({}).mailDir).toBeUndefined();
    expect(loadApiConfig({ SMTP_URL: 'smtp://a:b@mail.example:587' }).smtpUrl).toBe(
      'smtp://a:b@mail.example:587',
    );
  });

  it('SMTP: delivers the message with its envelope, subject and UTF-8 text', async () => {
    const transport = new SmtpTransport(`smtp://shop:secret@127.0.0.1:${smtp.port}`);
    try {
      await transport.send(message);
    } finally {
      transport.close();
    }
    const got = smtp.received.at(-1);
    expect(got?.from).toBe('no-reply@shop.example');
    expect(got?.to).toEqual(['ona@example.com']);
    expect(got?.data).toMatch(/^Subject: =\?UTF-8\?/m);
    expect(got?.data).toContain('Content-Type: text/plain; charset=utf-8');
  });

  it('SMTP: a refused login rejects (the outbox row stays for a retry)', async () => {
    const transport = new SmtpTransport(`smtp://shop:wrong@127.0.0.1:${smtp.port}`);
    try {
      await expect(transport.send(message)).rejects.toThrow(/Invalid username or password|auth/i);
    } finally {
      transport.close();
    }
  });

  it('files: one .eml per e-mail in the folder', async () => {
    const transport = new FileTransport(path.join(dir, 'mail'));
    await transport.send(message);
    await transport.send({ ...message, to: 'jonas@example.com' });
    const files = (await readdir(path.join(dir, 'mail'))).sort();
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith('.eml'))).toBe(true);
    const first = await readFile(path.join(dir, 'mail', files[0] as string), 'utf8');
    expect(first).toMatch(/^To: ona@example.com$/m);
    expect(first).toMatch(/^From: Vitrina <no-reply@shop.example>$/m);
  });

  it('files: readable by the shop only (0600 in a 0700 folder), purged after MAIL_FILE_RETENTION_DAYS', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const folder = path.join(dir, 'private-mail');
    const transport = new FileTransport(folder, 30, () => now);
    await transport.send(message);
    const [old] = await readdir(folder);
    expect((await stat(folder)).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(folder, old!))).mode & 0o777).toBe(0o600);
    // the file's age is its modification time: 31 days later it is gone, the new one stays
    const past = new Date(now);
    await utimes(path.join(folder, old!), past, past);
    now += 31 * 86_400_000;
    await transport.send({ ...message, to: 'jonas@example.com' });
    const left = await readdir(folder);
    expect(left).toHaveLength(1);
    expect(left[0]).not.toBe(old);
    expect(loadApiConfig({}).mailFileRetentionDays).toBe(30);
  });
});

describe('the outbox sends through SMTP when SMTP_URL is set', () => {
  let smtp: Awaited<ReturnType<typeof smtpServer>>;
  let api: TestApi;
  beforeAll(async () => {
    smtp = await smtpServer();
    api = await startApi({
      SMTP_URL: `smtp://shop:secret@127.0.0.1:${smtp.port}`,
      MAIL_OUTBOX_INTERVAL_MS: '100',
      CONTACT_EMAIL: 'shop@example.com',
    });
  });
  afterAll(async () => {
    await api?.close();
    await smtp?.close();
  });

  it("a contact message reaches the SMTP server through the API's own processor; its outbox row is marked sent", async () => {
    const email = uniqueEmail('smtp');
    const r = await api.call({
      method: 'POST',
      url: '/vsbridge/contact/create?storeCode=en',
      remoteAddress: uniqueAddress(),
      payload: { name: 'Ona', email, message: 'Hello over SMTP' },
    });
    expect(r.status).toBe(200);
    // the API's own outbox processor (every 100 ms here) sends it through the SMTP transport app.ts chose
    const deadline = Date.now() + 10_000;
    while (!smtp.received.some((m) => m.data.includes('Hello over SMTP')) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    const got = smtp.received.find((m) => m.data.includes('Hello over SMTP'));
    expect(got?.to).toEqual(['shop@example.com']);
    expect(got?.data).toMatch(new RegExp(`^Reply-To: ${email.replace(/[.+]/g, '\\$&')}`, 'm'));
    await new Promise((r) => setTimeout(r, 200));
    const [row] = await api.database.query<{ processed_at: Date | null }>(
      "SELECT processed_at FROM outbox WHERE kind = 'mail.contact' AND payload->>'replyTo' = $1",
      [email],
    );
    expect(row?.processed_at).toBeInstanceOf(Date);
  });
});
