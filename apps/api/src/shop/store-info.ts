/**
 * What every storefront page shows of the shop (the shell's one read): its name
 * and promises from the settings (settings/service.ts), the seller's details (left out where unset;
 * the demo shop's fictional ones marked `demo`), and the active payment and delivery methods by name
 * in the store view's language. Bank transfer is named only when the shop's account is set.
 */
import {
  PAYMENT_BANK_TRANSFER,
  bankTransferReady,
  shopNameIn,
  type StoreCode,
  type StoreInfoAnswer,
} from '@vitrina/domain';
import type { Database } from '@vitrina/db';
import { localized, type Localized } from '../lib/localized.ts';
import { rows } from '../lib/db.ts';
import type { EffectiveSettings } from '../settings/service.ts';

/** the answer: the shared contract (packages/domain contracts/shop-answers.ts) */
export type StoreInfo = StoreInfoAnswer;

export async function storeInfo(
  database: Database,
  settings: EffectiveSettings,
  store: StoreCode,
): Promise<StoreInfo> {
  const transfer = bankTransferReady(settings.seller);
  const payments = await rows<{ code: string; title: Localized }>(
    database,
    'SELECT code, title FROM payment_methods WHERE is_active ORDER BY position, code',
  );
  const shipping = await rows<{ title: Localized }>(
    database,
    'SELECT title FROM shipping_methods WHERE is_active ORDER BY position, code',
  );
  const names = (list: { title: Localized }[]) => [
    ...new Set(list.map((r) => localized(r.title, store)).filter((t): t is string => Boolean(t))),
  ];
  const s = settings.seller;
  return {
    shop: {
      name: shopNameIn(settings, store),
      logo_url: settings.logoUrl,
      money_back_days: settings.moneyBackDays,
      support_hours: { ...settings.supportHours },
      delivery_days: { ...settings.deliveryDays },
      newsletter_coupon_percent: settings.newsletterCoupon.enabled ? settings.newsletterCoupon.percent : null,
      warranty_months: { ...settings.warrantyMonths },
      free_shipping_from: settings.freeShippingThresholdCents,
      cod_fee: settings.codFeeCents,
      popular_searches: [...settings.popularSearches[store]],
    },
    company: {
      name: s.companyName,
      companyCode: s.companyCode,
      vatCode: s.vatCode,
      address: s.address,
      phone: s.phone,
      email: s.email,
      demo: settings.sellerIsDemo,
    },
    payment_methods: names(payments.filter((p) => transfer || p.code !== PAYMENT_BANK_TRANSFER)),
    shipping_methods: names(shipping),
  };
}
