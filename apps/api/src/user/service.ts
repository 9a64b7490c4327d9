/**
 * Customers (accounts-checkout-routes.md §3 "User", §7 "Calls", §8 messages).
 *
 * - E-mails are kept lower-case (one account per address whatever the case typed).
 * - Login answers the same 401 for an unknown e-mail and a wrong password, in the same time (a dummy
 *   Argon2 verification), and is rate-limited per account and per client address.
 * - Only firstname, lastname, email and addresses change through the profile. Changing the e-mail
 *   needs the current password (an access token alone must not move the account to another address:
 *   the reset links would follow it) and e-mails a notice to the old address.
 * - A password reset request answers the same whether the address has an account or not, after the
 *   same queries, so neither the answer nor its time tells whether an address is registered.
 * - A password reset link carries a random token stored hashed, valid PASSWORD_RESET_TTL_MINUTES,
 *   single use; using it ends every session of the account. A password change ends every OTHER
 *   session (the one that changed it goes on, so the shopper is not logged out in front of the form).
 * - Argon2 runs outside transactions (on PGlite a transaction holds the only connection).
 */
import { effectiveSettings } from '../settings/service.ts';
import { shopNameIn } from '@vitrina/domain';
import { randomBytes } from 'node:crypto';
import type { Database, SqlRow, schema } from '@vitrina/db';
import { storeViewByCode, type SavedAddress, type StoreCode } from '@vitrina/domain';
import { customerDelivery, customerHistories } from '../order/lifecycle.ts';
import { orderPresentation } from '../order/presentation.ts';
import type { ApiConfig } from '../config.ts';
import { ApiError, ruleError, unauthorized } from '../http/errors.ts';
import { isUniqueViolation, one, rows, type Queryable } from '../lib/db.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { enforce, type RateLimiter } from '../auth/rate-limit.ts';
import { sha256, type AuthService, type Principal, type TokenPair } from '../auth/service.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { renderMail, storefrontLink } from '../mail/templates.ts';

/** `SELECT * FROM customers` */
type CustomerRow = SqlRow<typeof schema.customers>;

export type CustomerProfile = {
  email: string;
  firstname: string;
  lastname: string;
  addresses?: Record<string, unknown>[] | undefined;
};

export type CustomerView = ReturnType<typeof customerView>;

const iso = (d: Date | string) => new Date(d).toISOString();

export function customerView(c: CustomerRow) {
  const store = storeViewByCode(c.store_code);
  return {
    id: c.id,
    group_id: c.group_id,
    email: c.email,
    firstname: c.firstname,
    lastname: c.lastname,
    // the column holds what the profile update accepted (addressFieldsSchema: unknown keys dropped)
    addresses: (c.addresses ?? []) as SavedAddress[],
    store_code: c.store_code,
    store_id: store.storeId,
    website_id: 1,
    created_at: iso(c.created_at),
    updated_at: iso(c.updated_at),
  };
}

/** the order columns the account's history reads */
type OrderRow = Pick<
  SqlRow<typeof schema.orders>,
  | 'id'
  | 'increment_id'
  | 'order_token'
  | 'status'
  | 'payment_status'
  | 'cancel_reason'
  | 'shipping_status'
  | 'store_code'
  | 'currency'
  | 'grand_total'
  | 'subtotal_incl_tax'
  | 'discount_amount'
  | 'shipping_incl_tax'
  | 'payment_fee'
  | 'tax_amount'
  | 'coupon_code'
  | 'shipping_method_code'
  | 'payment_method_code'
  | 'shipping_address'
  | 'billing_address'
  | 'feedback_at'
  | 'carrier'
  | 'tracking_number'
  | 'is_pickup'
  | 'created_at'
>;

