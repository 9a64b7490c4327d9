/**
 * After the sale (docs/legal.md): the buyer's withdrawal function (account holders by their token,
 * guests by the order-token link), the customer's own data (download, erasure), and the staff's
 * returns and personal-data requests under `/vsbridge/staff/*` (a staff session of the `orders`
 * area; every change audited).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  emailSchema,
  privacyErasureContract,
  staffCan,
  storeCodeSchema,
  translateMessage,
  withdrawalDoneContract,
  withdrawalViewContract,
  RETURN_STATES,
  type ReturnAction,
} from '@vitrina/domain';
import { returnActionBody, staffReturnBody, withdrawalBody, withdrawalLinkBody } from './schemas.ts';
import { withRetryAfter } from '../auth/rate-limit.ts';
import { requestStoreCode } from '../http/request.ts';
import type { ApiApp, ApiContext } from '../context.ts';
import { answers } from '../http/answers.ts';
import { ok } from '../http/envelope.ts';
import { ApiError, fieldError } from '../http/errors.ts';
import { one } from '../lib/db.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { reindexProducts } from '@vitrina/db';
import { audit } from '../staff/audit.ts';
import { idParams, storeQuery } from '../staff/schemas.ts';
import { AfterSaleService } from './after-sale.ts';
import { PrivacyService, subjectHash } from './privacy.ts';

const viewQuery = z.object({
  number: z.string().trim().min(1).max(32),
  /** the order token of the guest's link (not `token`: that names a customer token in this API) */
  orderToken: z.string().trim().min(1).max(128).optional(),
  storeCode: storeCodeSchema.optional(),
});
const returnsQuery = z.object({
  storeCode: storeCodeSchema.optional(),
  state: z.preprocess((v) => (v === '' ? undefined : v), z.enum(RETURN_STATES).optional()),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(50),
});
const eraseSelfBody = z.object({ password: z.string().min(1).max(1024) });
const personQuery = z.object({ email: emailSchema, storeCode: storeCodeSchema.optional() });
const erasePersonBody = z.object({ email: emailSchema, confirm: z.literal(true) });

