/**
 * What the storefront's footer says about the seller: the company details from
 * configuration (SHOP_COMPANY_NAME … SHOP_EMAIL, config.ts) and the active payment and delivery
 * methods by name in the store view's language. A detail that is not configured is left out ('');
 * a shop on the seeded demo catalogue with none configured shows fictional details marked `demo`, so
 * that nobody takes them for a real seller.
 */
import type { StoreCode, StoreInfoAnswer } from '@vitrina/domain';
import { isDemoShop, type Database } from '@vitrina/db';
import type { CompanyDetails } from '../config.ts';
import { localized, type Localized } from '../lib/localized.ts';
import { rows } from '../lib/db.ts';

/** the answer: the shared contract (packages/domain contracts/shop-answers.ts) */
export type StoreInfo = StoreInfoAnswer;

/** Clearly fictional: an all-zero company code, a reserved example domain, a "Demo" street. */
export const DEMO_COMPANY: CompanyDetails = {
  name: 'UAB „Vitrina demo“',
  companyCode: '000000000',
  vatCode: 'LT000000000000',
  address: 'Demo g. 1, LT-00000 Vilnius',
  phone: '+370 600 00000',
  email: 'info@vitrina.example',
};

export const NO_COMPANY: CompanyDetails = {
  name: '',
  companyCode: '',
  vatCode: '',
  address: '',
  phone: '',
  email: '',
};

export async function storeInfo(
  database: Database,
  company: CompanyDetails,
  store: StoreCode,
): Promise<StoreInfo> {
  const configured = Object.values(company).some((v) => v !== '');
  const demo = !configured && (await isDemoShop(database));
  const payments = await rows<{ title: Localized }>(
    database,
    'SELECT title FROM payment_methods WHERE is_active ORDER BY position, code',
  );
  const shipping = await rows<{ title: Localized }>(
    database,
    'SELECT title FROM shipping_methods WHERE is_active ORDER BY position, code',
  );
  const names = (list: { title: Localized }[]) => [
    ...new Set(list.map((r) => localized(r.title, store)).filter((t): t is string => Boolean(t))),
  ];
  return {
    company: { ...(demo ? DEMO_COMPANY : company), demo },
    payment_methods: names(payments),
    shipping_methods: names(shipping),
  };
}
