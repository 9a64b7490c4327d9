/**
 * The order lifecycle for automation (issue #15): `Authorization: Bearer <ADMIN_TOKEN>` only (a
 * customer token or none: 401). The staff area calls the same service (`ctx.orders.transition`)
 * from its own staff-authenticated routes.
 */
import { z } from 'zod';
import { staffOrderActionSchema, type StaffActionType } from '@vitrina/domain';
import type { ApiApp, ApiContext } from '../context.ts';
import { ok } from '../http/envelope.ts';
import { staffAction } from './lifecycle.ts';
import { refundOnCancel, refundOrder } from './refunds.ts';
import { notFound } from '../http/errors.ts';

const tags = ['admin'];
const numberParams = z.object({ incrementId: z.string().trim().min(1).max(32) });

export function orderAdminRoutes(app: ApiApp, ctx: ApiContext) {
  const authorize = async (req: { headers: { authorization?: string | undefined } }) =>
    ctx.admin.authorize(req.headers.authorization);

  app.get(
    '/vsbridge/admin/orders/:incrementId',
    {
      onRequest: authorize,
      schema: {
        tags,
        summary:
          'An order with its lines, payments, status history and the actions open now; Bearer <ADMIN_TOKEN>',
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
          'A lifecycle action on an order (confirm, ready_for_pickup, ship, collected, complete, cancel, refund); 409 when its status does not allow it; Bearer <ADMIN_TOKEN>',
        params: numberParams,
        body: staffOrderActionSchema,
      },
    },
    async (req) => {
      if (req.body.action === 'refund') {
        // a refund of everything paid, through the refund service (credit note, provider or to-do)
        const order = await ctx.database.query<{ id: number }>(
          'SELECT id FROM orders WHERE increment_id = $1',
          [req.params.incrementId],
        );
        if (!order[0]) throw notFound('order.notFound');
        await refundOrder(
          ctx,
          order[0].id,
          { full: true, restock: req.body.restock, reason: req.body.reason || req.body.note || 'refund' },
          { staffId: null, email: 'admin_token' },
        );
        return ok(await ctx.orders.detail(req.params.incrementId));
      }
      const detail = await ctx.orders.transition({
        incrementId: req.params.incrementId,
        action: staffAction({ ...req.body, action: req.body.action as StaffActionType }),
        actor: { kind: 'admin_token' },
        note: req.body.note,
      });
      // money that came in for a cancelled order (a part of a bank transfer) is refunded
      if (req.body.action === 'cancel') {
        const id = Number((detail.order as { id: unknown }).id);
        if (
          await refundOnCancel(ctx, id, req.body.reason || req.body.note || 'cancelled', {
            staffId: null,
            email: 'admin_token',
          })
        )
          return ok(await ctx.orders.detail(req.params.incrementId));
      }
      return ok(detail);
    },
  );
}
