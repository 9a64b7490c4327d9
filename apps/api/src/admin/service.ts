/**
 * Administration: the catalogue import over HTTP (the same importer as `npm run catalog:import`),
 * and the guard of the calls automation makes with a bearer token:
 *
 * - `ADMIN_TOKEN`, within its scopes (ADMIN_TOKEN_SCOPES): `import` (the catalogue import) and
 *   `export` (the ERP's orders export). Nothing else: staff work goes through staff sessions.
 * - the running shop's hand-over token (SHOP_HANDOVER_TOKEN, in DATA_DIR/server.json): the command
 *   lines of the same machine handing an import or a staff command over (`handover`).
 *
 * A wrong token counts against the client address (RATE_LIMIT_ADMIN_TOKEN_ADDRESS; then 429) and
 * is audited, as is every use of ADMIN_TOKEN (actor `admin-token`, with the address).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { ImportError, importCatalog, type Database } from '@vitrina/db';
import type { ApiConfig } from '../config.ts';
import { ApiError, unauthorized, type FieldIssue } from '../http/errors.ts';
import type { CatalogService } from '../catalog/service.ts';
import { tooManyAttempts, type RateLimiter } from '../auth/rate-limit.ts';
import { audit, CLI_ACTOR, type StaffActor } from '../staff/audit.ts';

/** what a bearer call may do: ADMIN_TOKEN's scopes, or the command lines' hand-over */
export type AdminScope = 'import' | 'export' | 'handover';

/** the audit log's actor of calls made with ADMIN_TOKEN (no person: a token configured for automation) */
export const ADMIN_TOKEN_ACTOR: StaffActor = { staffId: null, email: 'admin-token' };

const digest = (s: string) => createHash('sha256').update(s).digest();

/** the importer's named issues ("products[12].price: Expected number (sku "LAP-1001")") as fields */
export function importIssues(err: ImportError): FieldIssue[] {
  const issues = err.issues.map((i) => ({ field: i.path, key: i.record ? `${i.message} (${i.record})` : i.message }));
  if (err.more > 0) issues.push({ field: '(file)', key: `... and ${err.more} more` });
  return issues.length ? issues : [{ field: '(file)', key: err.message }];
}

/** compares digests: constant time whatever the lengths */
function matches(token: string, expected: string | undefined): boolean {
  return !!expected && !!token && timingSafeEqual(digest(token), digest(expected));
}

export class AdminService {
  constructor(
    private readonly database: Database,
    private readonly config: ApiConfig,
    private readonly catalog: CatalogService,
    private readonly limiter: RateLimiter,
  ) {}

  /**
   * Refuses (401) unless the request's bearer token may do `scope`: ADMIN_TOKEN within its scopes,
   * or the hand-over token (import, handover). 429 once the address has sent too many wrong tokens.
   * Answers the actor to record.
   */
  async authorize(
    req: { headers: { authorization?: string | undefined }; ip: string; method: string; url: string },
    scope: AdminScope,
  ): Promise<StaffActor> {
    const header = req.headers.authorization;
    const token = typeof header === 'string' && /^bearer\s+/i.test(header) ? header.replace(/^bearer\s+/i, '').trim() : '';
    const key = `admin-token:address:${req.ip}`;
    const rule = this.config.rateLimits.adminTokenAddress;
    const standing = await this.limiter.peek(key, rule);
    if (!standing.allowed) throw tooManyAttempts(standing);
    const { adminToken, adminTokenScopes, handoverToken } = this.config;
    const target = `${req.method} ${req.url.split('?')[0]}`;
    if (scope !== 'handover' && adminTokenScopes.includes(scope) && matches(token, adminToken)) {
      await audit(this.database, ADMIN_TOKEN_ACTOR, `admin-token.${scope}`, target, { clientAddress: req.ip });
      return ADMIN_TOKEN_ACTOR;
    }
    if ((scope === 'import' || scope === 'handover') && matches(token, handoverToken)) return CLI_ACTOR;
    // a wrong token, or ADMIN_TOKEN outside its scopes: counted and audited (never the token itself)
    await this.limiter.consume(key, rule);
    const outOfScope = matches(token, adminToken);
    await audit(this.database, ADMIN_TOKEN_ACTOR, 'admin-token.failed', target, {
      clientAddress: req.ip,
      reason: !token ? 'no token' : outOfScope ? `outside its scopes (${scope})` : 'wrong token',
    });
    throw unauthorized('api.adminUnauthorized');
  }

  /** `removeDemo`: the demo data goes too (@vitrina/db demo/lifecycle.ts); its payment sandbox ends at once */
  async importCatalog(body: unknown, options: { removeDemo?: boolean } = {}) {
    try {
      const counts = await importCatalog(this.database, body as Parameters<typeof importCatalog>[1], {
        removeDemo: options.removeDemo ?? false,
        pricesIncludeTax: this.config.catalogPricesIncludeTax,
      });
      this.catalog.catalogChanged();
      return counts;
    } catch (err) {
      if (err instanceof ImportError) throw new ApiError(400, 'validation.invalid', undefined, importIssues(err));
      throw err;
    }
  }
}
