/**
 * The contact form (accounts-checkout-routes.md §7 `POST /contact/create`): rate-limited
 * per client address, stored in `contact_messages` and e-mailed to CONTACT_EMAIL (reply-to: the
 * sender) through the outbox, in one transaction.
 */
import { effectiveSettings } from '../settings/service.ts';
import { shopNameIn } from '@vitrina/domain';
import type { Database } from '@vitrina/db';
import type { StoreCode } from '@vitrina/domain';
import type { ApiConfig } from '../config.ts';
import { one } from '../lib/db.ts';
import { enforce, type RateLimiter } from '../auth/rate-limit.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { renderMail } from '../mail/templates.ts';

export type ContactInput = { name: string; email: string; phone?: string | undefined; subject?: string | undefined; message: string };

/** the shop's own staff read the contact e-mails in Lithuanian, whatever the sender's store view */
const STAFF_LANGUAGE: StoreCode = 'lt';

export class ContactService {
  constructor(
    private readonly database: Database,
    private readonly config: ApiConfig,
    private readonly limiter: RateLimiter,
  ) {}

  async create(input: ContactInput, store: StoreCode, clientAddress: string): Promise<true> {
    await enforce(this.limiter, [{ key: `contact:address:${clientAddress}`, rule: this.config.rateLimits.contactAddress }]);
    const phone = input.phone?.trim() || null;
    await this.database.transaction(async (tx) => {
      const row = await one<{ id: number }>(
        tx,
        'INSERT INTO contact_messages (name, email, phone, message, store_code) VALUES ($1, $2, $3, $4, $5) RETURNING id',
        [input.name, input.email, phone, input.subject ? `${input.subject}\n\n${input.message}` : input.message, store],
      );
      await enqueueMail(tx, 'mail.contact', {
        to: this.config.contactEmail.replace(/^.*<([^>]+)>$/, '$1'),
        replyTo: input.email,
        storeCode: STAFF_LANGUAGE,
        contactMessageId: row?.id,
        ...renderMail('contactMessage', STAFF_LANGUAGE, {
          name: input.name,
          email: input.email,
          phone: phone ?? '',
          subject: input.subject ?? '',
          message: input.message,
          storeCode: store,
        }, shopNameIn(await effectiveSettings(tx, this.config.settingsSeed), STAFF_LANGUAGE)),
      });
    });
    return true;
  }
}
