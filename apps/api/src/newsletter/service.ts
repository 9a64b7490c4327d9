/**
 * Newsletter (accounts-checkout-routes.md §3 "Newsletter", §7 `/mailer/*`, §8).
 *
 * subscribe → `pending` with a confirmation e-mail (link `/newsletter/{email}/{code}`; the code is
 * stored hashed); confirm → `subscribed` and, the first time only, a personal single-use coupon of
 * percent coupon of the shop's settings (10 % by default; none while turned off) e-mailed too and, for a registered customer, added to the loyalty
 * card's claims. Re-subscribing after an unsubscribe never issues a second coupon.
 *
 * Whether an address is subscribed is its owner's business: the status is
 * answered to the logged-in customer of that address only (routes.ts), and subscribing an address
 * that is already subscribed answers "pending" like any new address unless its owner asks.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '@vitrina/db';
import { shopNameIn, type StoreCode, type SubscriptionStatusAnswer } from '@vitrina/domain';
import { ShopSettingsService } from '../settings/service.ts';
import type { ApiConfig } from '../config.ts';
import { ruleError } from '../http/errors.ts';
import { one, type Queryable } from '../lib/db.ts';
import { enforce, type RateLimiter } from '../auth/rate-limit.ts';
import { sha256 } from '../auth/service.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { renderMail, storefrontLink, withUnsubscribeLink } from '../mail/templates.ts';
import { signatureMatches, unsubscribeUrl } from './unsubscribe.ts';
import { normaliseEmail } from '../user/service.ts';

export type SubscriptionStatus = SubscriptionStatusAnswer;

type SubscriberRow = {
  email: string;
  status: SubscriptionStatus;
  confirm_code: string;
  store_code: string;
  coupon_code: string | null;
};

const CLAIM_DESCRIPTION: Record<StoreCode, string> = {
  lt: 'Naujienlaiškio prenumeratos nuolaida',
  en: 'Newsletter subscription discount',
  ru: 'Скидка за подписку на рассылку',
};

/** Crockford base32 (no I, L, O, U): readable codes */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
function couponCode(percent: number): string {
  const bytes = randomBytes(10);
  let code = '';
  for (const b of bytes) code += ALPHABET[b % 32];
  return `NEWS${percent}-${code}`;
}

export class NewsletterService {
  constructor(
    private readonly database: Database,
    private readonly config: ApiConfig,
    private readonly limiter: RateLimiter,
    /** the signature of an address's unsubscribe link (AuthService.unsubscribeSignature) */
    private readonly sign: (email: string) => string,
    /** the coupon (on/off, percent) and the shop's name the e-mails are signed with */
    private readonly settings: ShopSettingsService = new ShopSettingsService(database),
  ) {}

  /** the one-click unsubscribe link of an address (newsletter/unsubscribe.ts) */
  unsubscribeLink(emailInput: string, store: StoreCode): string {
    const email = normaliseEmail(emailInput);
    return unsubscribeUrl(this.config.publicUrl, store, email, this.sign(email));
  }

  /** whether `sig` is the signature of this address's unsubscribe link */
  unsubscribeSignatureMatches(emailInput: string, sig: string): boolean {
    return signatureMatches(this.sign(normaliseEmail(emailInput)), sig);
  }

  async status(emailInput: string): Promise<SubscriptionStatus> {
    const row = await one<{ status: SubscriptionStatus }>(
      this.database,
      'SELECT status FROM newsletter_subscribers WHERE email = $1',
      [normaliseEmail(emailInput)],
    );
    return row?.status ?? 'unsubscribed';
  }

