/**
 * The staff API, under `/vsbridge/staff/*`: login and logout (the session
 * cookie), the orders, reviews, messages, stock alerts and newsletter lists of role `staff`, and the
 * staff accounts and audit log of role `admin`. Every route but login needs a staff session cookie;
 * a customer token or ADMIN_TOKEN opens none of them. Every change is audited (staff/audit.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StaffActionType, StaffArea } from '@vitrina/domain';
import { staffCan, staffOrderActionSchema } from '@vitrina/domain';
import { isTransitionRefusal, staffAction } from '../order/lifecycle.ts';
import { audit } from './audit.ts';
import { sendInvoice } from '../invoice/routes.ts';
import type { ApiApp, ApiContext } from '../context.ts';
import { ok } from '../http/envelope.ts';
import { ApiError, notFound } from '../http/errors.ts';
import { requestStoreCode } from '../http/request.ts';
import { withRetryAfter } from '../auth/rate-limit.ts';
import {
  StaffAccountError,
  StaffRuleError,
  addStaff,
  disableStaff,
  inviteStaff,
  listStaff,
  sendStaffReset,
  setStaffDisabled,
  setStaffPassword,
  setStaffPasswordByLink,
  setStaffRole,
  staffOfLink,
} from './accounts.ts';
import { shopNameIn } from '@vitrina/domain';
import { effectiveSettings } from '../settings/service.ts';
import { confirmEnrolment, startEnrolment, twoFactorOf } from './two-factor.ts';
import { CLI_ACTOR } from './audit.ts';
import type { StaffPrincipal } from './sessions.ts';
import { overviewRoutes } from './overview-routes.ts';
import {
  auditQuery,
  cliBody,
  codeBody,
  idParams,
  inviteBody,
  linkPasswordBody,
  linkQuery,
  listFormatQuery,
  loginBody,
  messageListQuery,
  orderListQuery,
  reviewListQuery,
  orderFeedbackListQuery,
  recordPaymentBody,
  refundBody,
  returnRefundBody,
  refundDoneBody,
  creditNoteParams,
  refundParams,
  reviewStatusBody,
  roleBody,
  storeQuery,
} from './schemas.ts';
import { assertReceivedOn, recordPayment } from '../order/payments-received.ts';
import { markRefundDone, refundOnCancel, refundOrder } from '../order/refunds.ts';

const tags = ['staff'];

declare module 'fastify' {
  interface FastifyRequest {
    /** the staff member of a `/vsbridge/staff/*` request (set by the area guard) */
    staff?: StaffPrincipal;
  }
}

export function staffPrincipal(req: FastifyRequest): StaffPrincipal {
  if (!req.staff) throw new ApiError(401, 'staff.loginRequired');
  return req.staff;
}

