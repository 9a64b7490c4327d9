/**
 * The shop's settings (packages/domain shop-settings.ts): its name, the seller and bank account, and
 * every promise the storefront, the e-mails and the invoices make. One row in `shop_settings`,
 * edited by an administrator (settings/routes.ts); the SHOP_* and COD_FEE_CENTS environment
 * variables only seed it on the first start.
 *
 * How other code reads a setting: `await ctx.settings.get()` answers the whole `ShopSettings`
 * (e.g. `(await ctx.settings.get()).moneyBackDays`). A read is reused for CATALOG_VERSION_TTL_MS
 * (another process's save is seen within it); a save in this process is seen at once.
 *
 * A save bumps the catalogue version in its transaction: the page cache and the per-version answers
 * (store-info, delivery options) are keyed by it, so no cached page keeps an old name or promise.
 */
import { bumpCatalogVersion, isDemoShop, type Database } from '@vitrina/db';
import {
  DEFAULT_SHOP_SETTINGS,
  DEMO_POPULAR_SEARCHES,
  DEMO_SELLER,
  popularSearchesEmpty,
  SELLER_FIELDS,
  settingsFromStored,
  shopSettingsSchema,
  type SellerDetails,
  type ShopSettings,
} from '@vitrina/domain';
import type { ShopIdentity } from '../config.ts';
import { ApiError } from '../http/errors.ts';
import { one, type Queryable } from '../lib/db.ts';
import { audit, type StaffActor } from '../staff/audit.ts';

type Row = {
  settings: Record<string, unknown>;
  version: number;
  updated_at: Date | string;
  updated_by: string | null;
};

/** the settings as stored, with the version a save must name and who saved last */
export type StoredSettings = {
  settings: ShopSettings;
  version: number;
  updatedAt: string;
  updatedBy: string | null;
};

/** what the shop shows: the stored settings, and whether the seller is the demo shop's fictional one */
export type EffectiveSettings = ShopSettings & { sellerIsDemo: boolean };

export function sellerIsEmpty(seller: SellerDetails): boolean {
  return SELLER_FIELDS.every((f) => seller[f].trim() === '');
}

/**
 * The settings the shop runs by, read now on `q` (inside a caller's transaction, e.g. an e-mail
 * written to the outbox): the stored row, or `seed` before the first start wrote it. While no seller
 * detail is set and the shop runs on the seeded demo catalogue, the seller is the fictional
 * DEMO_SELLER (`sellerIsDemo`), so the demo shows where details go and offers bank transfer to a
 * clearly fictional account, never a real-looking one. Its popular searches likewise are
 * DEMO_POPULAR_SEARCHES while the owner has set none.
 */
export async function effectiveSettings(
  q: Queryable,
  seed: ShopSettings = DEFAULT_SHOP_SETTINGS,
): Promise<EffectiveSettings> {
  const row = await one<{ settings: unknown }>(q, 'SELECT settings FROM shop_settings WHERE id = 1');
  return effectiveOf(row ? settingsFromStored(row.settings) : seed, q);
}

/** `settings` as effectiveSettings answers them (the demo's seller and searches while none are set) */
async function effectiveOf(settings: ShopSettings, q: Queryable): Promise<EffectiveSettings> {
  const noSeller = sellerIsEmpty(settings.seller);
  const noSearches = popularSearchesEmpty(settings.popularSearches);
  const demoShop = (noSeller || noSearches) && (await isDemoShop(q as Database));
  return {
    ...settings,
    ...(demoShop && noSeller ? { seller: DEMO_SELLER } : {}),
    // the demo shows what the panel's popular searches look like until the owner picks their own
    ...(demoShop && noSearches ? { popularSearches: DEMO_POPULAR_SEARCHES } : {}),
    sellerIsDemo: demoShop && noSeller,
  };
}

/** the seller as documents and e-mails name it: the settings' details (the demo's fictional ones while none are set) */
export function sellerIdentity(seller: EffectiveSettings['seller']): ShopIdentity {
  const { companyName, companyCode, vatCode, address, phone, email, bankName, iban } = seller;
  return { companyName, companyCode, vatCode, address, phone, email, bankName, iban };
}

export class ShopSettingsService {
  private memo: { value: EffectiveSettings; at: number } | undefined;
  private reading: Promise<EffectiveSettings> | undefined;
  /** bumped by a save: a read started before it is not remembered */
  private epoch = 0;