  /**
   * pending + confirmation e-mail; an address already subscribed stays so (no e-mail), and the answer
   * says so only to `owner` (the logged-in customer's own e-mail): to anyone else it is "pending".
   * Counted against the limits either way, so probing costs what subscribing does.
   */
  async subscribe(
    emailInput: string,
    store: StoreCode,
    clientAddress: string,
    owner?: string,
  ): Promise<SubscriptionStatus> {
    const email = normaliseEmail(emailInput);
    const subscribedAnswer: SubscriptionStatus =
      owner !== undefined && normaliseEmail(owner) === email ? 'subscribed' : 'pending';
    await enforce(this.limiter, [
      { key: `newsletter:address:${clientAddress}`, rule: this.config.rateLimits.newsletterAddress },
      { key: `newsletter:email:${email}`, rule: this.config.rateLimits.newsletterEmail },
    ]);
    if ((await this.status(email)) === 'subscribed') return subscribedAnswer;
    const code = randomBytes(18).toString('base64url');
    const link = storefrontLink(
      this.config.publicUrl,
      store,
      `/newsletter/${encodeURIComponent(email)}/${code}`,
    );
    const settings = await this.settings.get();
    const coupon = settings.newsletterCoupon;
    return this.database.transaction(async (tx) => {
      const row = await one<{ status: SubscriptionStatus }>(
        tx,
        `INSERT INTO newsletter_subscribers (email, status, confirm_code, store_code) VALUES ($1, 'pending', $2, $3)
         ON CONFLICT (email) DO UPDATE SET status = 'pending', confirm_code = EXCLUDED.confirm_code, store_code = EXCLUDED.store_code,
           confirmed_at = NULL, status_changed_at = now()
         WHERE newsletter_subscribers.status <> 'subscribed'
         RETURNING status`,
        [email, sha256(code), store],
      );
      if (!row) return subscribedAnswer; // confirmed meanwhile
      const unsubscribe = this.unsubscribeLink(email, store);
      await enqueueMail(tx, 'mail.newsletter-confirmation', {
        to: email,
        storeCode: store,
        link,
        unsubscribeUrl: unsubscribe,
        ...withUnsubscribeLink(
          renderMail(
            coupon.enabled ? 'newsletterConfirmation' : 'newsletterConfirmationNoCoupon',
            store,
            { link, percent: coupon.percent },
            shopNameIn(settings, store),
          ),
          store,
          unsubscribe,
        ),
      });
      return 'pending';
    });
  }

  async unsubscribe(emailInput: string): Promise<SubscriptionStatus> {
    await this.database.query(
      "UPDATE newsletter_subscribers SET status = 'unsubscribed', status_changed_at = now() WHERE email = $1",
      [normaliseEmail(emailInput)],
    );
    return 'unsubscribed';
  }

  /**
   * The link of the confirmation e-mail. 400 "This url is not valid or you have already subscribed to
   * our newsletter!" for a wrong code or an address that is not pending.
   */
  async confirm(emailInput: string, code: string, requestStore: StoreCode) {
    const email = normaliseEmail(emailInput);
    const given = Buffer.from(sha256(code));
    const settings = await this.settings.get();
    const result = await this.database.transaction(async (tx) => {
      const row = await one<SubscriberRow>(
        tx,
        'SELECT * FROM newsletter_subscribers WHERE email = $1 FOR UPDATE',
        [email],
      );
      const stored = Buffer.from(row?.confirm_code ?? '');
      if (
        !row ||
        row.status !== 'pending' ||
        stored.length !== given.length ||
        !timingSafeEqual(stored, given)
      )
        return undefined;
      await tx.query(
        "UPDATE newsletter_subscribers SET status = 'subscribed', confirmed_at = now(), status_changed_at = now() WHERE email = $1",
        [email],
      );
      // one coupon per address, and none while the shop's settings turn the newsletter coupon off
      if (row.coupon_code || !settings.newsletterCoupon.enabled) return { coupon: null };
      const store = (['lt', 'en', 'ru'] as const).find((s) => s === row.store_code) ?? requestStore;
      const percent = settings.newsletterCoupon.percent;
      const coupon = await this.issueCoupon(tx, email, store, percent, shopNameIn(settings, store));
      return { coupon: { code: coupon, type: 'percent' as const, value: percent } };
    });
    if (!result) throw ruleError('newsletter.invalidUrl', undefined, 'code');
    return { status: 'subscribed' as const, ...result };
  }

  private async issueCoupon(
    tx: Queryable,
    email: string,
    store: StoreCode,
    percent: number,
    shopName: string,
  ): Promise<string> {
    let code = couponCode(percent);
    for (let attempt = 0; ; attempt++) {
      const inserted = await one<{ code: string }>(
        tx,
        `INSERT INTO coupons (code, type, value, uses_per_coupon, is_active) VALUES ($1, 'percent', $2, 1, true)
         ON CONFLICT (code) DO NOTHING RETURNING code`,
        [code, percent],
      );
      if (inserted) break;
      if (attempt >= 5) throw new Error('could not draw a free coupon code');
      code = couponCode(percent);
    }
    await tx.query('UPDATE newsletter_subscribers SET coupon_code = $2 WHERE email = $1', [email, code]);
    await tx.query(
      `INSERT INTO customer_claims (customer_id, code, value, description)
       SELECT id, $2, $3, $4 FROM customers WHERE email = $1`,
      [email, code, `${percent}%`, CLAIM_DESCRIPTION[store]],
    );
    const unsubscribe = this.unsubscribeLink(email, store);
    await enqueueMail(tx, 'mail.newsletter-coupon', {
      to: email,
      storeCode: store,
      couponCode: code,
      unsubscribeUrl: unsubscribe,
      ...withUnsubscribeLink(
        renderMail('newsletterCoupon', store, { code, percent }, shopName),
        store,
        unsubscribe,
      ),
    });
    return code;
  }
}
