/**
 * The back office's delivery and payment methods under `/vsbridge/staff/shipping-methods` and
 * `/vsbridge/staff/payment-methods`: every staff member may read them (the orders name them); only
 * role `admin` (area `settings`) changes them. A shipping method's price, free-shipping threshold,
 * countries and on/off; a payment method's on/off and position. The changed fields are validated by
 * the import file's own schemas (amounts in euros NET of VAT, as the import file has them: the cart
 * makes them gross at the destination's rate), written in one transaction with the audit row and a
 * new catalogue version, so the storefront's cached checkout data (offline checkout) is renewed.
 * Writes are POSTs with the staff session's SameSite=Strict cookie (the back office's CSRF defence).
 */
import {
  importPaymentMethodSchema,
  importShippingMethodSchema,
  toCents,
  type StoreCode,
} from '@vitrina/domain';
import { bumpCatalogVersion } from '@vitrina/db';
import { z } from 'zod';
import type { ApiApp, ApiContext } from '../context.ts';
import { ok } from '../http/envelope.ts';
import { staffArea } from './guard.ts';
import { staffPrincipal } from './routes.ts';
import { notFound, type ApiError } from '../http/errors.ts';
import { requestStoreCode } from '../http/request.ts';
import { storeQuery } from '../http/validation.ts';
import { one, rows } from '../lib/db.ts';
import { audit } from './audit.ts';
import { recordFieldErrors } from '../http/record-errors.ts';

const tags = ['staff'];
const codeParams = z.object({ code: z.string().min(1).max(64) });
const changesBody = z.object({ changes: z.record(z.string(), z.unknown()) });

/** the fields the back office changes, checked by the import file's schemas */
const shippingChanges = importShippingMethodSchema
  .pick({ price: true, free_threshold: true, countries: true, is_active: true })
  .partial()
  .strict();
const paymentChanges = importPaymentMethodSchema.pick({ is_active: true, position: true }).partial().strict();

const fieldErrors = (issues: readonly z.core.$ZodIssue[], store: StoreCode): ApiError =>
  recordFieldErrors(issues, store, '(changes)');

export function deliveryRoutes(app: ApiApp, ctx: Pick<ApiContext, 'catalog' | 'database' | 'staffSessions'>) {
  const { database } = ctx;
  /** read: any staff role that works with orders or settings; write: area settings (admin) */
  const guard = (write: boolean) =>
    write ? staffArea(ctx, 'settings') : staffArea(ctx, 'orders', 'settings');
  const actor = staffPrincipal;

  const listShipping = () =>
    rows(
      database,
      `SELECT code, carrier_code, method_code, title, price_cents, free_threshold_cents, countries, needs_pickup_point,
              is_default, is_active, position FROM shipping_methods ORDER BY position, code`,
    );
  const listPayment = () =>
    rows(
      database,
      `SELECT code, title, fee_cents, is_default, offline, allowed_for_virtual, is_active, position
       FROM payment_methods ORDER BY position, code`,
    );

  app.get(
    '/vsbridge/staff/shipping-methods',
    {
      onRequest: guard(false),
      schema: { tags, summary: 'Shipping methods (amounts in cents, net of VAT)', querystring: storeQuery },
    },
    async () => ok({ items: await listShipping() }),
  );
  app.get(
    '/vsbridge/staff/payment-methods',
    {
      onRequest: guard(false),
      schema: { tags, summary: 'Payment methods in their order', querystring: storeQuery },
    },
    async () => ok({ items: await listPayment() }),
  );

  app.post(
    '/vsbridge/staff/shipping-methods/:code',
    {
      onRequest: guard(true),
      schema: {
        tags,
        summary:
          "Changes a shipping method's price, free-shipping threshold (euros net of VAT), countries or on/off",
        params: codeParams,
        querystring: storeQuery,
        body: changesBody,
      },
    },
    async (req) => {
      const parsed = shippingChanges.safeParse(req.body.changes);
      if (!parsed.success) throw fieldErrors(parsed.error.issues, requestStoreCode(req));
      const c = parsed.data;
      const code = req.params.code;
      await database.transaction(async (tx) => {
        const found = await one<{ code: string }>(
          tx,
          'SELECT code FROM shipping_methods WHERE code = $1 FOR UPDATE',
          [code],
        );
        if (!found) throw notFound('error.notFound');
        await tx.query(
          `UPDATE shipping_methods SET
             price_cents = coalesce($2, price_cents),
             free_threshold_cents = CASE WHEN $3::boolean THEN $4::int ELSE free_threshold_cents END,
             countries = coalesce($5::text[], countries),
             is_active = coalesce($6, is_active)
           WHERE code = $1`,
          [
            code,
            c.price === undefined ? null : toCents(c.price),
            c.free_threshold !== undefined,
            c.free_threshold == null ? null : toCents(c.free_threshold),
            c.countries ? c.countries.map((x) => x.toUpperCase()) : null,
            c.is_active ?? null,
          ],
        );
        await audit(tx, actor(req), 'shipping_method.update', `shipping_method:${code}`, { changes: c });
        await bumpCatalogVersion(tx);
      });
      ctx.catalog.catalogChanged();
      return ok({ items: await listShipping() });
    },
  );

  app.post(
    '/vsbridge/staff/payment-methods/:code',
    {
      onRequest: guard(true),
      schema: {
        tags,
        summary: 'Turns a payment method on or off, or moves it',
        params: codeParams,
        querystring: storeQuery,
        body: changesBody,
      },
    },
    async (req) => {
      const parsed = paymentChanges.safeParse(req.body.changes);
      if (!parsed.success) throw fieldErrors(parsed.error.issues, requestStoreCode(req));
      const c = parsed.data;
      const code = req.params.code;
      await database.transaction(async (tx) => {
        const found = await one<{ code: string }>(
          tx,
          'UPDATE payment_methods SET is_active = coalesce($2, is_active), position = coalesce($3, position) WHERE code = $1 RETURNING code',
          [code, c.is_active ?? null, c.position ?? null],
        );
        if (!found) throw notFound('error.notFound');
        await audit(tx, actor(req), 'payment_method.update', `payment_method:${code}`, { changes: c });
        await bumpCatalogVersion(tx);
      });
      ctx.catalog.catalogChanged();
      return ok({ items: await listPayment() });
    },
  );
}
