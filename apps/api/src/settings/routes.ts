/**
 * The shop's settings in the back office (role admin), under `/vsbridge/staff/settings`, the
 * shop's state every staff member is warned of (`/vsbridge/staff/shop-status`: seller details
 * missing, so invoices are refused; the shop still the demo) and the demo data's removal (role
 * admin, `/vsbridge/staff/demo/remove`: what `npm run demo:remove` does, without a developer). The staff session cookie (SameSite=Strict, the back office's
 * CSRF defence) is the only way in; a customer token or ADMIN_TOKEN opens neither.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isDemoShop, removeDemoData } from '@vitrina/db';
import {
  bankTransferReady,
  demoRemovalSchema,
  missingInvoiceSellerFields,
  popularSearchesEmpty,
  shopSettingsUpdateSchema,
  staffCan,
  type StaffArea,
} from '@vitrina/domain';
import type { ApiApp, ApiContext } from '../context.ts';
import { ok } from '../http/envelope.ts';
import { ApiError } from '../http/errors.ts';
import { storeQuery } from '../http/validation.ts';
import { audit } from '../staff/audit.ts';
import { staffPrincipal } from '../staff/routes.ts';
import { sellerIsEmpty } from './service.ts';

const tags = ['staff'];

export function settingsRoutes(
  app: ApiApp,
  ctx: Pick<ApiContext, 'settings' | 'staffSessions' | 'database' | 'catalog'>,
) {
  const guard = (area: StaffArea | null) => async (req: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    const staff = await ctx.staffSessions.authenticate(ctx.staffSessions.tokenOf(req.headers.cookie));
    if (area && !staffCan(staff.role, area)) throw new ApiError(403, 'staff.forbidden');
    req.staff = staff;
  };

  /**
   * what the back office warns of: the seller's details an invoice needs and lacks, demo details, no
   * bank transfer, the demo's popular searches shown while the owner's lists are empty, and the shop
   * still running on the demo catalogue
   */
  const status = async () => {
    const stored = await ctx.settings.read();
    const live = await ctx.settings.get();
    return {
      missing_invoice_fields: missingInvoiceSellerFields(stored.settings.seller),
      seller_is_demo: live.sellerIsDemo,
      seller_empty: sellerIsEmpty(stored.settings.seller),
      bank_transfer_offered: bankTransferReady(live.seller),
      popular_searches_demo:
        popularSearchesEmpty(stored.settings.popularSearches) && !popularSearchesEmpty(live.popularSearches),
      demo_catalog: await isDemoShop(ctx.database),
    };
  };

  app.get(
    '/vsbridge/staff/shop-status',
    {
      onRequest: guard(null),
      schema: {
        tags,
        summary:
          'What the back office warns every staff member of (seller details missing: invoices refused)',
        querystring: storeQuery,
      },
    },
    async () => ok(await status()),
  );

  app.get(
    '/vsbridge/staff/settings',
    {
      onRequest: guard('settings'),
      schema: {
        tags,
        summary: "The shop's settings and their version (role admin)",
        querystring: storeQuery,
      },
    },
    async () => {
      const stored = await ctx.settings.read();
      return ok({ ...stored, status: await status() });
    },
  );

  app.post(
    '/vsbridge/staff/settings',
    {
      onRequest: guard('settings'),
      schema: {
        tags,
        summary: "Saves the shop's settings (role admin); 409 when someone saved after `version` was read",
        querystring: storeQuery,
        body: shopSettingsUpdateSchema,
      },
    },
    async (req) => {
      if (!req.staff) throw new ApiError(401, 'staff.loginRequired');
      const saved = await ctx.settings.save(req.staff, req.body.version, req.body.settings);
      return ok({ ...saved, status: await status() });
    },
  );

  app.post(
    '/vsbridge/staff/demo/remove',
    {
      onRequest: guard('settings'),
      schema: {
        tags,
        summary:
          'Removes the demo data (role admin; as `npm run demo:remove`: packages/db demo/lifecycle.ts) and ends the demo; `removed` is null when the shop is not the demo',
        querystring: storeQuery,
        body: demoRemovalSchema,
      },
    },
    async (req) => {
      const staff = staffPrincipal(req);
      // the removal and its audit row are one transaction: no removal without its record
      const removed = await ctx.database.transaction(async (tx) => {
        const result = await removeDemoData(tx);
        if (result) await audit(tx, staff, 'demo.remove', 'catalog', { ...result });
        return result ?? null;
      });
      if (removed) {
        ctx.catalog.catalogChanged();
        // the demo's seller and popular searches end with it
        ctx.settings.changed();
      }
      return ok({ removed, status: await status() });
    },
  );
}
