/**
 * Operations endpoints (docs/integration.md), outside the `{ code, result }` contract:
 *
 * - `GET /healthz`: liveness: the process answers (200 whatever the database does; with the
 *   catalogue version when it can be read).
 * - `GET /readyz`: readiness: 200 when the database answers and the search index is built, 503
 *   otherwise, with what is not ready.
 * - `GET /metrics`: Prometheus text format. With METRICS_TOKEN set: `Authorization: Bearer <token>`.
 *   Without: only requests from the machine itself (loopback) that did not pass through a proxy
 *   (no X-Forwarded-For); everyone else gets 404, as if there were no such page.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Database } from '@vitrina/db';
import type { ApiApp, ApiContext } from '../context.ts';
import { notFound } from '../http/errors.ts';
import type { ApiMetrics } from './metrics.ts';

const READY_DB_TIMEOUT_MS = 2000;
const digest = (s: string) => createHash('sha256').update(s).digest();
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** who may read /metrics (see the module comment) */
export function metricsAllowed(req: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const header = req.headers.authorization ?? '';
    const given = /^bearer\s+/i.test(header) ? header.replace(/^bearer\s+/i, '').trim() : '';
    return given !== '' && timingSafeEqual(digest(given), digest(token));
  }
  return (
    LOOPBACK.has(req.socket.remoteAddress ?? '') &&
    LOOPBACK.has(req.ip) &&
    req.headers['x-forwarded-for'] === undefined
  );
}

async function databaseAnswers(database: Database): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      database.query('SELECT 1').then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), READY_DB_TIMEOUT_MS);
      }),
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** times every request (route pattern, not URL) into the metrics */
export function measureRequests(app: ApiApp, metrics: ApiMetrics) {
  // a callback hook: an async one cost a promise and a microtask per answer for synchronous work
  app.addHook('onResponse', (req, reply, done) => {
    metrics.observeRequest(
      req.method,
      req.routeOptions.url,
      reply.statusCode,
      reply.elapsedTime / 1000,
      req.params,
    );
    done();
  });
}

export function opsRoutes(
  app: ApiApp,
  ctx: Pick<ApiContext, 'catalog' | 'config' | 'database'>,
  metrics: ApiMetrics,
) {
  app.get('/healthz', { schema: { hide: true } }, async () => {
    let catalogVersion: number | null = null;
    try {
      catalogVersion = Number(await ctx.catalog.version());
    } catch {
      // alive all the same: the database's state is /readyz's question
    }
    return { status: 'ok', db: ctx.database.kind, catalogVersion, catalogCache: ctx.catalog.cache.stats() };
  });

  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    const database = await databaseAnswers(ctx.database);
    const searchIndex = ctx.catalog.searchIndexBuild.ready;
    const ready = database && searchIndex;
    return reply.code(ready ? 200 : 503).send({
      status: ready ? 'ready' : 'not_ready',
      checks: { database: database ? 'ok' : 'unreachable', searchIndex: searchIndex ? 'built' : 'building' },
    });
  });

  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (!metricsAllowed(req, ctx.config.metricsToken)) throw notFound('error.notFound');
    const text = await metrics.registry.metrics();
    return reply
      .header('content-type', metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(text);
  });
}
