/**
 * @vitrina/api: the shop's commerce API (`/vsbridge/*`, `/api/url/map`, `/healthz`) as a Fastify
 * instance. See README "API" and config.ts for the environment variables.
 */
export { buildApi, type BuildApiOptions } from './app.ts';
export { loadApiConfig, parseTrustProxy, fastifyTrustProxy, type ApiConfig, type TrustProxy, ADMIN_BODY_LIMIT } from './config.ts';
export type { ErrorBody } from './http/error-handler.ts';
export { redactUrl, withLogRedaction } from './http/log.ts';
export { addSecurityHeaders, isPersonalApiPath } from './http/security-headers.ts';
