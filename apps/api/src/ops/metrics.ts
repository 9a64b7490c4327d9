/**
 * Prometheus metrics of the API, in a registry of its own
 * per `buildApi` (tests build several). Counters and histograms count what this process saw; the
 * gauges read the database at scrape time (orders by status, outbox, payments, webhook deliveries),
 * so every process of a shop reports the same shop-wide figures (sum them with `max`, not `sum`).
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '@vitrina/db';
import type { CatalogService } from '../catalog/service.ts';
import { rows } from '../lib/db.ts';
import { SEARCH_TYPES } from '../catalog/schemas.ts';

/** route pattern of catalogue search: its requests also feed the search latency histogram */
const SEARCH_ROUTE = '/vsbridge/catalog/:index/:type/_search';
/** the entity types a search may name: any other value (a refused search) is labelled `other` */
const KNOWN_SEARCH_TYPES: ReadonlySet<string> = new Set(SEARCH_TYPES);

export class ApiMetrics {
  readonly registry = new Registry();
  readonly httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  readonly searchDuration: Histogram<'type'>;
  readonly webhookFailures: Counter<'event_type'>;
  readonly webhookDelivered: Counter<'event_type'>;

  constructor(database: Database, catalog: CatalogService) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'vitrina_' });
    this.httpDuration = new Histogram({
      name: 'vitrina_http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern (not the URL: no ids or tokens) and status',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    });
    this.searchDuration = new Histogram({
      name: 'vitrina_search_duration_seconds',
      help: 'Catalogue search requests (GET and POST _search) by entity type',
      labelNames: ['type'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1],
      registers,
    });
    this.webhookFailures = new Counter({
      name: 'vitrina_webhook_delivery_failures_total',
      help: 'Webhook delivery attempts that failed (error, timeout or a non-2xx answer), by event type',
      labelNames: ['event_type'],
      registers,
    });
    this.webhookDelivered = new Counter({
      name: 'vitrina_webhook_deliveries_total',
      help: 'Webhook deliveries a receiver accepted (2xx), by event type',
      labelNames: ['event_type'],
      registers,
    });
    new Gauge({
      name: 'vitrina_search_index_build_seconds',
      help: 'Time the start-up build of the in-process search index took (all store views); absent until built',
      registers,
      collect() {
        this.reset();
        if (catalog.searchIndexBuild.seconds !== null) this.set(catalog.searchIndexBuild.seconds);
      },
    });
    new Gauge({
      name: 'vitrina_search_index_ready',
      help: '1 when the search index is built (or SEARCH_INDEX=sql), 0 while it builds',
      registers,
      collect() {
        this.set(catalog.searchIndexBuild.ready ? 1 : 0);
      },
    });
    new Gauge({
      name: 'vitrina_orders',
      help: 'Orders by status',
      labelNames: ['status'],
      registers,
      async collect() {
        this.reset();
        for (const r of await rows<{ status: string; n: number }>(database, 'SELECT status, count(*)::int AS n FROM orders GROUP BY status'))
          this.set({ status: r.status }, r.n);
      },
    });
    new Gauge({
      name: 'vitrina_payments',
      help: 'Payment attempts by provider and outcome (pending, paid, cancelled, failed)',
      labelNames: ['provider', 'status'],
      registers,
      async collect() {
        this.reset();
        for (const r of await rows<{ provider: string; status: string; n: number }>(
          database,
          'SELECT provider, status, count(*)::int AS n FROM payments GROUP BY provider, status',
        ))
          this.set({ provider: r.provider, status: r.status }, r.n);
      },
    });
    const outbox = { depth: 0, oldest: 0 };
    const readOutbox = async () => {
      const [r] = await rows<{ n: number; oldest: number | string | null }>(
        database,
        'SELECT count(*)::int AS n, extract(epoch FROM now() - min(created_at))::float8 AS oldest FROM outbox WHERE processed_at IS NULL',
      );
      outbox.depth = r?.n ?? 0;
      outbox.oldest = Number(r?.oldest ?? 0);
    };
    new Gauge({
      name: 'vitrina_outbox_pending',
      help: 'Outbox rows (e-mails, notices) not processed yet',
      registers,
      async collect() {
        await readOutbox();
        this.set(outbox.depth);
      },
    });
    new Gauge({
      name: 'vitrina_outbox_oldest_pending_age_seconds',
      help: 'Age of the oldest unprocessed outbox row (0 when none)',
      registers,
      // collected after vitrina_outbox_pending (registration order), which has just read it
      collect() {
        this.set(outbox.oldest);
      },
    });
  }

  /**
   * one finished request: `route` is Fastify's route pattern, or '(unmatched)' for a 404 without a
   * route; `params` name the searched entity type of a catalogue search
   */
  observeRequest(method: string, route: string | undefined, status: number, seconds: number, params?: unknown) {
    const pattern = route ?? '(unmatched)';
    this.httpDuration.observe({ method, route: pattern, status_code: String(status) }, seconds);
    if (pattern === SEARCH_ROUTE) {
      const type = (params as { type?: unknown } | undefined)?.type;
      // a label value per type the search takes only: an invented type (refused with 400) would
      // otherwise add a series per request, and a client could grow the registry without end
      this.searchDuration.observe({ type: typeof type === 'string' && KNOWN_SEARCH_TYPES.has(type) ? type : 'other' }, seconds);
    }
  }
}