type OrderItemRow = Omit<SqlRow<typeof schema.orderItems>, 'id'>;

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export class UserService {
  constructor(
    private readonly database: Database,
    private readonly config: ApiConfig,
    private readonly auth: AuthService,
    private readonly limiter: RateLimiter,
  ) {}

  private byId(q: Queryable, id: number) {
    return one<CustomerRow>(q, 'SELECT * FROM customers WHERE id = $1', [id]);
  }

  private byEmail(q: Queryable, email: string) {
    return one<CustomerRow>(q, 'SELECT * FROM customers WHERE email = $1', [normaliseEmail(email)]);
  }

  private async current(principal: Principal): Promise<CustomerRow> {
    const customer = await this.byId(this.database, principal.customerId);
    if (!customer) throw unauthorized('error.unauthorized');
    return customer;
  }

  // ---------------------------------------------------------------- account

  async create(
    input: { customer: CustomerProfile; password: string },
    store: StoreCode,
    clientAddress: string,
  ): Promise<CustomerView> {
    await enforce(this.limiter, [
      { key: `signup:address:${clientAddress}`, rule: this.config.rateLimits.signupAddress },
    ]);
    const email = normaliseEmail(input.customer.email);
    if (await this.byEmail(this.database, email))
      throw ruleError('user.emailExists', undefined, 'customer.email');
    const passwordHash = await hashPassword(input.password);
    try {
      const row = await one<CustomerRow>(
        this.database,
        `INSERT INTO customers (email, password_hash, firstname, lastname, store_code, addresses)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb) RETURNING *`,
        [
          email,
          passwordHash,
          input.customer.firstname,
          input.customer.lastname,
          store,
          JSON.stringify(input.customer.addresses ?? []),
        ],
      );
      if (!row) throw new Error('customer was not written');
      return customerView(row);
    } catch (err) {
      // two sign-ups with one e-mail at once: the second meets the unique index
      if (isUniqueViolation(err)) throw ruleError('user.emailExists', undefined, 'customer.email');
      throw err;
    }
  }

  /**
   * Login. Both limits count every attempt before the password is checked (a parallel flood cannot
   * slip past them); a success forgets the account's count.
   */
  async login(username: string, password: string, clientAddress: string): Promise<TokenPair> {
    const email = normaliseEmail(username);
    const accountKey = `login:account:${email}`;
    await enforce(this.limiter, [
      { key: accountKey, rule: this.config.rateLimits.loginAccount },
      { key: `login:address:${clientAddress}`, rule: this.config.rateLimits.loginAddress },
    ]);
    const customer = await this.byEmail(this.database, email);
    if (!(await verifyPassword(customer?.password_hash, password)) || !customer)
      throw unauthorized('user.invalidCredentials');
    // said only after the right password, so the answer does not tell strangers the account exists
    if (customer.disabled_at !== null) throw unauthorized('user.accountDisabled');
    await this.limiter.reset(accountKey);
    return this.auth.startSession(this.database, customer);
  }

  async me(principal: Principal): Promise<CustomerView> {
    return customerView(await this.current(principal));
  }

  /**
   * only firstname, lastname, email and addresses change; addresses left out stay as they are. A new
   * e-mail needs `currentPassword` and e-mails the old address a notice in the customer's language.
   */
  async update(
    principal: Principal,
    profile: CustomerProfile,
    currentPassword?: string,
  ): Promise<CustomerView> {
    const customer = await this.current(principal);
    const email = normaliseEmail(profile.email);
    const emailChanges = email !== customer.email;
    if (emailChanges)
      await this.checkCurrentPassword(customer, currentPassword ?? '', 'user.currentPasswordWrong');
    try {
      return await this.database.transaction(async (tx) => {
        const row = await one<CustomerRow>(
          tx,
          `UPDATE customers SET firstname = $2, lastname = $3, email = $4, addresses = coalesce($5::jsonb, addresses), updated_at = now()
           WHERE id = $1 RETURNING *`,
          [
            principal.customerId,
            profile.firstname,
            profile.lastname,
            email,
            profile.addresses ? JSON.stringify(profile.addresses) : null,
          ],
        );
        if (!row) throw unauthorized('error.unauthorized');
        if (emailChanges) {
          const store = storeViewByCode(customer.store_code).storeCode;
          await enqueueMail(tx, 'mail.email-changed', {
            to: customer.email,
            storeCode: store,
            ...renderMail(
              'emailChanged',
              store,
              { firstname: row.firstname, newEmail: email },
              shopNameIn(await effectiveSettings(tx, this.config.settingsSeed), store),
            ),
          });
        }
        return customerView(row);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw ruleError('user.emailExists', undefined, 'customer.email');
      throw err;
    }
  }

  /**
   * The current password of a logged-in customer (password change, e-mail change): each check counts
   * against the account like a login, so a stolen access token cannot guess it; 400 on `currentPassword`.
   */
  private async checkCurrentPassword(customer: CustomerRow, password: string, key: string): Promise<void> {
    const accountKey = `login:account:${customer.email}`;
    await enforce(this.limiter, [{ key: accountKey, rule: this.config.rateLimits.loginAccount }]);
    if (!(await verifyPassword(customer.password_hash, password)))
      throw new ApiError(
        400,
        key,
        undefined,
        [{ field: 'currentPassword', key: 'user.currentPasswordWrong' }],
        false,
      );
    await this.limiter.reset(accountKey);
  }

  /** the customer's orders, newest first (accounts-checkout-routes.md §9: 20 per page) */
  async orderHistory(principal: Principal, pageSize: number, currentPage: number, store: StoreCode = 'lt') {
    const [count] = await rows<{ n: number }>(
      this.database,
      'SELECT count(*)::int AS n FROM orders WHERE customer_id = $1',
      [principal.customerId],
    );
    const orders = await rows<OrderRow>(
      this.database,
      'SELECT * FROM orders WHERE customer_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3',
      [principal.customerId, pageSize, (currentPage - 1) * pageSize],
    );
    const items = orders.length
      ? await rows<OrderItemRow>(
          this.database,
          `SELECT order_id, product_id, sku, name, qty, product_type, product_option, price_incl_tax, row_total_incl_tax, tax_percent
           FROM order_items WHERE order_id = ANY($1::int[]) ORDER BY id`,
          [orders.map((o) => o.id)],
        )
      : [];
    // the status history and the parcel's tracking
    const histories = await customerHistories(
      this.database,
      orders.map((o) => o.id),
    );
    // the methods' titles in the page's language and the lines' images (order/presentation.ts)
    const shown = await orderPresentation(
      this.database,
      store,
      items.map((i) => i.product_id),
    );
    const notes = orders.length
      ? await rows<{ order_id: number; number: string }>(
          this.database,
          'SELECT order_id, number FROM credit_notes WHERE order_id = ANY($1::int[]) ORDER BY id',
          [orders.map((o) => o.id)],
        )
      : [];
    return {
      items: orders.map((o) => ({
        id: o.id,
        increment_id: o.increment_id,
        orderNumber: o.increment_id,
        orderToken: o.order_token,
        status: o.status,
        /** 'payment_timeout': cancelled because it was not paid in time (order/unpaid.ts) */
        cancel_reason: o.cancel_reason,
        payment_status: o.payment_status,
        shipping_status: o.shipping_status,
        store_code: o.store_code,
        currency: o.currency,
        created_at: iso(o.created_at),
        grand_total: o.grand_total,
        subtotal_incl_tax: o.subtotal_incl_tax,
        discount_amount: o.discount_amount,
        shipping_incl_tax: o.shipping_incl_tax,
        payment_fee: o.payment_fee,
        tax_amount: o.tax_amount,
        coupon_code: o.coupon_code,
        shipping_method_code: o.shipping_method_code,
        payment_method_code: o.payment_method_code,
        shipping_method_title: shown.shippingTitle(o.shipping_method_code),
        payment_method_title: shown.paymentTitle(o.payment_method_code),
        shipping_address: o.shipping_address,
        billing_address: o.billing_address,
        feedback_filled: o.feedback_at !== null,
        ...customerDelivery(o),
        history: histories.get(o.id) ?? [],
        credit_notes: notes.filter((n) => n.order_id === o.id).map((n) => n.number),
        items: items
          .filter((i) => i.order_id === o.id)
          .map(({ order_id: _orderId, ...i }) => ({ ...i, image: shown.image(i.product_id) })),
      })),
      total_count: count?.n ?? 0,
      page_size: pageSize,
      current_page: currentPage,
    };
  }

  /** the loyalty card: the customer's claims (code, value, description, created_at), newest first */
  async claims(principal: Principal) {
    const found = await rows<{ code: string; value: string; description: string; created_at: Date | string }>(
      this.database,
      'SELECT code, value, description, created_at FROM customer_claims WHERE customer_id = $1 ORDER BY created_at DESC, id DESC',
      [principal.customerId],
    );
    return found.map((c) => ({
      code: c.code,
      value: c.value,
      description: c.description,
      created_at: iso(c.created_at),
    }));
  }

  // ---------------------------------------------------------------- passwords

  /**
   * E-mails a reset link. Answers `true` whether or not the address has an account (the spec's
   * "Provided email does not exist" would tell anyone which addresses are customers): both cases run
   * the same statements (the token's INSERT ... SELECT simply writes nothing for an unknown address)
   * and the e-mail leaves later through the outbox, so the time does not tell either.
   */
  async requestPasswordReset(emailInput: string, store: StoreCode, clientAddress: string): Promise<true> {
    const email = normaliseEmail(emailInput);
    await enforce(this.limiter, [
      { key: `reset:account:${email}`, rule: this.config.rateLimits.resetAccount },
      { key: `reset:address:${clientAddress}`, rule: this.config.rateLimits.resetAddress },
    ]);
    const token = randomBytes(32).toString('base64url');
    const link = storefrontLink(
      this.config.publicUrl,
      store,
      `/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`,
    );
    const minutes = Math.round(this.config.passwordResetTtlSeconds / 60);
    await this.database.transaction(async (tx) => {
      // the newest link is the only valid one
      await tx.query(
        'UPDATE password_reset_tokens SET used_at = now() WHERE customer_id = (SELECT id FROM customers WHERE email = $1) AND used_at IS NULL',
        [email],
      );
      const customer = await one<{ firstname: string }>(
        tx,
        `INSERT INTO password_reset_tokens (customer_id, token_hash, expires_at)
         SELECT id, $2, now() + make_interval(secs => $3::int) FROM customers WHERE email = $1
         RETURNING (SELECT firstname FROM customers WHERE email = $1) AS firstname`,
        [email, sha256(token), this.config.passwordResetTtlSeconds],
      );
      if (!customer) return;
      await enqueueMail(tx, 'mail.password-reset', {
        to: email,
        storeCode: store,
        link,
        sensitive: true,
        ...renderMail(
          'passwordReset',
          store,
          { firstname: customer.firstname, link, minutes },
          shopNameIn(await effectiveSettings(tx, this.config.settingsSeed), store),
        ),
      });
    });
    return true;
  }

  /** sets a new password with a reset token (create-password, change-reset-password); ends every session */
  async resetPassword(input: { email: string; newPassword: string; resetToken: string }): Promise<void> {
    const email = normaliseEmail(input.email);
    const tokenHash = sha256(input.resetToken);
    const valid = `SELECT t.id, t.customer_id FROM password_reset_tokens t JOIN customers c ON c.id = t.customer_id
                   WHERE t.token_hash = $1 AND c.email = $2 AND t.used_at IS NULL AND t.expires_at > now()`;
    // cheap check first, so a guessed token costs no Argon2 hash
    if (!(await one(this.database, valid, [tokenHash, email])))
      throw ruleError('user.resetTokenInvalid', undefined, 'resetToken');
    const passwordHash = await hashPassword(input.newPassword);
    const done = await this.database.transaction(async (tx) => {
      const row = await one<{ id: number; customer_id: number }>(tx, `${valid} FOR UPDATE OF t`, [
        tokenHash,
        email,
      ]);
      if (!row) return false;
      await tx.query('UPDATE customers SET password_hash = $2, updated_at = now() WHERE id = $1', [
        row.customer_id,
        passwordHash,
      ]);
      await tx.query(
        'UPDATE password_reset_tokens SET used_at = now() WHERE customer_id = $1 AND used_at IS NULL',
        [row.customer_id],
      );
      await this.auth.endAllSessions(tx, row.customer_id);
      return true;
    });
    if (!done) throw ruleError('user.resetTokenInvalid', undefined, 'resetToken');
    await this.limiter.reset(`login:account:${email}`);
  }

  /** changes the password of the logged-in customer; ends every other session */
  async changePassword(principal: Principal, currentPassword: string, newPassword: string): Promise<void> {
    const customer = await this.current(principal);
    await this.checkCurrentPassword(customer, currentPassword, 'user.passwordChangeError');
    const passwordHash = await hashPassword(newPassword);
    await this.database.transaction(async (tx) => {
      await tx.query('UPDATE customers SET password_hash = $2, updated_at = now() WHERE id = $1', [
        customer.id,
        passwordHash,
      ]);
      await tx.query(
        'UPDATE password_reset_tokens SET used_at = now() WHERE customer_id = $1 AND used_at IS NULL',
        [customer.id],
      );
      await this.auth.endAllSessions(tx, customer.id, principal.sessionId);
    });
  }
}