  /**
   * `seed`: the first start's settings (from the environment, config.ts settingsSeed);
   * `reuseMs`: how long a read is reused; `onChanged`: after a save (drops per-version caches)
   */
  constructor(
    private readonly database: Database,
    private readonly seed: ShopSettings = DEFAULT_SHOP_SETTINGS,
    private readonly reuseMs = 0,
    private readonly onChanged: () => void = () => {},
  ) {}

  /** the settings the shop runs by (effectiveSettings), seeding the row on the first read */
  get(): Promise<EffectiveSettings> {
    const memo = this.memo;
    if (memo && performance.now() - memo.at < this.reuseMs) return Promise.resolve(memo.value);
    if (!this.reading) {
      const at = performance.now();
      const epoch = this.epoch;
      // the row `read` answers (seeded if missing) is the one effectiveSettings would read again
      const read = this.read(this.database).then(async (stored) => {
        const value = await effectiveOf(stored.settings, this.database);
        if (epoch === this.epoch) this.memo = { value, at };
        return value;
      });
      this.reading = read;
      const done = () => {
        if (this.reading === read) this.reading = undefined;
      };
      read.then(done, done);
    }
    return this.reading;
  }

  /** after a write that changes what the settings read (a save, the demo data removed): read anew, caches dropped */
  changed(): void {
    this.epoch++;
    this.memo = undefined;
    this.onChanged();
  }

  /** the stored row (seeded now if there is none yet): what the back office's form edits */
  async read(q: Queryable = this.database): Promise<StoredSettings> {
    let row = await one<Row>(
      q,
      'SELECT settings, version, updated_at, updated_by FROM shop_settings WHERE id = 1',
    );
    if (!row) {
      await q.query(
        `INSERT INTO shop_settings (id, settings, version, updated_by) VALUES (1, $1::jsonb, 1, 'environment') ON CONFLICT (id) DO NOTHING`,
        [JSON.stringify(this.seed)],
      );
      row = await one<Row>(
        q,
        'SELECT settings, version, updated_at, updated_by FROM shop_settings WHERE id = 1',
      );
      if (!row) throw new Error('shop_settings was not seeded');
    }
    return {
      settings: settingsFromStored(row.settings),
      version: row.version,
      updatedAt: new Date(row.updated_at).toISOString(),
      updatedBy: row.updated_by,
    };
  }

  /**
   * Saves the settings an administrator sent with the version their form was opened at. In one
   * transaction: the row is locked, a different version is refused (409 `settings.stale`: someone
   * saved meanwhile; the refusal audited after it), the row written with the next version, the change audited (the fields changed,
   * never their values: the IBAN is not copied into the log) and the catalogue version bumped.
   */
  async save(actor: StaffActor, version: number, input: unknown): Promise<StoredSettings> {
    const settings = shopSettingsSchema.parse(input);
    await this.read();
    const saved = await this.database.transaction(async (tx) => {
      const row = await one<Row>(
        tx,
        'SELECT settings, version, updated_at, updated_by FROM shop_settings WHERE id = 1 FOR UPDATE',
      );
      if (!row || row.version !== version) return { stale: row?.version ?? null };
      const before = settingsFromStored(row.settings);
      const written = await one<Row>(
        tx,
        `UPDATE shop_settings SET settings = $1::jsonb, version = version + 1, updated_at = now(), updated_by = $2
          WHERE id = 1 RETURNING settings, version, updated_at, updated_by`,
        [JSON.stringify(settings), actor.email],
      );
      if (!written) throw new Error('shop_settings was not written');
      await audit(tx, actor, 'settings.update', 'settings', {
        version: written.version,
        changed: changedFields(before, settings),
      });
      await bumpCatalogVersion(tx);
      return written;
    });
    if ('stale' in saved) {
      // the refusal is recorded on its own (the transaction wrote nothing)
      await audit(this.database, actor, 'settings.update.refused', 'settings', {
        reason: 'stale',
        sent: version,
        current: saved.stale,
      });
      throw new ApiError(409, 'settings.stale');
    }
    this.changed();
    return {
      settings: settingsFromStored(saved.settings),
      version: saved.version,
      updatedAt: new Date(saved.updated_at).toISOString(),
      updatedBy: saved.updated_by,
    };
  }
}

/** the dotted paths whose values differ (the audit row's `changed`) */
export function changedFields(before: unknown, after: unknown, prefix = ''): string[] {
  if (before && after && typeof before === 'object' && typeof after === 'object') {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    return [...keys].flatMap((k) =>
      changedFields(
        (before as Record<string, unknown>)[k],
        (after as Record<string, unknown>)[k],
        prefix ? `${prefix}.${k}` : k,
      ),
    );
  }
  return before === after ? [] : [prefix];
}
