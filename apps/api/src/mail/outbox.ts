/**
 * E-mails go through the `outbox` table (DESIGN.md "Data"): a service writes the rendered e-mail in
 * the same transaction as its cause (`enqueueMail`), and the processor sends pending rows through a
 * `MailTransport` afterwards, so a failing mail server never fails or doubles a request.
 *
 * Processor: claims a batch with `FOR UPDATE SKIP LOCKED` and a lease (`next_attempt_at`), so several
 * processes on one PostgreSQL never send a row twice; sends outside any transaction; marks the row
 * processed, or records the error and retries later (exponential back-off, at most MAX_ATTEMPTS; the
 * row then stays with its `last_error` for a person to look at). Rows marked `sensitive` (password
 * reset links) lose their text and link once sent, unless EXPOSE_OUTBOX is on (browser tests).
 *
 * Kinds handled: `mail.*` and `order.confirmation-email` (written by enqueueMail: `{ to, subject,
 * text, storeCode, link?, ... }`); an `order.confirmation-email` written before the order lifecycle
 * (`{ incrementId, email, storeCode }`) is rendered when sent.
 */
import { shopNameIn } from '@vitrina/domain';
import { isStoreCode, STORE_CODES, withdrawalDays, type StoreCode } from '@vitrina/domain';
import { PeriodicJob } from '../lib/periodic-job.ts';
import type { Database, SqlRow, schema } from '@vitrina/db';
import type { FastifyBaseLogger } from 'fastify';
import type { ApiConfig } from '../config.ts';
import { rows, type Queryable } from '../lib/db.ts';
import { renderMail, type RenderedMail } from './templates.ts';
import { currentTermsVersion, renderTermsPdf, termsFileName, withdrawalPageUrl } from '../legal/terms.ts';
import { effectiveSettings, sellerIdentity } from '../settings/service.ts';
import type { MailMessage, MailTransport } from './transport.ts';
import { unsubscribeHeaders } from '../newsletter/unsubscribe.ts';

export const MAX_ATTEMPTS = 10;
/** how long a claimed row is left alone (a process that died while sending retries after it) */
const LEASE_MS = 5 * 60_000;
const OTHER_KINDS = ['order.confirmation-email'];

export type MailKind =
  | 'mail.password-reset'
  | 'mail.email-changed'
  | 'mail.newsletter-confirmation'
  | 'mail.newsletter-coupon'
  | 'mail.contact'
  | 'mail.back-in-stock'
  /** the order e-mails of the lifecycle (order/lifecycle.ts), each once per order (dedupe key) */
  | 'order.confirmation-email'
  | 'mail.order-paid'
  | 'mail.order-shipped'
  | 'mail.order-ready-for-pickup'
  | 'mail.order-cancelled'
  | 'mail.order-refunded'
  /** a refund decided ("we will refund X") and made ("refunded X"), once per refund (order/refunds.ts) */
  | 'mail.order-refund-decided'
  | 'mail.order-refund-made'
  | 'mail.order-feedback-request'
  /** the shop's new-order notice to ORDERS_EMAIL */
  | 'mail.order-new-notice'
  /** after the sale (legal/after-sale.ts): a withdrawal's acknowledgement, a return's steps */
  | 'mail.withdrawal-acknowledgement'
  /** the shop's notice of a withdrawal to ORDERS_EMAIL */
  | 'mail.withdrawal-notice'
  | 'mail.return-step'
  /** an order's withdrawal link, asked for by its number and e-mail on the withdrawal page */
  | 'mail.withdrawal-link'
  /** the back office's links that set a staff password (staff/accounts.ts) */
  | 'mail.staff-invite'
  | 'mail.staff-password-reset';

export type OutboxMail = RenderedMail & {
  to: string;
  storeCode: StoreCode;
  replyTo?: string;
  /** the link the e-mail is about (reset, confirmation): what a browser test follows */
  link?: string;
  /** text and link are removed once sent (unless EXPOSE_OUTBOX) */
  sensitive?: boolean;
  /** files rendered when the e-mail is sent (a version of the terms never changes: legal/terms.ts) */
  attachments?: AttachmentRef[];
  [extra: string]: unknown;
};

