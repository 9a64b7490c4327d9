/**
 * The services of the API, built once per `buildApi` and handed to each bounded context's routes.
 */
import type { Database } from '@vitrina/db';
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ApiConfig } from './config.ts';
import type { AdminService } from './admin/service.ts';
import type { CartService } from './cart/service.ts';
import type { CatalogService } from './catalog/service.ts';
import type { ImageService } from './image/service.ts';
import type { OrderService } from './order/service.ts';
import type { UnpaidOrderSweeper } from './order/unpaid.ts';
import type { RetentionSweeper } from './legal/retention.ts';
import type { PriceWindowRefresher } from './catalog/price-windows.ts';
import type { TaxRateScheduler } from './settings/scheduled-tax-rates.ts';
import type { ShopService } from './shop/service.ts';
import type { StockService } from './stock/service.ts';
import type { AuthService } from './auth/service.ts';
import type { RateLimiter } from './auth/rate-limit.ts';
import type { UserService } from './user/service.ts';
import type { NewsletterService } from './newsletter/service.ts';
import type { ReviewService } from './review/service.ts';
import type { ContactService } from './contact/service.ts';
import type { OutboxMailer } from './mail/outbox.ts';
import type { PaymentService } from './payment/service.ts';
import type { SpecialOfferService } from './user/special-offers.ts';
import type { GroupPricingService } from './user/group-pricing.ts';
import type { StockAlertService } from './stock-alert/service.ts';
import type { InvoiceService } from './invoice/service.ts';
import type { ApiMetrics } from './ops/metrics.ts';
import type { WebhookDispatcher } from './integration/webhooks.ts';
import type { StaffSessions } from './staff/sessions.ts';
import type { StaffBackOffice } from './staff/back-office.ts';
import type { ShopSettingsService } from './settings/service.ts';

export type ApiContext = {
  database: Database;
  config: ApiConfig;
  catalog: CatalogService;
  cart: CartService;
  stock: StockService;
  orders: OrderService;
  /** cancels orders not paid online in time, returning their stock (order/unpaid.ts) */
  unpaidOrders: UnpaidOrderSweeper;
  /** deletes personal data whose retention period passed (legal/retention.ts) */
  retention: RetentionSweeper;
  priceWindows: PriceWindowRefresher;
  /** applies the VAT rate changes scheduled for a date when due */
  taxSchedule: TaxRateScheduler;
  shop: ShopService;
  images: ImageService;
  admin: AdminService;
  /** customer tokens and sessions: `auth.authenticate(request)` is the customer of a request (401 otherwise) */
  auth: AuthService;
  /** rate-limit counters (in-process; see auth/rate-limit.ts for REDIS_URL) */
  limiter: RateLimiter;
  users: UserService;
  newsletter: NewsletterService;
  reviews: ReviewService;
  contact: ContactService;
  mailer: OutboxMailer;
  /** payment providers (NEOPAY, MOKILIZINGAS; sandbox without credentials) */
  payments: PaymentService;
  /** the customers' special offers (user/special-offers.ts) */
  specialOffers: SpecialOfferService;
  /** customer-group price tiers of catalogue answers (GROUP_PRICING) */
  groupPricing: GroupPricingService;
  /** back-in-stock e-mail requests (stock-alert/service.ts) */
  stockAlerts: StockAlertService;
  /** VAT invoices of orders (invoice/service.ts) */
  invoices: InvoiceService;
  /** Prometheus metrics of this API instance (ops/metrics.ts) */
  metrics: ApiMetrics;
  /** signed order webhooks from order_events (integration/webhooks.ts) */
  webhooks: WebhookDispatcher;
  /** the back office's staff sessions (staff/sessions.ts) */
  staffSessions: StaffSessions;
  /** what the back office reads and changes besides the order lifecycle (staff/back-office.ts) */
  backOffice: StaffBackOffice;
  /** the shop's settings: name, seller, promises, fees (`await ctx.settings.get()`; settings/service.ts) */
  settings: ShopSettingsService;
};

/** the Fastify instance as routes see it: zod schemas typed through the type provider */
export type ApiApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
