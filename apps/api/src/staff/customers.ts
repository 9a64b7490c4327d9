/**
 * The customers in the back office (roles staff and admin): the list with its search and paging,
 * a customer's profile (details, addresses, orders, newsletter state), and disabling or enabling an
 * account. A disabled customer cannot log in, refresh a session or use an access token
 * (auth/service.ts, user/service.ts); disabling also ends every session at once, and enabling does
 * not bring them back. Each change is written with its audit row in one transaction.
 */
import { one, rows, type Queryable } from '../lib/db.ts';
import { audit, type StaffActor } from './audit.ts';
import type { Database } from '@vitrina/db';
import type { Page } from './back-office.ts';

export type CustomerListItem = {
  id: number;
  email: string;
  name: string;
  phone: string | null;
  created_at: string;
  disabled: boolean;
  orders: number;
};

export type CustomerProfile = CustomerListItem & {
  firstname: string;
  lastname: string;
  store_code: string;
  group_id: number;
  disabled_at: string | null;
  addresses: Record<string, unknown>[];
  order_list: {
    id: number;
    number: string;
    created_at: string;
    status: string;
    payment_status: string;
    grand_total: number;
  }[];
  /** the newsletter_subscribers row of the customer's e-mail: 'pending' | 'subscribed' | 'unsubscribed', or null when none */
  newsletter: string | null;
};

type Row = {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
  store_code: string;
  group_id: number;
  addresses: Record<string, unknown>[];
  created_at: Date | string;
  disabled_at: Date | string | null;
  orders: number;
};

/** `%`, `_` and `\` taken literally in a LIKE pattern */
const likeLiteral = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const phoneOf = (addresses: Record<string, unknown>[]): string | null => {
  for (const a of addresses) if (typeof a.telephone === 'string' && a.telephone) return a.telephone;
  return null;
};

function listItem(r: Row): CustomerListItem {
  return {
    id: r.id,
    email: r.email,
    name: [r.firstname, r.lastname].filter(Boolean).join(' '),
    phone: phoneOf(Array.isArray(r.addresses) ? r.addresses : []),
    created_at: new Date(r.created_at).toISOString(),
    disabled: r.disabled_at !== null,
    orders: Number(r.orders),
  };
}

const SELECT = `SELECT c.id, c.email, c.firstname, c.lastname, c.store_code, c.group_id, c.addresses, c.created_at, c.disabled_at,
  (SELECT count(*) FROM orders o WHERE o.customer_id = c.id)::int AS orders FROM customers c`;

/** customers, newest first; `q` finds a part of the name, e-mail or a phone of the address book */
export async function listCustomers(
  q: Queryable,
  f: { q?: string | undefined; state?: 'active' | 'disabled' | undefined; page: number; size: number },
): Promise<Page<CustomerListItem>> {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const search = f.q?.trim();
  if (search) {
    params.push(likeLiteral(search));
    // a phone is also found written without spaces ("+370 600 00000" by "60000000")
    params.push(likeLiteral(search.replace(/\s+/g, '')));
    clauses.push(`(c.email ILIKE $1 OR concat_ws(' ', c.firstname, c.lastname) ILIKE $1
      OR EXISTS (SELECT 1 FROM jsonb_array_elements(c.addresses) a
        WHERE a->>'telephone' ILIKE $1 OR replace(a->>'telephone', ' ', '') ILIKE $2))`);
  }
  if (f.state) clauses.push(f.state === 'disabled' ? 'c.disabled_at IS NOT NULL' : 'c.disabled_at IS NULL');
  const where = clauses.length ? `WHERE ${clauses.join(' AND ')}` : '';
  const total = await one<{ n: number }>(q, `SELECT count(*)::int AS n FROM customers c ${where}`, params);
  const found = await rows<Row>(
    q,
    `${SELECT} ${where} ORDER BY c.created_at DESC, c.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, f.size, (f.page - 1) * f.size],
  );
  return { items: found.map(listItem), total: total?.n ?? 0, page: f.page, size: f.size };
}

export async function customerProfile(q: Queryable, id: number): Promise<CustomerProfile | undefined> {
  const r = await one<Row>(q, `${SELECT} WHERE c.id = $1`, [id]);
  if (!r) return undefined;
  const orderRows = await rows<{
    id: number;
    increment_id: string;
    created_at: Date | string;
    status: string;
    payment_status: string;
    grand_total: number;
  }>(
    q,
    'SELECT id, increment_id, created_at, status, payment_status, grand_total FROM orders WHERE customer_id = $1 ORDER BY created_at DESC, id DESC LIMIT 200',
    [id],
  );
  const newsletter = await one<{ status: string }>(
    q,
    'SELECT status FROM newsletter_subscribers WHERE email = $1',
    [r.email],
  );
  return {
    ...listItem(r),
    firstname: r.firstname,
    lastname: r.lastname,
    store_code: r.store_code,
    group_id: r.group_id,
    disabled_at: r.disabled_at === null ? null : new Date(r.disabled_at).toISOString(),
    addresses: Array.isArray(r.addresses) ? r.addresses : [],
    order_list: orderRows.map((o) => ({
      id: o.id,
      number: o.increment_id,
      created_at: new Date(o.created_at).toISOString(),
      status: o.status,
      payment_status: o.payment_status,
      grand_total: Number(o.grand_total),
    })),
    newsletter: newsletter?.status ?? null,
  };
}

/**
 * Disables (sessions end at once) or enables a customer, audited as `customer.disable` /
 * `customer.enable` in the same transaction. Undefined when there is no such customer; a repeat
 * (disabling a disabled account) changes nothing and is not audited again.
 */
export async function setCustomerDisabled(
  database: Database,
  actor: StaffActor,
  id: number,
  disabled: boolean,
): Promise<CustomerProfile | undefined> {
  const changed = await database.transaction(async (tx) => {
    const row = await one<{ id: number; email: string; disabled_at: Date | string | null }>(
      tx,
      'SELECT id, email, disabled_at FROM customers WHERE id = $1 FOR UPDATE',
      [id],
    );
    if (!row) return false;
    if ((row.disabled_at !== null) === disabled) return true;
    await tx.query(
      `UPDATE customers SET disabled_at = ${disabled ? 'now()' : 'NULL'}, updated_at = now() WHERE id = $1`,
      [id],
    );
    if (disabled)
      await tx.query(
        'UPDATE refresh_tokens SET revoked_at = now() WHERE customer_id = $1 AND revoked_at IS NULL',
        [id],
      );
    await audit(tx, actor, disabled ? 'customer.disable' : 'customer.enable', `customer:${id}`, {
      email: row.email,
    });
    return true;
  });
  return changed ? customerProfile(database, id) : undefined;
}