/**
 * Writes an e-mail to the outbox (inside the caller's transaction when `q` is one). With a
 * `dedupeKey` (e.g. `order:42:shipped`) the e-mail is written at most once, ever: a second call
 * writes nothing and answers false.
 */
export async function enqueueMail(
  q: Queryable,
  kind: MailKind,
  mail: OutboxMail,
  dedupeKey?: string,
): Promise<boolean> {
  const written = await rows<{ id: number }>(q, `${outboxInsert(1)} RETURNING id`, [
    ...outboxParams(kind, mail, dedupeKey),
  ]);
  return written.length > 0;
}

/**
 * enqueueMail's INSERT with its parameters from `$first` (kind, payload, dedupe key: outboxParams),
 * for a statement that writes an e-mail beside its own rows (a data-modifying WITH); `gate`, a part
 * of that WITH: the e-mail is written only when it answers a row
 */
export const outboxInsert = (first: number, gate?: string) =>
  `INSERT INTO outbox (kind, payload, dedupe_key) ${
    gate
      ? `SELECT $${first}, $${first + 1}::jsonb, $${first + 2} FROM ${gate}`
      : `VALUES ($${first}, $${first + 1}::jsonb, $${first + 2})`
  }
     ON CONFLICT (dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING`;

/** outboxInsert's parameters */
export const outboxParams = (kind: MailKind, mail: OutboxMail, dedupeKey?: string) =>
  [kind, JSON.stringify(mail), dedupeKey ?? null] as const;

/**
 * a file the processor attaches when sending: the terms of a version, in a language, with the
 * shop's withdrawal period; one document for every order of these (legal/terms.ts)
 */
export type AttachmentRef = {
  kind: 'terms';
  version: string;
  store: StoreCode;
  days: number;
  /** written by rows before the terms named the shop's withdrawal page: not read (the e-mail's text has it) */
  withdrawalUrl?: string;
};

type OutboxRow = Pick<SqlRow<typeof schema.outbox>, 'id' | 'kind' | 'payload' | 'attempts'>;

const str = (v: unknown) => (typeof v === 'string' ? v : '');

export class OutboxMailer {
  private readonly job: PeriodicJob;
  /** the terms rendered ahead at start (warmTerms), awaited by stop */
  private warming: Promise<unknown> | undefined;

  constructor(
    private readonly database: Database,
    private readonly config: ApiConfig,
    private readonly transport: MailTransport,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
  ) {
    this.job = new PeriodicJob(
      () => this.processBatch(),
      config.mailOutboxIntervalMs,
      log,
      'outbox processing failed',
    );
  }

  /** the message of a row, or undefined when the row is not an e-mail this processor can send */
  private async message(row: OutboxRow): Promise<MailMessage | undefined> {
    const p = row.payload;
    const store: StoreCode = isStoreCode(p.storeCode) ? p.storeCode : 'lt';
    // rows written before the lifecycle carry no text: rendered here
    if (row.kind === 'order.confirmation-email' && !str(p.subject)) {
      // (such rows predate the shop's settings: the seeded default name signs them)
      const to = str(p.email);
      if (!to) return undefined;
      return {
        from: this.config.mailFrom,
        to,
        ...renderMail(
          'orderConfirmation',
          store,
          { incrementId: str(p.incrementId) },
          shopNameIn(this.config.settingsSeed, store),
        ),
      };
    }
    if (!str(p.to) || !str(p.subject)) return undefined;
    return {
      from: this.config.mailFrom,
      to: str(p.to),
      subject: str(p.subject),
      text: str(p.text),
      replyTo: str(p.replyTo) || undefined,
      // a newsletter e-mail: one-click unsubscribe in the mail client (RFC 8058)
      headers: str(p.unsubscribeUrl) ? unsubscribeHeaders(str(p.unsubscribeUrl)) : undefined,
      attachments: Array.isArray(p.attachments)
        ? await this.attachments(p.attachments as AttachmentRef[])
        : undefined,
    };
  }

