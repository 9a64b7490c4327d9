/**
 * Shop data: the home page's banners, sliders and configuration (accounts-checkout-routes.md §3
 * "Shop data", §7 GET /home-page), pickup points of a carrier, and the delivery countries.
 */
import {
  DEFAULT_COUNTRY,
  bannerShown,
  type BannerAnswer,
  type CountryAnswer,
  type HomePageAnswer,
  type PickupPointAnswer,
  type StoreCode,
} from '@vitrina/domain';
import type { Database } from '@vitrina/db';
import { localized, type Localized } from '../lib/localized.ts';
import { rows } from '../lib/db.ts';
import { readBannerFile, type BannerLog } from './banner-files.ts';
import { ShopSettingsService } from '../settings/service.ts';
import { storeInfo } from './store-info.ts';

/** the delivery markets (Lithuania, Latvia, Estonia) with their names per store view */
export const COUNTRIES: { id: string; iso3: string; names: Record<StoreCode, string> }[] = [
  { id: 'LT', iso3: 'LTU', names: { lt: 'Lietuva', en: 'Lithuania', ru: 'Литва' } },
  { id: 'LV', iso3: 'LVA', names: { lt: 'Latvija', en: 'Latvia', ru: 'Латвия' } },
  { id: 'EE', iso3: 'EST', names: { lt: 'Estija', en: 'Estonia', ru: 'Эстония' } },
];

/** the kinds of accounts-checkout-routes.md §3 "Shop data": main, small and multi banners, slider, head image */
export const BANNER_KINDS = [
  'banner',
  'slider',
  'category_banner',
  'product_banner',
  'multi_banner',
  'small_banner',
  'head_image',
] as const;
type BannerKind = (typeof BANNER_KINDS)[number];

type BannerRow = {
  id: number;
  kind: string;
  position: number;
  image: string;
  title: Localized;
  link: Localized;
  category_id: number | null;
  cta: Localized | null;
  starts_at: Date | null;
  ends_at: Date | null;
  store_codes: string[] | null;
};

export class ShopService {
  /** `bannersDir`: the folder of the banner JSON files per store view (BANNERS_DIR) */
  constructor(
    private readonly database: Database,
    private readonly bannersDir?: string,
    private readonly settings: ShopSettingsService = new ShopSettingsService(database),
  ) {}

  /** The shop's name, promises, seller and the payment and delivery methods by name (the storefront's shell). */
  async storeInfo(store: StoreCode) {
    return storeInfo(this.database, await this.settings.get(), store);
  }

  countries(store: StoreCode): CountryAnswer[] {
    return COUNTRIES.map((c) => ({
      id: c.id,
      two_letter_abbreviation: c.id,
      three_letter_abbreviation: c.iso3,
      full_name_locale: c.names[store],
      full_name_english: c.names.en,
    }));
  }

  async homePage(store: StoreCode, log: BannerLog = { warn: () => {} }): Promise<HomePageAnswer> {
    const banners = await rows<BannerRow>(
      this.database,
      `SELECT id, kind, position, image, title, link, category_id, cta, starts_at, ends_at, store_codes
         FROM banners WHERE is_active ORDER BY position, id`,
    );
    // the date window is the server's clock against instants (written in Europe/Vilnius time); the
    // answer is cached per catalogue version for at most the cache's TTL, so a window opens or closes
    // on the home page within that minute
    const now = new Date();
    const config = await rows<{ code: string; configs: Record<string, unknown> }>(
      this.database,
      'SELECT code, configs FROM shop_config ORDER BY code',
    );
    // the import and the back office write only these kinds
    const result = Object.fromEntries(BANNER_KINDS.map((kind) => [kind, [] as BannerAnswer[]])) as Record<
      BannerKind,
      BannerAnswer[]
    >;
    for (const b of banners) {
      if (
        !bannerShown(
          { active: true, starts_at: b.starts_at, ends_at: b.ends_at, store_codes: b.store_codes },
          store,
          now,
        )
      )
        continue;
      const list = (result[b.kind as BannerKind] ??= []);
      list.push({
        id: b.id,
        position: b.position,
        image: b.image,
        title: localized(b.title, store),
        link: localized(b.link, store),
        ...(b.category_id !== null ? { category_id: b.category_id } : {}),
        ...(localized(b.cta, store) ? { cta: localized(b.cta, store) } : {}),
      });
    }
    // one source: the banners table (the import and the back office write it); a store view's
    // banner file fills only a kind the table has no banner of, so staff's banners are never hidden
    if (this.bannersDir) {
      const stored = new Set(banners.map((b) => b.kind));
      const file = await readBannerFile(this.bannersDir, store, BANNER_KINDS, log);
      for (const [kind, list] of Object.entries(file))
        if (!stored.has(kind)) result[kind as BannerKind] = list;
    }
    return { ...result, config: config.map((c) => ({ code: c.code, configs: c.configs })) };
  }

  async pickupPoints(carrierCode: string, countryId: string | null) {
    return rows<PickupPointAnswer>(
      this.database,
      `SELECT id, carrier_code, name, address, city, postcode, country_id, opening_hours FROM pickup_points
       WHERE is_active AND carrier_code = $1 AND country_id = $2 ORDER BY city, name, id`,
      [carrierCode, countryId ?? DEFAULT_COUNTRY],
    );
  }
}
