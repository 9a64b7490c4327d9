/**
 * `buildApi`: the API as one Fastify instance (CONTRACTS.md: `/vsbridge/*`, `/api/url/map`,
 * `/healthz`). The shop server forwards those paths to it (or injects into it); it also runs on its
 * own (standalone.ts). It is not listening and not `ready()` when returned.
 */
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '@vitrina/db';
import { fastifyTrustProxy, httpServerOptions, type ApiConfig } from './config.ts';
import type { ApiContext } from './context.ts';
import { errorHandler, notFoundHandler } from './http/error-handler.ts';
import { drainOversizedBody } from './http/body-limit.ts';
import { validatorCompiler } from './http/validation.ts';
import { answerSerializerCompiler } from './http/answers.ts';
import { withLogRedaction } from './http/log.ts';
import { RESPONSE_COMPRESSION } from './http/compression.ts';
import { addSecurityHeaders } from './http/security-headers.ts';
import { AdminService } from './admin/service.ts';
import { adminRoutes } from './admin/routes.ts';
import { CartService } from './cart/service.ts';
import { cartRoutes } from './cart/routes.ts';
import { CatalogService } from './catalog/service.ts';
import { catalogRoutes } from './catalog/routes.ts';
import { ImageService } from './image/service.ts';
import { imageRoutes } from './image/routes.ts';
import { uploadRoutes } from './image/upload-routes.ts';
import { bannerAdminRoutes } from './cms/banner-routes.ts';
import { OrderService } from './order/service.ts';
import { orderRoutes } from './order/routes.ts';
import { orderAdminRoutes } from './order/admin-routes.ts';
import { UnpaidOrderSweeper } from './order/unpaid.ts';
import { RetentionSweeper } from './legal/retention.ts';
import { ShopService } from './shop/service.ts';
import { shopRoutes } from './shop/routes.ts';
import { StockService } from './stock/service.ts';
import { stockRoutes } from './stock/routes.ts';
import { isDemoShop } from '@vitrina/db';
import { AuthService } from './auth/service.ts';
import { MemoryRateLimiter, type RateLimiter } from './auth/rate-limit.ts';
import { RedisRateLimiter } from './auth/redis-rate-limit.ts';
import { UserService } from './user/service.ts';
import { userRoutes } from './user/routes.ts';
import { NewsletterService } from './newsletter/service.ts';
import { newsletterRoutes } from './newsletter/routes.ts';
import { ReviewService } from './review/service.ts';
import { reviewRoutes } from './review/routes.ts';
import { ContactService } from './contact/service.ts';
import { contactRoutes } from './contact/routes.ts';
import { OutboxMailer } from './mail/outbox.ts';
import { createMailTransport } from './mail/transport.ts';
import { mailRoutes } from './mail/routes.ts';
import { PaymentService } from './payment/service.ts';
import { paymentRoutes } from './payment/routes.ts';
import { SpecialOfferService } from './user/special-offers.ts';
import { GroupPricingService } from './user/group-pricing.ts';
import { specialOfferRoutes } from './user/special-offer-routes.ts';
import { StockAlertService } from './stock-alert/service.ts';
import { stockAlertRoutes } from './stock-alert/routes.ts';
import { InvoiceService } from './invoice/service.ts';
import { invoiceRoutes } from './invoice/routes.ts';
import { ApiMetrics } from './ops/metrics.ts';
import { integrationRoutes } from './integration/routes.ts';
import { WebhookDispatcher } from './integration/webhooks.ts';
import { measureRequests, opsRoutes } from './ops/routes.ts';
import { StaffSessions } from './staff/sessions.ts';
import { StaffBackOffice } from './staff/back-office.ts';
import { afterSaleRoutes } from './legal/routes.ts';
import { settingsRoutes } from './settings/routes.ts';
import { taxRateRoutes } from './settings/tax-rates.ts';
import { ShopSettingsService } from './settings/service.ts';
import { staffRoutes } from './staff/routes.ts';
import { productAdminRoutes } from './catalog/admin-routes.ts';
import { categoryAdminRoutes } from './catalog/admin-category-routes.ts';
import { attributeAdminRoutes } from './catalog/admin-attribute-routes.ts';
import { promotionRoutes } from './staff/promotions.ts';
import { deliveryRoutes } from './staff/delivery.ts';
import { pickupPointRoutes } from './staff/pickup-points.ts';
import { seoRoutes } from './seo/routes.ts';
// News: kept with the CMS.
import { newsRoutes } from './cms/news-routes.ts';
import { contentAdminRoutes } from './cms/admin-routes.ts';
import { webhookEndpointRoutes } from './integration/webhook-endpoints.ts';
import { productPartRoutes } from './catalog/admin-product-parts.ts';
import { PriceWindowRefresher } from './catalog/price-windows.ts';
import { TaxRateScheduler } from './settings/scheduled-tax-rates.ts';
import { registerStorefrontReads } from './storefront-reads.ts';
import { batchedRuns } from './lib/batched.ts';
import { refreshListings } from './lib/refresh-listings.ts';