  private async attachments(refs: AttachmentRef[]): Promise<MailMessage['attachments']> {
    const shop = sellerIdentity((await effectiveSettings(this.database, this.config.settingsSeed)).seller);
    return Promise.all(
      refs.map(async (a) => ({
        filename: termsFileName(a.version, a.store),
        contentType: 'application/pdf',
        content: await renderTermsPdf(a.version, a.store, shop, {
          days: a.days,
          withdrawalPage: withdrawalPageUrl(this.config.publicUrl, a.store),
        }),
      })),
    );
  }

  /** sends up to `limit` pending e-mails; answers how many were sent and how many failed */
  async processBatch(limit = 20): Promise<{ sent: number; failed: number }> {
    const claimed = await rows<OutboxRow>(
      this.database,
      `UPDATE outbox SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => $3::int / 1000.0)
       WHERE id IN (
         SELECT id FROM outbox
         WHERE processed_at IS NULL AND (kind LIKE 'mail.%' OR kind = ANY($1::text[])) AND attempts < $4
           AND (next_attempt_at IS NULL OR next_attempt_at <= now())
         ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED)
       RETURNING id, kind, payload, attempts`,
      [OTHER_KINDS, limit, LEASE_MS, MAX_ATTEMPTS],
    );
    let sent = 0;
    let failed = 0;
    for (const row of claimed.sort((a, b) => a.id - b.id)) {
      let message: MailMessage | undefined;
      try {
        message = await this.message(row);
        if (!message)
          throw new Error(`outbox row ${row.id} (${row.kind}) is not an e-mail: no recipient or subject`);
        await this.transport.send(message);
        const redact = row.payload.sensitive === true && !this.config.exposeOutbox;
        await this.database.query(
          `UPDATE outbox SET processed_at = now(), last_error = NULL, next_attempt_at = NULL,
             payload = CASE WHEN $2 THEN (payload - 'text' - 'link') || '{"redacted": true}'::jsonb ELSE payload END
           WHERE id = $1`,
          [row.id, redact],
        );
        sent += 1;
      } catch (err) {
        failed += 1;
        const backoffSeconds = Math.min(3600, 30 * 2 ** (row.attempts - 1));
        this.log.warn(
          { err, outboxId: row.id, kind: row.kind, attempts: row.attempts },
          'e-mail not sent; will retry',
        );
        await this.database.query(
          'UPDATE outbox SET last_error = $2, next_attempt_at = now() + make_interval(secs => $3::int) WHERE id = $1',
          [row.id, String(err instanceof Error ? err.message : err).slice(0, 1000), backoffSeconds],
        );
      }
    }
    return { sent, failed };
  }

  /**
   * Renders the terms PDF every confirmation attaches (the current version, in each store view, with
   * the shop's settings now) into renderTermsPdf's keep, by the path a confirmation takes. The first
   * render in a process loads the fonts and compiles pdfkit's code: 0.7 s of CPU against 0.06-0.2 s
   * for the next ones. Left to the first confirmation after a start, it ran during a flash sale's
   * race, on the cores the race's orders wait for (a third of a shop worker's CPU in the race).
   */
  async warmTerms(): Promise<Buffer[]> {
    const settings = await effectiveSettings(this.database, this.config.settingsSeed);
    const days = withdrawalDays(settings.moneyBackDays);
    const rendered: Buffer[] = [];
    for (const store of STORE_CODES) {
      const [file] =
        (await this.attachments([{ kind: 'terms', version: currentTermsVersion(), store, days }])) ?? [];
      if (file) rendered.push(file.content as Buffer);
    }
    return rendered;
  }

  /**
   * sends pending e-mails every MAIL_OUTBOX_INTERVAL_MS (0: never); one run at a time. A process that
   * sends them (in production) renders the terms ahead, in the background (warmTerms).
   */
  start(): void {
    this.job.start();
    if (this.config.mailTermsWarm && this.config.mailOutboxIntervalMs > 0 && !this.warming)
      this.warming = this.warmTerms().catch((err: unknown) =>
        this.log.warn({ err }, 'terms not rendered ahead'),
      );
  }

  /** stops the timer and waits for a run in progress (and the terms' rendering ahead) */
  async stop(): Promise<void> {
    await this.warming;
    return this.job.stop();
  }
}
