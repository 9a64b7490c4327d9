/**
 * VAT invoice downloads: the PDF itself (`application/pdf`, an attachment named
 * after the invoice number); refusals in the envelope as everywhere (404 for an order the caller may
 * not see, 409 for an order not invoiced yet).
 */
import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { ApiApp, ApiContext } from '../context.ts';
import { staffArea } from '../staff/guard.ts';
import type { InvoicePdf } from './service.ts';

const tags = ['invoice'];
const number = z.string().trim().min(1).max(32);

/** the PDF as an attachment (also the staff API's invoice route, staff/routes.ts) */
export function sendInvoice(reply: FastifyReply, invoice: InvoicePdf) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${invoice.filename}"`)
    .header('cache-control', 'private, no-store')
    .header('x-invoice-number', invoice.number)
    .send(invoice.pdf);
}

export function invoiceRoutes(app: ApiApp, ctx: Pick<ApiContext, 'auth' | 'invoices' | 'staffSessions'>) {
  app.get(
    '/vsbridge/order/invoice',
    {
      schema: {
        tags,
        summary: "An order's VAT invoice (PDF) for the holder of its order token (the guest's link; the account page uses it too)",
        querystring: z.object({ number, orderToken: z.string().trim().min(1).max(128), storeCode: z.string().max(8).optional() }),
      },
    },
    async (req, reply) => sendInvoice(reply, await ctx.invoices.forOrderToken(req.query.number, req.query.orderToken)),
  );

  app.get(
    '/vsbridge/user/order-invoice',
    {
      schema: {
        tags,
        summary: "The VAT invoice (PDF) of one of the customer's orders (customer token); another's order answers 404",
        querystring: z.object({ number, token: z.string().max(2048).optional(), storeCode: z.string().max(8).optional() }),
      },
    },
    async (req, reply) => {
      const principal = await ctx.auth.authenticate(req);
      return sendInvoice(reply, await ctx.invoices.forCustomer(principal.customerId, req.query.number));
    },
  );

  const note = z.string().trim().min(1).max(32);
  app.get(
    '/vsbridge/order/credit-note',
    {
      schema: {
        tags,
        summary: "A credit note (PDF) of an order, for the holder of its order token (where the buyer downloads the invoice)",
        querystring: z.object({ number, note, orderToken: z.string().trim().min(1).max(128), storeCode: z.string().max(8).optional() }),
      },
    },
    async (req, reply) =>
      sendInvoice(reply, await ctx.invoices.creditNoteForOrderToken(req.query.number, req.query.orderToken, req.query.note)),
  );

  app.get(
    '/vsbridge/user/order-credit-note',
    {
      schema: {
        tags,
        summary: "A credit note (PDF) of one of the customer's orders (customer token); another's order answers 404",
        querystring: z.object({ number, note, token: z.string().max(2048).optional(), storeCode: z.string().max(8).optional() }),
      },
    },
    async (req, reply) => {
      const principal = await ctx.auth.authenticate(req);
      return sendInvoice(reply, await ctx.invoices.creditNoteForCustomer(principal.customerId, req.query.number, req.query.note));
    },
  );

  app.get(
    '/vsbridge/admin/orders/:incrementId/invoice',
    {
      onRequest: staffArea(ctx, 'orders'),
      schema: {
        tags: ['admin'],
        summary: "An order's VAT invoice (PDF) for the staff; a staff session (role opening orders)",
        // the same parameter name as the lifecycle's /vsbridge/admin/orders/:incrementId
        params: z.object({ incrementId: number }),
      },
    },
    async (req, reply) => sendInvoice(reply, await ctx.invoices.forStaff(req.params.incrementId)),
  );
}
