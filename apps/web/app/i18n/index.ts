import {
  DEFAULT_SHOP_SETTINGS,
  STORE_VIEWS,
  loadAllMessages,
  loadMessages,
  translateMessage,
  type MessageKey as DomainMessageKey,
  type StoreCode,
} from '@vitrina/domain';
import { useStoreCode } from '../lib/store';
import type { Dictionary, MessageKey } from './en';

export type { MessageKey };
/** every message of the languages loaded so far (a first screen loads its own first) */
export { loadAllMessages };
export type Vars = Record<string, string | number>;

/**
 * The dictionaries this process has loaded. The browser loads only the page's language (the three dictionaries were ~10 KiB gzip of every page's first-load JavaScript): entry.client awaits
 * it before hydrating and the root route's clientLoader before a page in another language renders, so
 * `getT` stays synchronous. The server, e-mails and tests load all three (i18n/all.ts).
 */
const DICTIONARIES: Partial<Record<StoreCode, Dictionary>> = {};

/** Each language a chunk of its own; lt.ts and ru.ts are complete by their type, so no English fallback. */
const LOADERS: Record<StoreCode, () => Promise<Dictionary>> = {
  en: () => import('./en').then((m) => m.en),
  lt: () => import('./lt').then((m) => m.lt),
  ru: () => import('./ru').then((m) => m.ru),
};

export function registerDictionary(storeCode: StoreCode, dictionary: Dictionary): void {
  DICTIONARIES[storeCode] = dictionary;
}

export function isDictionaryLoaded(storeCode: StoreCode): boolean {
  return DICTIONARIES[storeCode] !== undefined;
}

const loading = new Map<StoreCode, Promise<void>>();

/** Loads a store view's dictionary (once); a failed load (offline, chunk not cached) may be retried. */
export function loadDictionary(storeCode: StoreCode): Promise<void> {
  if (DICTIONARIES[storeCode]) return Promise.resolve();
  let pending = loading.get(storeCode);
  if (!pending) {
    // with the domain's messages of that language (the browser build loads them a language at a time)
    pending = Promise.all([LOADERS[storeCode](), loadMessages(storeCode)]).then(
      ([dictionary]) => registerDictionary(storeCode, dictionary),
      (e: unknown) => {
        loading.delete(storeCode);
        throw e;
      },
    );
    loading.set(storeCode, pending);
  }
  return pending;
}
const pluralRules = new Map<StoreCode, Intl.PluralRules>();

function plural(storeCode: StoreCode, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(storeCode);
  if (!rules) {
    rules = new Intl.PluralRules(STORE_VIEWS[storeCode].locale);
    pluralRules.set(storeCode, rules);
  }
  return rules.select(count);
}

function interpolate(text: string, vars?: Vars): string {
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}

export interface Translator {
  /** A UI string of this app; plural entries pick their form by `vars.count`. */
  (key: MessageKey, vars?: Vars): string;
  /** A message of the spec's catalogue, by domain message key or English text. */
  msg(key: DomainMessageKey | string, vars?: Vars): string;
  storeCode: StoreCode;
}

/**
 * The shop's own words the dictionaries name (`{shop}`, `{moneyBackDays}`, `{deliveryMin}`,
 * `{deliveryMax}`): its settings, which every page's root loader reads with the store information
 * (setShopFacts). One shop per process, so one value per store view; until the first read the
 * settings' defaults.
 */
const SHOP_FACTS: Partial<Record<StoreCode, Vars>> = {};
const DEFAULT_FACTS: Vars = {
  shop: DEFAULT_SHOP_SETTINGS.shopName.lt,
  moneyBackDays: DEFAULT_SHOP_SETTINGS.moneyBackDays,
  deliveryMin: DEFAULT_SHOP_SETTINGS.deliveryDays.min,
  deliveryMax: DEFAULT_SHOP_SETTINGS.deliveryDays.max,
};

/** remembers the shop's name and promises of a store view (from GET /store-info's `shop`) */
export function setShopFacts(
  storeCode: StoreCode,
  shop: { name: string; money_back_days: number; delivery_days: { min: number; max: number } },
): void {
  SHOP_FACTS[storeCode] = {
    shop: shop.name,
    moneyBackDays: shop.money_back_days,
    deliveryMin: shop.delivery_days.min,
    deliveryMax: shop.delivery_days.max,
  };
}

/** the shop's words the texts of a store view name ({shop}, {moneyBackDays} …) */
export function shopFacts(storeCode: StoreCode): Vars {
  return SHOP_FACTS[storeCode] ?? DEFAULT_FACTS;
}

/** the working days a carrier takes as the shop's settings promise them (the same facts as the texts') */
export function shopDeliveryDays(storeCode: StoreCode): { min: number; max: number } {
  const facts = shopFacts(storeCode);
  return { min: Number(facts.deliveryMin), max: Number(facts.deliveryMax) };
}

export function translator(storeCode: StoreCode): Translator {
  const t = ((key: MessageKey, given?: Vars) => {
    // looked up on each call: a translator made before its dictionary arrived still works after
    const dict = DICTIONARIES[storeCode];
    if (!dict) throw new Error(`the ${storeCode} dictionary is not loaded (loadDictionary)`);
    const entry = dict[key];
    const text =
      typeof entry === 'string'
        ? entry
        : (entry[plural(storeCode, Number(given?.count ?? 0))] ?? entry.other);
    // most texts name nothing: a listing's render calls this a few hundred times, and the copy of the
    // shop's facts and the pass over the text are only for the ones that do
    return text.includes('{') ? interpolate(text, { ...shopFacts(storeCode), ...given }) : text;
  }) as Translator;
  t.msg = (key, vars) => translateMessage(key, storeCode, vars);
  t.storeCode = storeCode;
  return t;
}

const cache = new Map<StoreCode, Translator>();

/** The translator of a store view (memoised; also for `meta` functions outside React). */
export function getT(storeCode: StoreCode): Translator {
  let t = cache.get(storeCode);
  if (!t) {
    t = translator(storeCode);
    cache.set(storeCode, t);
  }
  return t;
}

/** The translator of the current store view. */
export function useT(): Translator {
  return getT(useStoreCode());
}

/** A translator that also knows the strings of a part kept out of the main dictionaries. */
export interface PartTranslator<K extends string> {
  (key: MessageKey | K, vars?: Vars): string;
  msg: Translator['msg'];
  storeCode: StoreCode;
}

/**
 * The translators of a part (account, checkout): its own strings first, then the given translator's
 * (the main dictionary's, or another part's). A part's module holds its three languages and is
 * imported only by code loaded on demand.
 */
export function partTranslator<K extends string>(
  parts: Record<StoreCode, Record<K, string>>,
): <B extends string = never>(t: PartTranslator<B>) => PartTranslator<K | B> {
  const cache = new WeakMap<object, PartTranslator<string>>();
  return <B extends string = never>(t: PartTranslator<B>) => {
    let pt = cache.get(t) as PartTranslator<K | B> | undefined;
    if (pt) return pt;
    const dict = parts[t.storeCode] ?? parts.lt;
    const fn = (key: string, vars?: Vars) =>
      Object.prototype.hasOwnProperty.call(dict, key)
        ? interpolate(dict[key as K], { ...shopFacts(t.storeCode), ...vars })
        : t(key as MessageKey, vars);
    pt = Object.assign(fn, { msg: t.msg, storeCode: t.storeCode });
    cache.set(t, pt as PartTranslator<string>);
    return pt;
  };
}