export type BuildApiOptions = {
  database: Database;
  config: ApiConfig;
  /** false/undefined: silent; true or pino options: Fastify's own pino; a logger instance: used as it is */
  logger?: boolean | object;
  /** compress answers itself (standalone); off when a front server compresses */
  compress?: boolean;
  /**
   * check every declared answer against its contract (http/answers.ts): the API tests build it so,
   * so that an answer its contract does not describe fails them
   */
  checkAnswers?: boolean;
};

function isLoggerInstance(x: unknown): x is FastifyBaseLogger {
  return typeof x === 'object' && x !== null && typeof (x as { info?: unknown }).info === 'function' && typeof (x as { child?: unknown }).child === 'function';
}

export async function buildApi(opts: BuildApiOptions): Promise<FastifyInstance> {
  const { database, config } = opts;
  const logging: Pick<FastifyServerOptions, 'logger' | 'loggerInstance'> = isLoggerInstance(opts.logger)
    ? { loggerInstance: opts.logger }
    : {
        // secrets in URLs (?token=, cartId, payment paths) never reach the log (http/log.ts)
        logger: (opts.logger
          ? withLogRedaction(opts.logger === true ? {} : opts.logger)
          : false) as FastifyServerOptions['logger'],
      };
  const app = Fastify({
    ...logging,
    // composed into the shop server (its logger given): the outer server logs the requests
    logController: new LogController({ disableRequestLogging: isLoggerInstance(opts.logger) }),
    bodyLimit: config.bodyLimit,
    // slow-loris: a request must arrive whole in time (HTTP_REQUEST_TIMEOUT_MS, HTTP_HEADERS_TIMEOUT_MS)
    ...httpServerOptions(config),
    // TRUST_PROXY: whose X-Forwarded-For names the client (rate limits, logs); nobody's by default
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // the spec's paths come with and without a trailing slash (`/country/list/`, `/pickup-points/`)
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1000 },
    // the router's own refusals (a bad %-encoding, a path parameter over maxParamLength) answer in
    // the envelope too, not in Fastify's bare { error, message, statusCode }
    frameworkErrors: errorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // routes declare their answers from the domain's contracts (http/answers.ts); checked in the tests
  app.setSerializerCompiler(answerSerializerCompiler(opts.checkAnswers ?? false));
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);
  // a body above the limit is read to its end before the 413, so that the client can read the 413
  app.addHook('onError', drainOversizedBody);
  addSecurityHeaders(app);

  // an empty body with a JSON content type is "no body" (several clients POST like that)
  const json = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return json(req, text, done);
  });

  if (opts.compress) await app.register(compress, RESPONSE_COMPRESSION);

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Vitrina API',
        version: '0.1.0',
        description:
          'The /vsbridge API of the Vitrina storefront. Answers are `{ code, result }` with the HTTP status equal to `code` ' +
          '(errors: `{ code, result: "<message>", errors?: [{ field, message }] }`), except catalogue search (a search response), ' +
          'the URL mapper (the hit or null) and images (bytes). Money is integer cents.',
      },
      servers: [{ url: config.publicUrl }],
    },
    transform: jsonSchemaTransform,
  });

  const catalog = new CatalogService(database, config);
  const auth = await AuthService.create(database, config);
  // REDIS_URL: the counters are shared by every process through Redis; in the process otherwise
  const limiter: RateLimiter = config.redisUrl ? RedisRateLimiter.create(config.redisUrl) : new MemoryRateLimiter();
  const groupPricing = new GroupPricingService(database, config, auth, () => catalog.taxRules());
  /** orders and payments move stock: listings' stock is refreshed after their transactions */
  // the products of the orders placed meanwhile refreshed in one run (lib/batched.ts)
  const onStockChanged = batchedRuns(async (productIds: number[]) => {
    try {
      await refreshListings(database, productIds);
    } catch (err) {
      app.log.warn({ err, productIds }, 'stock changed but the product index was not refreshed');
    }
  });
  const payments = await PaymentService.create(database, config, {
    onStockChanged,
    demoShop: () => catalog.demoShop(),
  });
  await warnOfDemoAndSandbox(app.log, database, payments);
  // the shop's settings; a save drops this process's per-catalogue-version answers at once
  const settings = new ShopSettingsService(database, config.settingsSeed, config.catalogVersionTtlMs, () => catalog.catalogChanged());
  const cart = new CartService(database, config, catalog, auth, groupPricing, payments, settings);
  const metrics = new ApiMetrics(database, catalog);
  const ctx: ApiContext = {
    database,
    config,
    catalog,
    cart,
    stock: new StockService(database),
    orders: new OrderService(database, config, catalog, cart, onStockChanged, settings, limiter),
    unpaidOrders: new UnpaidOrderSweeper(database, config, app.log, onStockChanged),
    retention: new RetentionSweeper(database, config.retention, app.log),
    priceWindows: new PriceWindowRefresher(database, config.priceWindowRefreshMs, app.log),
    taxSchedule: new TaxRateScheduler(database, config, catalog, app.log),
    shop: new ShopService(database, config.bannersDir, settings),
    images: new ImageService(config),
    admin: new AdminService(database, config, catalog, limiter),
    auth,
    limiter,
    users: new UserService(database, config, auth, limiter),
    newsletter: new NewsletterService(database, config, limiter, (email) => auth.unsubscribeSignature(email), settings),
    reviews: new ReviewService(database),
    contact: new ContactService(database, config, limiter),
    mailer: new OutboxMailer(database, config, createMailTransport(config, app.log), app.log),
    payments,
    specialOffers: new SpecialOfferService(database, config, catalog),
    groupPricing,
    stockAlerts: new StockAlertService(database, config, catalog, limiter, app.log),
    invoices: new InvoiceService(database, config, settings),
    metrics,
    webhooks: new WebhookDispatcher(database, config.webhooks, app.log, metrics),
    staffSessions: new StaffSessions(database, config, limiter),
    backOffice: new StaffBackOffice(database),
    settings,
  };
  measureRequests(app, ctx.metrics);
  app.addHook('onReady', async () => {
    // the in-process search index builds in the background (seconds at 100k products); SQL answers meanwhile
    ctx.catalog.warmSearchIndex().catch((err: unknown) => app.log.warn({ err }, 'search index not built'));
    await ctx.mailer.start();
    ctx.stockAlerts.start();
    ctx.unpaidOrders.start();
    ctx.retention.start();
    ctx.priceWindows.start();
    ctx.taxSchedule.start();
    ctx.webhooks.start();
  });
  app.addHook('onClose', async () => {
    ctx.catalog.close();
    await ctx.mailer.stop();
    await ctx.stockAlerts.stop();
    await ctx.unpaidOrders.stop();
    await ctx.retention.stop();
    await ctx.priceWindows.stop();
    await ctx.taxSchedule.stop();
    await ctx.webhooks.stop();
    if (limiter instanceof RedisRateLimiter) await limiter.close();
  });

  // /healthz (alive), /readyz (database and search index), /metrics (Prometheus): ops/routes.ts
  opsRoutes(app, ctx, ctx.metrics);
  app.get('/vsbridge/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  catalogRoutes(app, ctx);
  cartRoutes(app, ctx);
  stockRoutes(app, ctx);
  orderRoutes(app, ctx);
  orderAdminRoutes(app, ctx);
  shopRoutes(app, ctx);
  imageRoutes(app, ctx);
  adminRoutes(app, ctx);
  userRoutes(app, ctx);
  newsletterRoutes(app, ctx);
  reviewRoutes(app, ctx);
  contactRoutes(app, ctx);
  mailRoutes(app, ctx);
  paymentRoutes(app, ctx);
  specialOfferRoutes(app, ctx);
  stockAlertRoutes(app, ctx);
  newsRoutes(app, ctx);
  invoiceRoutes(app, ctx);
  integrationRoutes(app, ctx);
  staffRoutes(app, ctx);
  afterSaleRoutes(app, ctx);
  settingsRoutes(app, ctx);
  taxRateRoutes(app, ctx);
  productAdminRoutes(app, ctx);
  promotionRoutes(app, ctx);
  deliveryRoutes(app, ctx);
  categoryAdminRoutes(app, ctx);
  attributeAdminRoutes(app, ctx);
  pickupPointRoutes(app, ctx);
  contentAdminRoutes(app, ctx);
  uploadRoutes(app, ctx);
  bannerAdminRoutes(app, ctx);
  webhookEndpointRoutes(app, ctx);
  productPartRoutes(app, ctx);
  seoRoutes(app, ctx);
  // a server render in this process reads through these, not through HTTP (storefront-reads.ts)
  registerStorefrontReads(app, ctx);

  return app as unknown as FastifyInstance;
}

/** the start log says loudly when the shop is a demo and when anyone can pay through a sandbox */
async function warnOfDemoAndSandbox(log: FastifyBaseLogger, database: Database, payments: PaymentService) {
  if (await isDemoShop(database))
    log.warn(
      'DEMO SHOP: running on the seeded demo catalogue (demo products, coupons such as NEWS10, pickup points, special offers); ' +
        'remove it with `npm run demo:remove` or import your catalogue with `--remove-demo` (docs/operations.md "Running it for real")',
    );
  for (const [slug, mode] of Object.entries(await payments.modes()))
    if (mode === 'sandbox') log.warn(`PAYMENT SANDBOX ON for ${slug}: anyone can mark their own order paid`);
}
