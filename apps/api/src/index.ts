/**
 * @vitrina/api: the shop's commerce API (`/vsbridge/*`, `/api/url/map`, `/healthz`) as a Fastify
 * instance. Its environment variables: settings-table.ts (docs/configuration.md).
 */
export { buildApi, type BuildApiOptions } from './app.ts';
export { storefrontReadsOf, type StorefrontReads } from './storefront-reads.ts';
export { loadApiConfig, parseTrustProxy, fastifyTrustProxy, httpServerOptions, type ApiConfig, type TrustProxy, ADMIN_BODY_LIMIT } from './config.ts';
export { uploadBodyLimit } from './image/upload-routes.ts';
export type { ErrorBody } from './http/error-handler.ts';
export { redactUrl, withLogRedaction } from './http/log.ts';
export { RESPONSE_COMPRESSION } from './http/compression.ts';
export { addSecurityHeaders, isPersonalApiPath } from './http/security-headers.ts';
// the back office's accounts: `npm run staff` and tests create staff with these
export { addStaff, disableStaff, listStaff, setStaffPassword, type StaffAccount } from './staff/accounts.ts';
export { CLI_ACTOR } from './staff/audit.ts';
export { drainOversizedBody } from './http/body-limit.ts';
export { assertProductionStart, productionStartChecks } from './ops/start-checks.ts';
