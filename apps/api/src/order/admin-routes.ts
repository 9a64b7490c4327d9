/**
 * The order lifecycle by order number: a staff session whose role opens orders (a
 * customer token, ADMIN_TOKEN or none: 401), recorded as that staff member in the order's history
 * and the audit log. The staff area calls the same service (`ctx.orders.transition`) by order id.
 */
import { z } from 'zod';
import { staffOrderActionSchema, type StaffActionType } from '@vitrina/domain';
import type { ApiApp, ApiContext } from '../context.ts';
import { ok } from '../http/envelope.ts';
import { isTransitionRefusal, staffAction } from './lifecycle.ts';
import { refundOnCancel, refundOrder } from './refunds.ts';
import { notFound } from '../http/errors.ts';
import { staffArea } from '../staff/guard.ts';
import { staffPrincipal } from '../staff/routes.ts';
import { audit } from '../staff/audit.ts';

const tags = ['admin'];
const numberParams = z.object({ incrementId: z.string().trim().min(1).max(32) });

export function orderAdminRoutes(
  app: ApiApp,
  // `config` and `payments` with `database`: the refund service's context (refunds.ts RefundContext)
  ctx: Pick<ApiContext, 'config' | 'database' | 'orders' | 'payments' | 'staffSessions'>,
) {
  const authorize = staffArea(ctx, 'orders');

  app.get(
    '/vsbridge/admin/orders/:incrementId',
    {
      onRequest: authorize,
      schema: {
        tags,
        summary:
          'An order with its lines, payments, status history and the actions open now; a staff session',
        params: numberParams,
      },
    },
    async (req) => ok(await ctx.orders.detail(req.params.incrementId)),
  );

  app.post(
    '/vsbridge/admin/orders/:incrementId/transition',
    {
      onRequest: authorize,
      schema: {
        tags,
        summary:
          'A lifecycle action on an order (confirm, ready_for_pickup, ship, collected, complete, cancel, refund); 409 when its status does not allow it; a staff session',
        params: numberParams,
        body: staffOrderActionSchema,
      },
    },
    async (req) => {
      const staff = staffPrincipal(req);
      const { action, note, reason, carrier, trackingNumber, restock } = req.body;
      const target = `order:${req.params.incrementId}`;
      const details = { carrier, trackingNumber, reason, restock, note };
      const actor = { staffId: staff.staffId, email: staff.email };
      try {
        const result = action === 'refund' ? await refundAll() : await transition();
        await audit(ctx.database, staff, `order.${action}`, target, details);
        return ok(result);
      } catch (err) {
        if (isTransitionRefusal(err))
          await audit(ctx.database, staff, `order.${action}.refused`, target, details);
        throw err;
      }

      // a refund of everything paid, through the refund service (credit note, provider or to-do)
      async function refundAll() {
        const [order] = await ctx.database.query<{ id: number }>(
          'SELECT id FROM orders WHERE increment_id = $1',
          [req.params.incrementId],
        );
        if (!order) throw notFound('order.notFound');
        await refundOrder(ctx, order.id, { full: true, restock, reason: reason || note || 'refund' }, actor);
        return ctx.orders.detail(req.params.incrementId);
      }

      async function transition() {
        const detail = await ctx.orders.transition({
          incrementId: req.params.incrementId,
          action: staffAction({ ...req.body, action: action as StaffActionType }),
          actor: { kind: 'staff', id: staff.staffId, email: staff.email },
          note,
        });
        // money that came in for a cancelled order (a part of a bank transfer) is refunded
        if (action !== 'cancel') return detail;
        const id = Number((detail.order as { id: unknown }).id);
        const refunded = await refundOnCancel(ctx, id, reason || note || 'cancelled', actor);
        return refunded ? ctx.orders.detail(req.params.incrementId) : detail;
      }
    },
  );
}
