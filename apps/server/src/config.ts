/**
 * Process configuration of the shop server. Every variable is documented in the README
 * ("Environment variables"); the API's own variables are read by `loadApiConfig` of @vitrina/api.
 */
import path from 'node:path';

export type ServerConfig = {
  port: number;
  host: string;
  /** embedded PostgreSQL (PGlite) data folder, used when databaseUrl is unset */
  dataDir: string;
  databaseUrl: string | undefined;
  mediaDir: string;
  /** when set, this process serves only the storefront and calls the API there */
  apiUrl: string | undefined;
  /** load the demo catalogue when the database has no products */
  seedDemo: boolean;
  logLevel: string;
  /** folder of the React Router production build (client/ and server/) */
  webBuildDir: string;
};

export function loadServerConfig(env: NodeJS.ProcessEnv, cwd = process.cwd()): ServerConfig {
  const dataDir = path.resolve(cwd, env.DATA_DIR ?? 'var');
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    mediaDir: path.resolve(cwd, env.MEDIA_DIR ?? path.join(dataDir, 'media')),
    apiUrl: env.API_URL || undefined,
    seedDemo: (env.SEED_DEMO ?? 'true') !== 'false',
    logLevel: env.LOG_LEVEL ?? 'info',
    webBuildDir: path.resolve(cwd, env.WEB_BUILD_DIR ?? 'apps/web/build'),
  };
}
