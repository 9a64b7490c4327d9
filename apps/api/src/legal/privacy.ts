/**
 * A person's data (GDPR art. 15, 17, 20; docs/legal.md): everything the shop holds about them as
 * machine-readable JSON, and its erasure. The person is an e-mail address: their account (if any),
 * their orders (as customer or guest) and whatever else names that address.
 *
 * COVERAGE declares, per table of the schema, how it is covered: a table holding personal data has
 * an export and an erasure (delete, anonymise, or keep what accounting law requires for its
 * retention period); any other table says why it holds none. test/privacy-coverage.test.ts walks the drizzle
 * schema and fails when a table with a personal column (an e-mail, a name, a phone, an address, a
 * customer link) is missing here, so a new table cannot silently escape the export or the erasure.
 *
 * Erasure keeps an order's accounting part (orders are the shop's sales records and the source of
 * their VAT invoices: Buhalterinės apskaitos įstatymas art. 19, 10 years): the buyer's name, billing
 * address, e-mail (both printed on the invoice) and the lines; it removes the delivery address (but
 * its country, the VAT destination), the client address and the link to the account. Once an order's
 * retention period has passed, its buyer data goes too.
 */
import { createHash } from 'node:crypto';
import type { Database } from '@vitrina/db';
import { ACCOUNTING_RETENTION_YEARS, accountingRetentionEnds } from '@vitrina/domain';
import { rows, type Queryable } from '../lib/db.ts';

export type Subject = { email: string; customerIds: number[]; orderIds: number[] };

type Handler = {
  /** what is exported (rows as stored; secrets left out) */
  export(q: Queryable, s: Subject): Promise<unknown[]>;
  /** erases (or anonymises) and answers how many rows were touched */
  erase(q: Queryable, s: Subject, now: Date): Promise<number>;
};

export type Coverage =
  | ({ kind: 'person'; columns: string[]; how: string } & Handler)
  | { kind: 'not_personal' | 'staff'; why: string };

const count = async (q: Queryable, sql: string, params: unknown[]) =>
  (await rows<{ x: number }>(q, `${sql} RETURNING 1 AS x`, params)).length;

const byEmail = (table: string, column = 'email'): Handler => ({
  export: (q, s) => rows(q, `SELECT * FROM ${table} WHERE lower(${column}) = $1 ORDER BY 1`, [s.email]),
  erase: (q, s) => count(q, `DELETE FROM ${table} WHERE lower(${column}) = $1`, [s.email]),
});

const byCustomer = (table: string, columns = '*'): Handler => ({
  export: (q, s) =>
    rows(q, `SELECT ${columns} FROM ${table} WHERE customer_id = ANY($1::int[]) ORDER BY 1`, [s.customerIds]),
  erase: (q, s) => count(q, `DELETE FROM ${table} WHERE customer_id = ANY($1::int[])`, [s.customerIds]),
});

const notPersonal = (why: string): Coverage => ({ kind: 'not_personal', why });
const CATALOGUE = notPersonal(
  'catalogue or shop configuration: names of products, categories, places and groups, no person',
);

/** the e-mail's appearances inside a JSON column (a cart's addresses, an outbox row's recipient) */
const CART_MATCH = `(customer_id = ANY($1::int[]) OR lower(shipping_address->>'email') = $2 OR lower(billing_address->>'email') = $2)`;

