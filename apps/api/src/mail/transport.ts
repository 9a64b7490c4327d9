/**
 * How an e-mail leaves the shop ("SMTP when SMTP_URL is set, files under the data folder
 * otherwise"): `SmtpTransport` (SMTP_URL), `FileTransport` (one .eml file per e-mail in MAIL_DIR,
 * by default `$DATA_DIR/mail`), or `LogTransport` (no data folder given: tests, a bare API).
 * `createMailTransport` chooses; the outbox processor (outbox.ts) is the only caller.
 */
import { chmod, mkdir, readdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export type MailMessage = {
  from: string;
  to: string;
  subject: string;
  text: string;
  replyTo?: string | undefined;
  /** extra header fields, e.g. List-Unsubscribe of a newsletter e-mail */
  headers?: Record<string, string> | undefined;
  /** files sent with the e-mail (the order confirmation's terms PDF) */
  attachments?: { filename: string; content: Buffer; contentType: string }[] | undefined;
};

export interface MailTransport {
  readonly name: string;
  /** sends one message; a rejection leaves the outbox row for a later retry */
  send(message: MailMessage): Promise<void>;
}

/**
 * Writes each e-mail to the log at info level (so the links in password reset and newsletter e-mails
 * are in the log: a development transport, not for production).
 */
export class LogTransport implements MailTransport {
  readonly name = 'log';
  constructor(private readonly log: Pick<FastifyBaseLogger, 'info'>) {}

  async send(message: MailMessage): Promise<void> {
    const attachments = message.attachments?.map((a) => ({ filename: a.filename, bytes: a.content.length }));
    this.log.info({ mail: { ...message, attachments } }, `e-mail to ${message.to}: ${message.subject}`);
  }
}

type Composer = { sendMail(message: MailMessage): Promise<{ message?: unknown; messageId?: string }> };

/** SMTP through nodemailer; SMTP_URL like `smtp://user:pass@host:587` or `smtps://host:465` */
export class SmtpTransport implements MailTransport {
  readonly name = 'smtp';
  private readonly mailer: Composer & { close(): void };
  constructor(url: string) {
    this.mailer = nodemailer.createTransport(url) as unknown as Composer & { close(): void };
  }

  async send(message: MailMessage): Promise<void> {
    await this.mailer.sendMail(message);
  }

  close(): void {
    this.mailer.close();
  }
}

/**
 * Writes each e-mail as an RFC 5322 `.eml` file (composed by nodemailer, as SMTP would send it) into
 * `dir`: a shop without a mail server keeps every e-mail where a person can open it. The e-mails
 * hold password reset links and order tokens: the folder is 0700 and each file 0600 (only the
 * shop's user reads them), and files older than MAIL_FILE_RETENTION_DAYS are deleted (looked for
 * at most once an hour, as e-mails are written).
 */
export class FileTransport implements MailTransport {
  readonly name = 'file';
  private readonly composer = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  }) as unknown as Composer;
  private sequence = 0;
  private purgedAt = 0;
  constructor(
    readonly dir: string,
    /** MAIL_FILE_RETENTION_DAYS; 0 keeps every file */
    readonly retentionDays = 30,
    private readonly now: () => number = Date.now,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const info = await this.composer.sendMail(message);
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    await chmod(this.dir, 0o700);
    const stamp = new Date(this.now()).toISOString().replace(/[:.]/g, '-');
    const name = `${stamp}-${process.pid}-${++this.sequence}.eml`;
    await writeFile(path.join(this.dir, name), info.message as Buffer, { mode: 0o600 });
    if (this.retentionDays > 0 && this.now() - this.purgedAt >= 3_600_000) await this.purge();
  }

  /** deletes the `.eml` files older than the retention; answers how many */
  async purge(): Promise<number> {
    this.purgedAt = this.now();
    const before = this.now() - this.retentionDays * 86_400_000;
    let deleted = 0;
    for (const name of await readdir(this.dir).catch(() => [] as string[])) {
      if (!name.endsWith('.eml')) continue;
      const file = path.join(this.dir, name);
      const info = await stat(file).catch(() => undefined);
      if (info && info.mtimeMs < before) {
        await unlink(file).catch(() => undefined);
        deleted += 1;
      }
    }
    return deleted;
  }
}

/** SMTP when `smtpUrl` is set, files under `mailDir` otherwise, the log when neither is given */
export function createMailTransport(
  opts: { smtpUrl: string | undefined; mailDir: string | undefined; mailFileRetentionDays?: number },
  log: Pick<FastifyBaseLogger, 'info'>,
): MailTransport {
  if (opts.smtpUrl) return new SmtpTransport(opts.smtpUrl);
  if (opts.mailDir) return new FileTransport(opts.mailDir, opts.mailFileRetentionDays);
  return new LogTransport(log);
}
