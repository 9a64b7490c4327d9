/**
 * The shop in one process (DESIGN.md): the API under /vsbridge, the URL mapper, images, static
 * assets and SSR for every other path. The storefront is registered on the API's own Fastify
 * instance, so API requests pay no forwarding and keep the client's address (rate limits).
 * With API_URL set the process serves only the storefront and reads the API there.
 */
import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import {
  addSecurityHeaders,
  assertProductionStart,
  buildApi,
  fastifyTrustProxy,
  httpServerOptions,
  loadApiConfig,
  storefrontReadsOf,
  RESPONSE_COMPRESSION,
  uploadBodyLimit,
  withLogRedaction,
} from '@vitrina/api';
import { acquireServerLock, removeServerLock, writeServerLock, type Database } from '@vitrina/db';
import { loadServerConfig, type ServerConfig } from './config.ts';
import { openShopDatabase } from './bootstrap.ts';
import { createInProcessFetch, createRemoteFetch } from './in-process-fetch.ts';
import { registerStorefront } from './ssr.ts';
import { PageCache, dataStampReader } from './page-cache.ts';

export async function startServer(config: ServerConfig = loadServerConfig(process.env)) {
  // NODE_ENV=production: the settings a shop must not run with refuse the start (ops/start-checks.ts)
  const productionWarnings = assertProductionStart(process.env);
  const logger = withLogRedaction({ level: config.logLevel });
  let app: FastifyInstance;
  let database: Database | undefined;
  let storefront: Awaited<ReturnType<typeof registerStorefront>>;
  // the command lines of this machine hand an import or a staff command over with this token, read
  // from DATA_DIR/server.json (mode 0600); never ADMIN_TOKEN, which opens the import and the export only
  const handoverToken = randomBytes(32).toString('base64url');

  if (config.apiUrl) {
    // the storefront alone still reads FORM_BODY_LIMIT and the HTTP timeouts as the API would
    const limits = loadApiConfig(process.env);
    app = Fastify({ logger, trustProxy: fastifyTrustProxy(config.trustProxy), ...httpServerOptions(limits) });
    addSecurityHeaders(app);
    await app.register(compress, RESPONSE_COMPRESSION);
    storefront = await registerStorefront(app, {
      buildDir: config.webBuildDir,
      apiFetch: createRemoteFetch(config.apiUrl),
      publicUrl: config.publicUrl,
      renderThreads: config.renderThreads,
      formBodyLimit: limits.formBodyLimit,
      uploadBodyLimit: uploadBodyLimit(limits),
    });
  } else {
    // the embedded database admits one process: claim the data folder before opening it (port 0
    // until listening tells the import command "a shop is starting")
    if (!config.databaseUrl) {
      const holder = await acquireServerLock(config.dataDir, {
        pid: process.pid,
        port: 0,
        adminToken: handoverToken,
      });
      if (holder) {
        throw new Error(
          `The data folder ${config.dataDir} is in use by ${holder.pid ? `process ${holder.pid}` : 'another process'} (${holder.role ?? 'server'}). ` +
            'Stop it first, or set DATA_DIR to another folder, or use DATABASE_URL.',
        );
      }
    }
    // the database is opened (and seeded) before anything listens: /healthz answers only when ready
    const bootLog = Fastify({ logger }).log;
    database = await openShopDatabase(config, bootLog);
    const apiConfig = loadApiConfig({
      ...process.env,
      DATA_DIR: config.dataDir,
      MEDIA_DIR: config.mediaDir,
      SHOP_HANDOVER_TOKEN: handoverToken,
    });
    app = await buildApi({ database, config: apiConfig, logger, compress: true });
    const pageCache =
      config.pageCache.mode === 'memory'
        ? {
            cache: new PageCache(config.pageCache),
            stamp: dataStampReader(database, apiConfig.catalogVersionTtlMs),
          }
        : undefined;
    storefront = await registerStorefront(app, {
      buildDir: config.webBuildDir,
      apiFetch: createInProcessFetch(app),
      // catalogue searches and shop data straight from the services (no request through Fastify)
      apiReads: storefrontReadsOf(app),
      pageCache,
      publicUrl: config.publicUrl,
      renderThreads: config.renderThreads,
      formBodyLimit: apiConfig.formBodyLimit,
      uploadBodyLimit: uploadBodyLimit(apiConfig),
    });
  }

  // a cluster's primary has said them once (cluster.ts)
  if (!cluster.isWorker)
    for (const warning of [...config.startWarnings, ...productionWarnings]) app.log.warn(warning);
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  if (database?.kind === 'pglite')
    await writeServerLock(config.dataDir, { pid: process.pid, port, adminToken: handoverToken });

  const close = async () => {
    // the pages under way end while the API still answers them (page-drain.ts), then Fastify closes
    await storefront.drain();
    await app.close();
    if (database?.kind === 'pglite') await removeServerLock(config.dataDir);
    await database?.close();
  };
  return { app, port, close };
}