export const COVERAGE: Record<string, Coverage> = {
  categories: CATALOGUE,
  attributes: CATALOGUE,
  products: CATALOGUE,
  product_categories: CATALOGUE,
  stock: CATALOGUE,
  product_index: CATALOGUE,
  tax_rules: CATALOGUE,
  coupons: CATALOGUE,
  shipping_methods: CATALOGUE,
  payment_methods: CATALOGUE,
  pickup_points: notPersonal("a carrier's parcel lockers and post offices: business places"),
  customer_groups: CATALOGUE,
  customer_group_tier_history: notPersonal("a customer group's tier over time: no person"),
  cms_pages: CATALOGUE,
  cms_blocks: CATALOGUE,
  news: CATALOGUE,
  banners: CATALOGUE,
  shop_config: CATALOGUE,
  meta: CATALOGUE,
  invoice_series: notPersonal('the last invoice number per prefix'),
  invoices: notPersonal(
    "the seller's data and the number; the buyer is read from the order (kept: accounting)",
  ),
  order_items: notPersonal("the products sold (name = the product's); kept with the order (accounting)"),
  order_events: {
    kind: 'person',
    columns: ['payload'],
    how: "webhook events of the person's orders carry the whole order (the buyer's e-mail and addresses, for the shop's own systems): exported, and their payload reduced to the event's type and order number once erased",
    export: (q, s) =>
      rows(
        q,
        'SELECT id, type, order_id, payload, created_at FROM order_events WHERE order_id = ANY($1::int[]) ORDER BY seq',
        [s.orderIds],
      ),
    erase: (q, s) =>
      count(
        q,
        `UPDATE order_events SET payload = jsonb_build_object('erased', true) WHERE order_id = ANY($1::int[])`,
        [s.orderIds],
      ),
  },
  webhook_deliveries: notPersonal('deliveries of order events to the shop’s own systems'),
  return_lines: notPersonal('which units of an order line came back'),
  privacy_requests: notPersonal(
    'the person only as the sha-256 of the e-mail: proof of what was done, no data',
  ),
  staff_users: { kind: 'staff', why: "the shop's staff accounts (an admin disables them), not customers" },
  staff_sessions: { kind: 'staff', why: 'staff sessions' },

  customers: {
    kind: 'person',
    columns: ['email', 'firstname', 'lastname', 'addresses'],
    how: 'exported without the password hash; deleted',
    export: (q, s) =>
      rows(
        q,
        'SELECT id, email, firstname, lastname, group_id, store_code, addresses, created_at, updated_at FROM customers WHERE id = ANY($1::int[])',
        [s.customerIds],
      ),
    erase: (q, s) => count(q, 'DELETE FROM customers WHERE id = ANY($1::int[])', [s.customerIds]),
  },
  refresh_tokens: {
    kind: 'person',
    columns: ['customer_id'],
    how: 'sessions: exported without hashes; deleted',
    ...byCustomer('refresh_tokens', 'id, customer_id, expires_at, revoked_at, created_at'),
  },
  password_reset_tokens: {
    kind: 'person',
    columns: ['customer_id'],
    how: 'exported without hashes; deleted',
    ...byCustomer('password_reset_tokens', 'id, customer_id, expires_at, used_at, created_at'),
  },
  customer_claims: {
    kind: 'person',
    columns: ['customer_id'],
    how: 'deleted',
    ...byCustomer('customer_claims'),
  },
  special_offers: {
    kind: 'person',
    columns: ['customer_id'],
    how: 'deleted',
    ...byCustomer('special_offers'),
  },
  carts: {
    kind: 'person',
    columns: ['customer_id', 'shipping_address', 'billing_address'],
    how: "the account's carts and carts naming the e-mail: deleted with their lines",
    export: (q, s) =>
      rows(q, `SELECT * FROM carts WHERE ${CART_MATCH} ORDER BY created_at`, [s.customerIds, s.email]),
    erase: async (q, s) => {
      await q.query(`DELETE FROM cart_items WHERE cart_id IN (SELECT id FROM carts WHERE ${CART_MATCH})`, [
        s.customerIds,
        s.email,
      ]);
      return count(q, `DELETE FROM carts WHERE ${CART_MATCH}`, [s.customerIds, s.email]);
    },
  },
  cart_items: notPersonal('the products in a cart (deleted with the carts above)'),
  orders: {
    kind: 'person',
    columns: [
      'customer_id',
      'email',
      'personal_details',
      'shipping_address',
      'billing_address',
      'client_address',
    ],
    how: `kept ${ACCOUNTING_RETENTION_YEARS} years (accounting): buyer name, billing address and e-mail stay for the invoice; delivery address (but its country), client address, extra personal details and the account link go; after the retention period, the buyer data goes too`,
    export: (q, s) =>
      rows(
        q,
        `SELECT o.increment_id, o.created_at, o.store_code, o.status, o.payment_status, o.shipping_status, o.email, o.personal_details,
           o.shipping_address, o.billing_address, o.shipping_method_code, o.payment_method_code, o.grand_total, o.currency, o.terms_version,
           (SELECT coalesce(json_agg(json_build_object('sku', i.sku, 'name', i.name, 'qty', i.qty, 'row_total_incl_tax', i.row_total_incl_tax) ORDER BY i.id), '[]')
              FROM order_items i WHERE i.order_id = o.id) AS items,
           (SELECT number FROM invoices WHERE order_id = o.id) AS invoice_number
         FROM orders o WHERE o.id = ANY($1::int[]) ORDER BY o.id`,
        [s.orderIds],
      ),
    erase: async (q, s, now) => {
      const list = await rows<{ id: number; created_at: Date | string }>(
        q,
        'SELECT id, created_at FROM orders WHERE id = ANY($1::int[])',
        [s.orderIds],
      );
      let n = 0;
      for (const o of list) {
        const expired = accountingRetentionEnds(new Date(o.created_at)).getTime() <= now.getTime();
        n += await count(
          q,
          `UPDATE orders SET customer_id = NULL, client_address = NULL, cart_id = NULL,
             shipping_address = jsonb_build_object('countryId', shipping_address->'countryId', 'country_id', shipping_address->'country_id'),
             personal_details = CASE WHEN $2 THEN '{}'::jsonb ELSE jsonb_build_object('firstName', personal_details->'firstName', 'lastName', personal_details->'lastName') END,
             billing_address = CASE WHEN $2 THEN jsonb_build_object('countryId', billing_address->'countryId') ELSE billing_address END,
             email = CASE WHEN $2 THEN 'erased-' || id || '@invalid' ELSE email END,
             anonymised_at = now(), updated_at = now()
           WHERE id = $1`,
          [o.id, expired],
        );
      }
      return n;
    },
  },
  order_status_history: {
    kind: 'person',
    columns: ['actor_email'],
    how: "the buyer's e-mail as the actor of a change: cleared (the change itself stays)",
    export: (q, s) =>
      rows(
        q,
        `SELECT order_id, action, to_status, created_at FROM order_status_history WHERE order_id = ANY($1::int[]) ORDER BY id`,
        [s.orderIds],
      ),
    erase: (q, s) =>
      count(
        q,
        `UPDATE order_status_history SET actor_email = NULL, actor_id = NULL WHERE order_id = ANY($1::int[]) AND actor_kind IN ('customer', 'guest')`,
        [s.orderIds],
      ),
  },
  payments: {
    kind: 'person',
    columns: ['payload'],
    how: "payments of the person's orders: kept (accounting, with the order)",
    export: (q, s) =>
      rows(
        q,
        'SELECT order_id, provider, status, amount_cents, created_at FROM payments WHERE order_id = ANY($1::int[]) ORDER BY id',
        [s.orderIds],
      ),
    erase: async () => 0,
  },
  withdrawals: {
    kind: 'person',
    columns: ['customer_id'],
    how: 'kept with the order (evidence of the withdrawal); the account link cleared',
    export: (q, s) =>
      rows(
        q,
        'SELECT id, order_id, return_id, declared_by, declared_at FROM withdrawals WHERE order_id = ANY($1::int[]) ORDER BY id',
        [s.orderIds],
      ),
    erase: (q, s) =>
      count(
        q,
        'UPDATE withdrawals SET customer_id = NULL WHERE order_id = ANY($1::int[]) AND customer_id IS NOT NULL',
        [s.orderIds],
      ),
  },
  returns: {
    kind: 'person',
    columns: ['note'],
    how: "returns of the person's orders: kept with the order (accounting: credit notes, stock); notes cleared",
    export: (q, s) =>
      rows(
        q,
        `SELECT r.id, r.order_id, r.reason, r.state, r.grade, r.created_at,
           (SELECT json_agg(json_build_object('order_item_id', l.order_item_id, 'qty', l.qty)) FROM return_lines l WHERE l.return_id = r.id) AS lines
         FROM returns r WHERE r.order_id = ANY($1::int[]) ORDER BY r.id`,
        [s.orderIds],
      ),
    erase: (q, s) =>
      count(q, 'UPDATE returns SET note = NULL WHERE order_id = ANY($1::int[]) AND note IS NOT NULL', [
        s.orderIds,
      ]),
  },
  return_history: {
    kind: 'person',
    columns: ['note'],
    how: "staff notes on the person's returns: cleared",
    export: (q, s) =>
      rows(
        q,
        'SELECT h.return_id, h.to_state, h.created_at FROM return_history h JOIN returns r ON r.id = h.return_id WHERE r.order_id = ANY($1::int[]) ORDER BY h.id',
        [s.orderIds],
      ),
    erase: (q, s) =>
      count(
        q,
        'UPDATE return_history SET note = NULL WHERE note IS NOT NULL AND return_id IN (SELECT id FROM returns WHERE order_id = ANY($1::int[]))',
        [s.orderIds],
      ),
  },
  newsletter_subscribers: {
    kind: 'person',
    columns: ['email'],
    how: 'deleted',
    ...byEmail('newsletter_subscribers'),
  },
  stock_notifications: {
    kind: 'person',
    columns: ['email'],
    how: 'deleted',
    ...byEmail('stock_notifications'),
  },
  contact_messages: {
    kind: 'person',
    columns: ['name', 'email', 'phone'],
    how: 'deleted',
    ...byEmail('contact_messages'),
  },
  reviews: {
    kind: 'person',
    columns: ['nickname'],
    how: "reviews of the person's orders: the nickname anonymised, the review kept",
    export: (q, s) =>
      rows(
        q,
        'SELECT id, product_id, order_id, title, detail, nickname, rating, status, created_at FROM reviews WHERE order_id = ANY($1::int[]) ORDER BY id',
        [s.orderIds],
      ),
    erase: (q, s) =>
      count(q, `UPDATE reviews SET nickname = '-' WHERE order_id = ANY($1::int[])`, [s.orderIds]),
  },
  order_feedback: {
    kind: 'person',
    columns: ['nickname'],
    how: "feedback on the person's orders: the nickname anonymised, the feedback kept",
    export: (q, s) =>
      rows(
        q,
        'SELECT id, order_id, title, detail, nickname, rating, created_at FROM order_feedback WHERE order_id = ANY($1::int[]) ORDER BY id',
        [s.orderIds],
      ),
    erase: (q, s) =>
      count(q, `UPDATE order_feedback SET nickname = '-' WHERE order_id = ANY($1::int[])`, [s.orderIds]),
  },
  outbox: {
    kind: 'person',
    columns: ['payload'],
    how: "the e-mails to the address, and the shop's notices naming it (new order, withdrawal): exported (subject, date); deleted",
    export: (q, s) =>
      rows(
        q,
        `SELECT kind, payload->>'subject' AS subject, created_at, processed_at FROM outbox
         WHERE position($1 in lower(payload::text)) > 0 ORDER BY id`,
        [s.email],
      ),
    erase: (q, s) => count(q, `DELETE FROM outbox WHERE position($1 in lower(payload::text)) > 0`, [s.email]),
  },
  staff_audit_log: {
    kind: 'person',
    columns: ['staff_email', 'details'],
    how: "staff_email is the staff member's; entries whose details name the person lose their details",
    export: (q, s) =>
      rows(
        q,
        `SELECT action, target, created_at FROM staff_audit_log WHERE position($1 in lower(details::text)) > 0 ORDER BY id`,
        [s.email],
      ),
    erase: (q, s) =>
      count(
        q,
        `UPDATE staff_audit_log SET details = '{"erased": true}'::jsonb WHERE position($1 in lower(details::text)) > 0`,
        [s.email],
      ),
  },
};

