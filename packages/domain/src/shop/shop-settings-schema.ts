/**
 * The shop's settings as the API's body and the back office form's checks (zod), apart from the
 * settings' shape and defaults in shop-settings.ts: the storefront reads those defaults on every page,
 * and a schema built at a module's top level stays in every bundle that imports the module (zod,
 * ~20 KiB gzip of the browser's first load).
 */
import { isValidBIC, isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { SEARCH_TERM_MIN_LENGTH } from '../base/index.ts';
import { GRADE_KEYS, isSearchTermLongEnough, type GradeKey } from '../catalog/index.ts';
import {
  DEFAULT_SHOP_SETTINGS,
  EMPTY_SELLER,
  POPULAR_SEARCHES_MAX,
  POPULAR_SEARCH_MAX_LENGTH,
  normalizeIban,
  type ShopSettings,
} from './shop-settings.ts';

const issue = (
  ctx: z.RefinementCtx,
  path: PropertyKey[],
  key: string,
  params: Record<string, string | number> = {},
) => ctx.addIssue({ code: 'custom', path, message: key, params: { key, ...params } });

const text = (max: number) => z.string().trim().max(max);
const time = z
  .string()
  .trim()
  .refine((v) => /^([01]?\d|2[0-3]):[0-5]\d$/.test(v), { params: { key: 'settings.time' } });
const int = (min: number, max: number) => z.number().int().min(min).max(max);
// each one a search the shop runs: as long as a typed search must be (SEARCH_TERM_MIN_LENGTH)
const popularList = z
  .array(
    text(POPULAR_SEARCH_MAX_LENGTH).refine(isSearchTermLongEnough, {
      params: { key: 'validation.searchTermMinLength', min: SEARCH_TERM_MIN_LENGTH },
    }),
  )
  .max(POPULAR_SEARCHES_MAX);

export const sellerDetailsSchema = z
  .strictObject({
    companyName: text(200),
    companyCode: text(40),
    vatCode: text(40),
    address: text(300),
    phone: text(40),
    email: text(254),
    bankName: text(120),
    iban: z.string().max(60).transform(normalizeIban),
    swift: z
      .string()
      .max(20)
      .transform((s) => s.replace(/\s+/g, '').toUpperCase()),
  })
  .superRefine((s, ctx) => {
    if (s.iban && !isValidIBAN(s.iban)) issue(ctx, ['iban'], 'settings.iban');
    if (s.swift && !isValidBIC(s.swift)) issue(ctx, ['swift'], 'settings.swift');
    if (s.email && !/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(s.email))
      issue(ctx, ['email'], 'validation.email');
    // an account without its holder or bank cannot be paid to: all three or none
    if (s.iban || s.bankName)
      for (const f of ['companyName', 'bankName', 'iban'] as const)
        if (!s[f]) issue(ctx, [f], 'settings.bankIncomplete');
  });

export const shopSettingsSchema = z
  .strictObject({
    shopName: z.strictObject({ lt: text(80).min(1), en: text(80), ru: text(80) }),
    logoUrl: text(500).refine((u) => u === '' || /^\/[^/\\]/.test(u) || /^https:\/\/[^\s"'<>]+$/.test(u), {
      params: { key: 'settings.logoUrl' },
    }),
    seller: sellerDetailsSchema,
    moneyBackDays: int(14, 365),
    supportHours: z.strictObject({ from: time, to: time }),
    deliveryDays: z.strictObject({ min: int(0, 60), max: int(0, 60) }),
    newsletterCoupon: z.strictObject({ enabled: z.boolean(), percent: int(1, 90) }),
    warrantyMonths: z.strictObject(
      Object.fromEntries(GRADE_KEYS.map((g) => [g, int(g === 'new' ? 24 : 12, 120)])) as Record<
        GradeKey,
        z.ZodNumber
      >,
    ),
    codFeeCents: int(0, 100_000),
    freeShippingThresholdCents: int(0, 10_000_000),
    lowStockThreshold: int(0, 100_000),
    bankTransferDueDays: int(1, 60),
    popularSearches: z.strictObject({ lt: popularList, en: popularList, ru: popularList }),
  })
  .superRefine((s, ctx) => {
    if (s.deliveryDays.min > s.deliveryDays.max)
      issue(ctx, ['deliveryDays', 'max'], 'settings.deliveryOrder');
    if (minutes(s.supportHours.from) >= minutes(s.supportHours.to))
      issue(ctx, ['supportHours', 'to'], 'settings.hoursOrder');
  });

function minutes(hm: string): number {
  const [h = '0', m = '0'] = hm.split(':');
  return Number(h) * 60 + Number(m);
}

/** the settings API's write: the settings and the version the form was opened at */
export const shopSettingsUpdateSchema = z.strictObject({
  version: z.number().int().min(0),
  settings: shopSettingsSchema,
});
export type ShopSettingsUpdate = z.infer<typeof shopSettingsUpdateSchema>;

/** the back office's "remove the demo data": the administrator ticks that they mean it (it cannot be undone) */
export const demoRemovalSchema = z.strictObject({ confirm: z.literal(true) });

/**
 * Stored settings read back: every field the schema knows from the row, a missing or unreadable one
 * from the defaults (a row written by an older release lacks newer fields).
 */
export function settingsFromStored(stored: unknown): ShopSettings {
  const s = (stored && typeof stored === 'object' ? stored : {}) as Partial<ShopSettings>;
  const merged: ShopSettings = {
    ...DEFAULT_SHOP_SETTINGS,
    ...s,
    shopName: { ...DEFAULT_SHOP_SETTINGS.shopName, ...s.shopName },
    seller: { ...EMPTY_SELLER, ...s.seller },
    supportHours: { ...DEFAULT_SHOP_SETTINGS.supportHours, ...s.supportHours },
    deliveryDays: { ...DEFAULT_SHOP_SETTINGS.deliveryDays, ...s.deliveryDays },
    newsletterCoupon: { ...DEFAULT_SHOP_SETTINGS.newsletterCoupon, ...s.newsletterCoupon },
    warrantyMonths: { ...DEFAULT_SHOP_SETTINGS.warrantyMonths, ...s.warrantyMonths },
    popularSearches: { ...DEFAULT_SHOP_SETTINGS.popularSearches, ...s.popularSearches },
  };
  const parsed = shopSettingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : merged;
}
