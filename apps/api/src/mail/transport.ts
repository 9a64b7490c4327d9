/**
 * How an e-mail leaves the shop. `LogTransport` (the default) writes it to the logger: enough for
 * development and tests, where the e-mails are read from the log or from the outbox endpoint. An SMTP
 * (or provider API) transport implements the same interface; none ships yet.
 */
import type { FastifyBaseLogger } from 'fastify';

export type MailMessage = {
  from: string;
  to: string;
  subject: string;
  text: string;
  replyTo?: string | undefined;
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
    this.log.info({ mail: message }, `e-mail to ${message.to}: ${message.subject}`);
  }
}