export function staffRoutes(
  app: ApiApp,
  ctx: Pick<ApiContext, 'admin' | 'backOffice' | 'config' | 'database' | 'invoices' | 'orders' | 'payments' | 'settings' | 'staffSessions'>,
) {
  const { staffSessions: sessions, backOffice } = ctx;

  /** the guard of an area: a live staff session whose role may open it (401 / 403 otherwise) */
  const area = (name: StaffArea) => async (req: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    const staff = await sessions.authenticate(sessions.tokenOf(req.headers.cookie));
    if (!staffCan(staff.role, name)) throw new ApiError(403, 'staff.forbidden');
    req.staff = staff;
  };
  /** any live staff session, also an admin still to set up the two-factor login STAFF_2FA_REQUIRED asks for */
  const settingUp = async (req: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    req.staff = await sessions.authenticate(sessions.tokenOf(req.headers.cookie), { settingUpTwoFactor: true });
  };

  // the overview and the customers (staff/overview-routes.ts), behind the same guard
  overviewRoutes(app, ctx, area);

  app.post(
    '/vsbridge/staff/login',
    { schema: { tags, summary: 'Staff login: sets the staff session cookie', querystring: storeQuery, body: loginBody } },
    async (req, reply) => {
      const { token, principal } = await withRetryAfter(reply, () => sessions.login(req.body.email, req.body.password, req.ip, req.body.code)).catch((err: unknown) => {
        // the login page asks for the code of a two-factor account after a right password
        if (err instanceof ApiError && err.key === 'staff.codeRequired') reply.header('x-vitrina-2fa', 'required');
        throw err;
      });
      reply.header('set-cookie', sessions.cookie(token)).header('cache-control', 'no-store');
      return ok({ email: principal.email, role: principal.role });
    },
  );

  app.post('/vsbridge/staff/logout', { schema: { tags, summary: 'Ends the staff session', querystring: storeQuery } }, async (req, reply) => {
    await sessions.logout(sessions.tokenOf(req.headers.cookie));
    reply.header('set-cookie', sessions.cookie(undefined));
    return ok(true);
  });

  app.get(
    '/vsbridge/staff/me',
    { onRequest: settingUp, schema: { tags, summary: 'The signed-in staff member', querystring: storeQuery } },
    async (req) => {
      const staff = staffPrincipal(req);
      const twoFactor = (await twoFactorOf(ctx.database, staff.staffId)).enabled;
      return ok({
        email: staff.email,
        role: staff.role,
        two_factor: twoFactor,
        // the back office sends such an admin to set it up before anything else
        two_factor_required: ctx.config.staff.twoFactorRequired && staff.role === 'admin' && !twoFactor,
      });
    },
  );

  app.post(
    '/vsbridge/staff/2fa/start',
    { onRequest: settingUp, schema: { tags, summary: 'Starts a two-factor enrolment: the TOTP secret and its otpauth:// URI, shown this once', querystring: storeQuery } },
    async (req) => ok(await refusals(() => startEnrolment(ctx.database, staffPrincipal(req)))),
  );

  app.post(
    '/vsbridge/staff/2fa/confirm',
    {
      onRequest: settingUp,
      schema: { tags, summary: 'Turns two-factor login on with a code from the app; answers the recovery codes, shown this once', querystring: storeQuery, body: codeBody },
    },
    async (req) => ok(await refusals(() => confirmEnrolment(ctx.database, staffPrincipal(req), req.body.code))),
  );

  app.get(
    '/vsbridge/staff/orders',
    { onRequest: area('orders'), schema: { tags, summary: 'Orders, newest first, filtered and searched', querystring: orderListQuery } },
    async (req) => {
      const { storeCode: _store, ...filters } = req.query;
      return ok({ ...(await backOffice.orders(filters)), methods: await backOffice.methods(requestStoreCode(req)) });
    },
  );

  app.get(
    '/vsbridge/staff/orders/:id',
    { onRequest: area('orders'), schema: { tags, summary: "An order's whole record", params: idParams, querystring: storeQuery } },
    async (req) => {
      const store = requestStoreCode(req);
      const order = await backOffice.order(req.params.id, store);
      if (!order) throw notFound('error.notFound');
      const methods = await backOffice.methods(store);
      const title = (list: { code: string; title: string }[], code: string) => list.find((m) => m.code === code)?.title ?? code;
      return ok({
        ...order,
        payment_method_title: title(methods.payment, order.payment_method),
        shipping_method_title: title(methods.shipping, order.shipping_method),
      });
    },
  );

  app.get(
    '/vsbridge/staff/orders/:id/invoice',
    { onRequest: area('orders'), schema: { tags, summary: "An order's VAT invoice (PDF); 409 when it is not invoiced yet", params: idParams, querystring: storeQuery } },
    async (req, reply) => {
      const order = await backOffice.order(req.params.id, requestStoreCode(req));
      if (!order) throw notFound('error.notFound');
      return sendInvoice(reply, await ctx.invoices.forStaff(order.number));
    },
  );

  app.post(
    '/vsbridge/staff/orders/:id/transition',
    {
      onRequest: area('orders'),
      schema: {
        tags,
        summary: 'A lifecycle action (confirm, ready_for_pickup, ship, collected, complete, cancel, refund); 409 when the status does not allow it',
        params: idParams,
        querystring: storeQuery,
        body: staffOrderActionSchema,
      },
    },
    async (req) => {
      const staff = staffPrincipal(req);
      const { action, note, reason, carrier, trackingNumber, restock } = req.body;
      const details = { carrier, trackingNumber, reason, restock, note };
      if (action === 'refund') {
        // a refund of everything paid: decided, credited and made (or left to do) by the refund service
        await refundOrder(ctx, req.params.id, { full: true, restock, reason: reason || note || 'refund' }, staff);
        return ok(await backOffice.order(req.params.id, requestStoreCode(req)));
      }
      try {
        // the lifecycle's own transaction: statuses, history (with this staff member), stock, e-mail
        await ctx.orders.transition({
          orderId: req.params.id,
          action: staffAction({ ...req.body, action: action as StaffActionType }),
          actor: { kind: 'staff', id: staff.staffId, email: staff.email },
          note,
        });
      } catch (err) {
        if (isTransitionRefusal(err)) await audit(ctx.database, staff, `order.${action}.refused`, `order:${req.params.id}`, details);
        throw err;
      }
      await audit(ctx.database, staff, `order.${action}`, `order:${req.params.id}`, details);
      // money that came in for a cancelled order (a part of a bank transfer) is refunded
      if (action === 'cancel') await refundOnCancel(ctx, req.params.id, reason || note || 'cancelled', staff);
      const order = await backOffice.order(req.params.id, requestStoreCode(req));
      return ok(order);
    },
  );

  app.get(
    '/vsbridge/staff/orders/:id/credit-notes/:note',
    {
      onRequest: area('orders'),
      schema: { tags, summary: "A credit note (PDF) of an order", params: creditNoteParams, querystring: storeQuery },
    },
    async (req, reply) => {
      const order = await backOffice.order(req.params.id, requestStoreCode(req));
      if (!order) throw notFound('error.notFound');
      return sendInvoice(reply, await ctx.invoices.creditNoteForStaff(order.number, req.params.note));
    },
  );

  app.post(
    '/vsbridge/staff/orders/:id/payments',
    {
      onRequest: area('orders'),
      schema: {
        tags,
        summary: 'Records a payment received (bank transfer, cash on delivery): amount, day, reference; the order is paid once the money covers it',
        params: idParams,
        querystring: storeQuery,
        body: recordPaymentBody,
      },
    },
    async (req) => {
      await assertReceivedOn(ctx.database, req.body.receivedOn);
      await recordPayment(ctx.database, ctx.config, req.params.id, req.body, staffPrincipal(req));
      return ok(await backOffice.order(req.params.id, requestStoreCode(req)));
    },
  );

  app.post(
    '/vsbridge/staff/orders/:id/refunds',
    {
      onRequest: area('orders'),
      schema: {
        tags,
        summary: 'Refunds part or all of an order (lines with quantities, shipping, an amount, or full): through the provider where it can, otherwise a to-do; a credit note for an invoiced order',
        params: idParams,
        querystring: storeQuery,
        body: refundBody,
      },
    },
    async (req) => {
      const { refund, creditNote } = await refundOrder(ctx, req.params.id, req.body, staffPrincipal(req));
      return ok({ refund, creditNote: creditNote?.number ?? null, order: await backOffice.order(req.params.id, requestStoreCode(req)) });
    },
  );

  app.post(
    '/vsbridge/staff/returns/:id/refund',
    {
      onRequest: area('orders'),
      schema: {
        tags,
        summary:
          "Refunds a received return: its proposal (the returned units, the shipping when the whole order came back) or less as an amount; never more, once per return",
        params: idParams,
        querystring: storeQuery,
        body: returnRefundBody,
      },
    },
    async (req) => {
      const [ret] = await ctx.database.query<{ order_id: number }>('SELECT order_id FROM returns WHERE id = $1', [req.params.id]);
      if (!ret) throw notFound('error.notFound');
      const { refund, creditNote } = await refundOrder(
        ctx,
        ret.order_id,
        { reason: req.body.reason, fromReturn: { returnId: req.params.id, amountCents: req.body.amountCents } },
        staffPrincipal(req),
      );
      return ok({ refund, creditNote: creditNote?.number ?? null });
    },
  );

  app.post(
    '/vsbridge/staff/orders/:id/refunds/:refundId/done',
    {
      onRequest: area('orders'),
      schema: { tags, summary: 'Confirms a manual refund made (its reference); the customer is told it is refunded', params: refundParams, querystring: storeQuery, body: refundDoneBody },
    },
    async (req) => {
      const refund = await markRefundDone(ctx, req.params.id, req.params.refundId, req.body, staffPrincipal(req));
      return ok({ refund, order: await backOffice.order(req.params.id, requestStoreCode(req)) });
    },
  );

  app.get(
    '/vsbridge/staff/reviews',
    { onRequest: area('reviews'), schema: { tags, summary: 'Reviews, newest first', querystring: reviewListQuery } },
    async (req) => ok(await backOffice.reviews(req.query.status, req.query.page, req.query.size)),
  );

  app.get(
    '/vsbridge/staff/order-feedback',
    {
      onRequest: area('reviews'),
      schema: { tags, summary: 'Feedback on orders as a whole (delivery, service), newest first', querystring: orderFeedbackListQuery },
    },
    async (req) => ok(await backOffice.orderFeedback(req.query.page, req.query.size)),
  );

  app.post(
    '/vsbridge/staff/reviews/:id/status',
    {
      onRequest: area('reviews'),
      schema: { tags, summary: 'Shows (approved) or hides a review', params: idParams, querystring: storeQuery, body: reviewStatusBody },
    },
    async (req) => {
      if (!(await backOffice.setReviewStatus(staffPrincipal(req), req.params.id, req.body.status))) throw notFound('error.notFound');
      return ok(true);
    },
  );

  app.get(
    '/vsbridge/staff/messages',
    { onRequest: area('messages'), schema: { tags, summary: 'Contact and warranty messages', querystring: messageListQuery } },
    async (req) => ok(await backOffice.messages(req.query.state ?? 'open', req.query.page, req.query.size)),
  );

  app.post(
    '/vsbridge/staff/messages/:id/handled',
    { onRequest: area('messages'), schema: { tags, summary: 'Marks a message handled', params: idParams, querystring: storeQuery } },
    async (req) => {
      if (!(await backOffice.markHandled(staffPrincipal(req), req.params.id))) throw notFound('error.notFound');
      return ok(true);
    },
  );

  for (const list of ['stock-alerts', 'subscribers'] as const) {
    app.get(
      `/vsbridge/staff/${list}`,
      {
        onRequest: area('subscribers'),
        schema: {
          tags,
          summary: list === 'stock-alerts' ? 'Back-in-stock requests (format=csv: a CSV file)' : 'Newsletter subscribers (format=csv: a CSV file)',
          querystring: listFormatQuery,
        },
      },
      async (req, reply) => {
        if (req.query.format === 'csv') {
          const csv = await backOffice.exportCsv(staffPrincipal(req), list);
          const day = new Date().toISOString().slice(0, 10);
          return reply
            .header('content-type', 'text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="${list}-${day}.csv"`)
            .header('cache-control', 'no-store')
            .send(csv);
        }
        return ok(list === 'stock-alerts' ? await backOffice.stockAlerts() : await backOffice.subscribers());
      },
    );
  }

  app.get(
    '/vsbridge/staff/accounts',
    { onRequest: area('accounts'), schema: { tags, summary: 'Staff accounts (role admin)', querystring: storeQuery } },
    async () => ok(await listStaff(ctx.database)),
  );

  /** a back-office refusal (last admin, e-mail taken, spent link) as the ApiError the handler translates */
  const refusals = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (err) {
      if (err instanceof StaffRuleError) throw new ApiError(err.status, err.key);
      throw err;
    }
  };
  /** what a password link's e-mail needs: the shop's address, the admin's language, the shop's name */
  const linkOptions = async (req: FastifyRequest) => {
    const lang = requestStoreCode(req) === 'en' ? ('en' as const) : ('lt' as const);
    return {
      publicUrl: ctx.config.publicUrl,
      lang,
      shopName: shopNameIn(await effectiveSettings(ctx.database, ctx.config.settingsSeed), lang),
    };
  };

  app.post(
    '/vsbridge/staff/accounts',
    {
      onRequest: area('accounts'),
      schema: {
        tags,
        summary:
          'Invites a colleague: the account, and an e-mailed single-use link that sets its password (role admin)',
        querystring: storeQuery,
        body: inviteBody,
      },
    },
    async (req) => {
      const staff = staffPrincipal(req);
      return ok(
        await refusals(async () =>
          inviteStaff(ctx.database, staff, req.body.email, req.body.role, await linkOptions(req)),
        ),
      );
    },
  );

  for (const what of ['disable', 'enable'] as const) {
    app.post(
      `/vsbridge/staff/accounts/:id/${what}`,
      {
        onRequest: area('accounts'),
        schema: {
          tags,
          summary:
            what === 'disable'
              ? 'Disables a staff account and ends its sessions; the last active admin stays (role admin)'
              : 'Enables a disabled staff account (role admin)',
          params: idParams,
          querystring: storeQuery,
        },
      },
      async (req) => {
        const staff = staffPrincipal(req);
        if (what === 'disable' && staff.staffId === req.params.id)
          throw new ApiError(409, 'staff.cannotDisableSelf');
        const account = await refusals(() =>
          setStaffDisabled(ctx.database, staff, req.params.id, what === 'disable'),
        );
        if (!account) throw notFound('error.notFound');
        return ok(account);
      },
    );
  }

  app.post(
    '/vsbridge/staff/accounts/:id/role',
    {
      onRequest: area('accounts'),
      schema: {
        tags,
        summary: "Changes an account's role; the last active admin stays an admin (role admin)",
        params: idParams,
        querystring: storeQuery,
        body: roleBody,
      },
    },
    async (req) => {
      const staff = staffPrincipal(req);
      if (staff.staffId === req.params.id) throw new ApiError(409, 'staff.cannotChangeOwnRole');
      const account = await refusals(() => setStaffRole(ctx.database, staff, req.params.id, req.body.role));
      if (!account) throw notFound('error.notFound');
      return ok(account);
    },
  );

  app.post(
    '/vsbridge/staff/accounts/:id/reset',
    {
      onRequest: area('accounts'),
      schema: {
        tags,
        summary:
          'E-mails the account a single-use link to set a new password and ends its sessions (role admin)',
        params: idParams,
        querystring: storeQuery,
      },
    },
    async (req) => {
      const staff = staffPrincipal(req);
      const account = await sendStaffReset(ctx.database, staff, req.params.id, await linkOptions(req));
      if (!account) throw notFound('error.notFound');
      return ok(account);
    },
  );

  // the password page of an e-mailed link: no session (the link is the proof), the token only hashed
  app.get(
    '/vsbridge/staff/password',
    {
      schema: {
        tags,
        summary: 'Whose account a password link sets (400 when it expired or was used)',
        querystring: linkQuery,
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const link = await staffOfLink(ctx.database, req.query.token);
      if (!link) throw new ApiError(400, 'staff.linkInvalid');
      return ok(link);
    },
  );

  app.post(
    '/vsbridge/staff/password',
    {
      schema: {
        tags,
        summary:
          "Sets a staff password with an e-mailed link, once, before it expires; the account's sessions end",
        querystring: storeQuery,
        body: linkPasswordBody,
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const account = await refusals(() =>
        setStaffPasswordByLink(ctx.database, req.body.token, req.body.password),
      );
      return ok({ email: account.email });
    },
  );

  // `npm run staff` while a shop holds the embedded database (staff/cli.ts hands the command over):
  // the shop's own hand-over token from DATA_DIR/server.json (never ADMIN_TOKEN), audited as `cli`
  app.post(
    '/vsbridge/admin/staff',
    {
      onRequest: async (req) => {
        await ctx.admin.authorize(req, 'handover');
      },
      schema: { tags: ['admin'], summary: "The staff command line, handed over to the running shop; Authorization: Bearer <the shop's hand-over token>", body: cliBody },
    },
    async (req, reply) => {
      const b = req.body;
      try {
        if (b.command === 'list') return ok(await listStaff(ctx.database));
        if (b.command === 'add') return ok(await addStaff(ctx.database, CLI_ACTOR, b.email ?? '', b.role ?? 'staff', b.password ?? ''));
        const account =
          b.command === 'disable'
            ? await disableStaff(ctx.database, CLI_ACTOR, { email: b.email ?? '' })
            : await setStaffPassword(ctx.database, CLI_ACTOR, b.email ?? '', b.password ?? '');
        if (!account) throw notFound('error.notFound');
        return ok(account);
      } catch (err) {
        // the command line's refusals (short password, existing e-mail) are the caller's to read
        if (err instanceof StaffAccountError) return reply.status(409).send({ code: 409, result: err.message });
        throw err;
      }
    },
  );

  app.get(
    '/vsbridge/staff/audit',
    { onRequest: area('accounts'), schema: { tags, summary: 'The staff audit log, newest first (role admin)', querystring: auditQuery } },
    async (req) => ok(await backOffice.auditLog(req.query.page, req.query.size)),
  );
}