export const subjectHash = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

export async function subjectOf(q: Queryable, email: string): Promise<Subject> {
  const e = email.trim().toLowerCase();
  const customers = await rows<{ id: number }>(q, 'SELECT id FROM customers WHERE lower(email) = $1', [e]);
  const customerIds = customers.map((c) => c.id);
  const orders = await rows<{ id: number }>(
    q,
    'SELECT id FROM orders WHERE lower(email) = $1 OR customer_id = ANY($2::int[]) ORDER BY id',
    [e, customerIds],
  );
  return { email: e, customerIds, orderIds: orders.map((o) => o.id) };
}

const personTables = () =>
  Object.entries(COVERAGE).filter(
    (e): e is [string, Extract<Coverage, { kind: 'person' }>] => e[1].kind === 'person',
  );

export type Requester = { by: 'customer' } | { by: 'staff'; staffId: number | null };

export class PrivacyService {
  constructor(private readonly database: Database) {}

  /** everything held about the person, per table, as JSON; logged (privacy_requests) */
  async export(
    email: string,
    who: Requester,
    inTransaction: (tx: Queryable) => Promise<void> = async () => undefined,
  ) {
    return this.database.transaction(async (tx) => {
      const s = await subjectOf(tx, email);
      const data: Record<string, unknown[]> = {};
      for (const [table, c] of personTables()) data[table] = await c.export(tx, s);
      const summary = Object.fromEntries(Object.entries(data).map(([t, r]) => [t, r.length]));
      await this.log(tx, 'export', s.email, who, summary);
      await inTransaction(tx);
      return { generated_at: new Date().toISOString(), subject: { email: s.email }, data };
    });
  }

  /** erases the person (one transaction); answers per table how many rows were erased or anonymised */
  async erase(
    email: string,
    who: Requester,
    inTransaction: (tx: Queryable, summary: Record<string, number>) => Promise<void> = async () => undefined,
    now = new Date(),
  ) {
    return this.database.transaction(async (tx) => {
      const s = await subjectOf(tx, email);
      const summary: Record<string, number> = {};
      for (const [table, c] of personTables()) summary[table] = await c.erase(tx, s, now);
      await this.log(tx, 'erase', s.email, who, summary);
      await inTransaction(tx, summary);
      return { erased_at: now.toISOString(), summary };
    });
  }

  private async log(
    q: Queryable,
    kind: 'export' | 'erase',
    email: string,
    who: Requester,
    summary: Record<string, unknown>,
  ) {
    await q.query(
      'INSERT INTO privacy_requests (kind, subject_hash, requested_by, staff_id, summary) VALUES ($1, $2, $3, $4, $5::jsonb)',
      [kind, subjectHash(email), who.by, who.by === 'staff' ? who.staffId : null, JSON.stringify(summary)],
    );
  }
}
