/**
 * Administration: the catalogue import over HTTP (the same importer as `npm run catalog:import`),
 * guarded by `Authorization: Bearer <ADMIN_TOKEN>`.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { ImportError, importCatalog, type Database } from '@vitrina/db';
import type { ApiConfig } from '../config.ts';
import { ApiError, unauthorized, type FieldIssue } from '../http/errors.ts';
import type { CatalogService } from '../catalog/service.ts';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** the importer's named issues ("products[12].price: Expected number (sku "LAP-1001")") as fields */
export function importIssues(err: ImportError): FieldIssue[] {
  const issues = err.issues.map((i) => ({ field: i.path, key: i.record ? `${i.message} (${i.record})` : i.message }));
  if (err.more > 0) issues.push({ field: '(file)', key: `... and ${err.more} more` });
  return issues.length ? issues : [{ field: '(file)', key: err.message }];
}

export class AdminService {
  constructor(
    private readonly database: Database,
    private readonly config: ApiConfig,
    private readonly catalog: CatalogService,
  ) {}

  /** refuses (401) unless the request carries the configured admin token */
  authorize(header: string | undefined) {
    const token = typeof header === 'string' && /^bearer\s+/i.test(header) ? header.replace(/^bearer\s+/i, '').trim() : '';
    const expected = this.config.adminToken;
    // compare digests: constant time whatever the lengths
    if (!expected || !token || !timingSafeEqual(digest(token), digest(expected))) throw unauthorized('api.adminUnauthorized');
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
