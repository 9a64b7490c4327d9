import { STORE_VIEWS, translateMessage, type MessageKey as DomainMessageKey } from '@vitrina/domain';
import { useStoreCode } from '../lib/store';
import type { StoreCode } from '../lib/types';
import { en, type Dictionary, type MessageKey } from './en';
import { lt } from './lt';
import { ru } from './ru';

export type { MessageKey };
export type Vars = Record<string, string | number>;

const DICTIONARIES: Record<StoreCode, Dictionary> = { en, lt, ru };
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

export function translator(storeCode: StoreCode): Translator {
  const dict = DICTIONARIES[storeCode] ?? DICTIONARIES.lt;
  const t = ((key: MessageKey, vars?: Vars) => {
    const entry = dict[key] ?? en[key];
    if (typeof entry === 'string') return interpolate(entry, vars);
    const count = Number(vars?.count ?? 0);
    const form = entry[plural(storeCode, count)] ?? entry.other;
    return interpolate(form, vars);
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
