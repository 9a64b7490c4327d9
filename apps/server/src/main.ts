/**
 * The shop in one process (DESIGN.md): the API under /vsbridge, the URL mapper, images, static
 * assets and SSR for every other path. With API_URL set it serves only the storefront.
 */
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import compress from '@fastify/compress';
import { buildApi, loadApiConfig } from '@vitrina/api';
import { removeServerLock, writeServerLock, type Database } from '@vitrina/db';
import { loadServerConfig, type ServerConfig } from './config.ts';
import { openShopDatabase } from './bootstrap.ts';
import { createInProcessFetch, createRemoteFetch } from './in-process-fetch.ts';
import { registerStorefront } from './ssr.ts';

export async function startServer(config: ServerConfig = loadServerConfig(process.env)) {
  const app = Fastify({ logger: { level: config.logLevel }, trustProxy: true });
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });

  let database: Database | undefined;
  let apiFetch = config.apiUrl ? createRemoteFetch(config.apiUrl) : undefined;
  const adminToken = process.env.ADMIN_TOKEN || randomBytes(24).toString('base64url');
  if (!apiFetch) {
    database = await openShopDatabase(config, app.log);
    const apiConfig = loadApiConfig({ ...process.env, MEDIA_DIR: config.mediaDir, ADMIN_TOKEN: adminToken });
    const api = await buildApi({ database, config: apiConfig, logger: app.log });
    await app.register(async (scope) => {
      scope.all('/vsbridge/*', (req, reply) => forward(api, req, reply));
      scope.all('/api/*', (req, reply) => forward(api, req, reply));
      scope.get('/healthz', (req, reply) => forward(api, req, reply));
    });
    apiFetch = createInProcessFetch(api);
  }

  await registerStorefront(app, { buildDir: config.webBuildDir, apiFetch });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  if (database?.kind === 'pglite')
    await writeServerLock(config.dataDir, { pid: process.pid, port, adminToken });

  const close = async () => {
    await app.close();
    if (database?.kind === 'pglite') await removeServerLock(config.dataDir);
    await database?.close();
  };
  return { app, port, close };
}

/** hands a request of the outer server to the API instance, keeping its routes, hooks and errors */
async function forward(
  api: import('fastify').FastifyInstance,
  req: import('fastify').FastifyRequest,
  reply: import('fastify').FastifyReply,
) {
  const res = await api.inject({
    method: req.method as import('fastify').InjectOptions['method'],
    url: req.url,
    headers: req.headers as Record<string, string>,
    payload:
      req.body === undefined
        ? undefined
        : typeof req.body === 'string' || Buffer.isBuffer(req.body)
          ? req.body
          : JSON.stringify(req.body),
  });
  reply.status(res.statusCode).headers(res.headers);
  return reply.send(res.rawPayload);
}