export function afterSaleRoutes(
  app: ApiApp,
  ctx: Pick<ApiContext, 'auth' | 'config' | 'database' | 'staffSessions' | 'limiter'>,
) {
  const afterSale = new AfterSaleService(
    ctx.database,
    ctx.config,
    async (productIds) => {
      try {
        await reindexProducts(ctx.database, { productIds });
      } catch (err) {
        app.log.warn({ err, productIds }, 'stock changed but the product index was not refreshed');
      }
    },
    ctx.limiter,
  );
  const privacy = new PrivacyService(ctx.database);

  /** a staff session of the orders area (401 / 403 otherwise), as the staff routes guard theirs */
  const staffOf = async (req: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    const staff = await ctx.staffSessions.authenticate(ctx.staffSessions.tokenOf(req.headers.cookie));
    if (!staffCan(staff.role, 'orders')) throw new ApiError(403, 'staff.forbidden');
    return { staffId: staff.staffId, email: staff.email };
  };

  // ---- the buyer's withdrawal function

  app.get(
    '/vsbridge/withdrawal',
    {
      schema: {
        tags: ['withdrawal'],
        summary:
          "An order's withdrawal page: the period, its lines and what is left; the customer's token or the order token",
        querystring: viewQuery,
        response: answers(withdrawalViewContract),
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const principal = await ctx.auth.optionalAuthenticate(req);
      return ok(
        await afterSale.withdrawalView({
          number: req.query.number,
          token: req.query.orderToken,
          customerId: principal?.customerId,
        }),
      );
    },
  );

  app.post(
    '/vsbridge/withdrawal',
    {
      schema: {
        tags: ['withdrawal'],
        summary:
          'Withdraws from the contract for the named lines (confirm: true); opens a return and e-mails the acknowledgement with the date and time',
        querystring: storeQuery,
        body: withdrawalBody,
        response: answers(withdrawalDoneContract),
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const principal = await ctx.auth.optionalAuthenticate(req);
      if (!principal && !req.body.token) throw fieldError('token', 'order.notFound', undefined, 404);
      return ok(await afterSale.withdraw(req.body, principal?.customerId));
    },
  );

  app.post(
    '/vsbridge/withdrawal/link',
    {
      schema: {
        tags: ['withdrawal'],
        summary:
          "E-mails an order's withdrawal link to the order's address when the number and e-mail match; answers the same message either way; rate-limited per client address and per order number",
        querystring: storeQuery,
        body: withdrawalLinkBody,
        response: answers(z.string()),
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      await withRetryAfter(reply, () =>
        afterSale.sendWithdrawalLink(req.body.number, req.body.email, req.ip),
      );
      return ok(translateMessage('withdrawal.linkSent', requestStoreCode(req)));
    },
  );

  // ---- the customer's own data

  app.get(
    '/vsbridge/user/privacy/export',
    {
      schema: {
        tags: ['user'],
        summary: 'Everything the shop holds about the signed-in customer (JSON download)',
        querystring: storeQuery,
      },
    },
    async (req, reply) => {
      const { customerId } = await ctx.auth.authenticate(req);
      const row = await one<{ email: string }>(ctx.database, 'SELECT email FROM customers WHERE id = $1', [
        customerId,
      ]);
      if (!row) throw new ApiError(401, 'user.invalidCredentials');
      const data = await privacy.export(row.email, { by: 'customer' });
      return reply
        .header('cache-control', 'no-store')
        .header(
          'content-disposition',
          `attachment; filename="my-data-${new Date().toISOString().slice(0, 10)}.json"`,
        )
        .send(ok(data));
    },
  );

  app.post(
    '/vsbridge/user/privacy/erase',
    {
      schema: {
        tags: ['user'],
        summary: "Deletes the signed-in customer's account and erases their data (the password confirms)",
        querystring: storeQuery,
        body: eraseSelfBody,
        response: answers(privacyErasureContract),
      },
    },
    async (req) => {
      const { customerId } = await ctx.auth.authenticate(req);
      const row = await one<{ email: string; password_hash: string }>(
        ctx.database,
        'SELECT email, password_hash FROM customers WHERE id = $1',
        [customerId],
      );
      if (!row || !(await verifyPassword(row.password_hash, req.body.password)))
        throw fieldError('password', 'privacy.passwordWrong', undefined, 403);
      return ok(await privacy.erase(row.email, { by: 'customer' }));
    },
  );

  // ---- the staff: returns

  app.get(
    '/vsbridge/staff/returns',
    {
      schema: {
        tags: ['staff'],
        summary: 'Returns, newest first (state: only those)',
        querystring: returnsQuery,
      },
    },
    async (req, reply) => {
      await staffOf(req, reply);
      return ok(
        await afterSale.listReturns({ state: req.query.state, page: req.query.page, size: req.query.size }),
      );
    },
  );

  app.get(
    '/vsbridge/staff/returns/:id',
    {
      schema: {
        tags: ['staff'],
        summary: 'A return with its lines, history and open steps',
        params: idParams,
        querystring: storeQuery,
      },
    },
    async (req, reply) => {
      await staffOf(req, reply);
      return ok(await afterSale.returnDetail(req.params.id));
    },
  );

  app.get(
    '/vsbridge/staff/orders/:id/returns',
    {
      schema: {
        tags: ['staff'],
        summary: "An order's returns and what of each line may still be returned",
        params: idParams,
        querystring: storeQuery,
      },
    },
    async (req, reply) => {
      await staffOf(req, reply);
      return ok(await afterSale.orderReturns(req.params.id));
    },
  );

  app.post(
    '/vsbridge/staff/orders/:id/returns',
    {
      schema: {
        tags: ['staff'],
        summary: 'Records a return of some lines of the order',
        params: idParams,
        querystring: storeQuery,
        body: staffReturnBody,
      },
    },
    async (req, reply) =>
      ok(await afterSale.createReturn(await staffOf(req, reply), req.params.id, req.body)),
  );

  app.post(
    '/vsbridge/staff/returns/:id/transition',
    {
      schema: {
        tags: ['staff'],
        summary:
          'A step of a return (receive, inspect, restock, not_restock with a grade); 409 when its state does not allow it',
        params: idParams,
        querystring: storeQuery,
        body: returnActionBody,
      },
    },
    async (req, reply) => {
      const staff = await staffOf(req, reply);
      const b = req.body;
      const action: ReturnAction =
        b.action === 'not_restock' ? { type: 'not_restock', grade: b.grade } : { type: b.action };
      return ok(await afterSale.transition(staff, req.params.id, action, b.note));
    },
  );

  // ---- the staff: a person's data on their request

  app.get(
    '/vsbridge/staff/privacy/export',
    {
      schema: {
        tags: ['staff'],
        summary: 'Everything held about a person (customer or guest), by e-mail (JSON download)',
        querystring: personQuery,
      },
    },
    async (req, reply) => {
      const staff = await staffOf(req, reply);
      const data = await privacy.export(req.query.email, { by: 'staff', staffId: staff.staffId }, (tx) =>
        audit(tx, staff, 'privacy.export', `person:${subjectHash(req.query.email).slice(0, 16)}`),
      );
      return reply
        .header(
          'content-disposition',
          `attachment; filename="personal-data-${new Date().toISOString().slice(0, 10)}.json"`,
        )
        .send(ok(data));
    },
  );

  app.post(
    '/vsbridge/staff/privacy/erase',
    {
      schema: {
        tags: ['staff'],
        summary:
          "Erases a person's data (customer or guest) by e-mail; accounting records kept (confirm: true)",
        querystring: storeQuery,
        body: erasePersonBody,
      },
    },
    async (req, reply) => {
      const staff = await staffOf(req, reply);
      return ok(
        await privacy.erase(req.body.email, { by: 'staff', staffId: staff.staffId }, (tx, summary) =>
          audit(tx, staff, 'privacy.erase', `person:${subjectHash(req.body.email).slice(0, 16)}`, {
            summary,
          }),
        ),
      );
    },
  );
}
