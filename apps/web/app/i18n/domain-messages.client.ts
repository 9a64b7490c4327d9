/**
 * The browser's copy of the domain's message catalogue module (packages/domain/src/messages/messages.ts): the
 * client build resolves that module to this one (vite.config.ts), so a page carries its own language's
 * messages instead of all three. Same functions, same answers (test/domain-messages-
 * client.test.ts compares them on every key and language); the catalogue of a language is loaded with its
 * dictionary (i18n/index.ts loadDictionary → loadMessages) before anything renders in that language.
 */
import type { MessageKey } from '../../../../packages/domain/src/messages/messages.ts';
import {
  DEFAULT_STORE_CODE,
  isStoreCode,
  type StoreCode,
} from '../../../../packages/domain/src/base/store-views.ts';
import { interpolate, type MessageParams } from '../../../../packages/domain/src/messages/text-templates.ts';
import type { MessageCatalogue } from './domain-messages.catalogue';

export type { MessageKey, MessageParams };
export { interpolate, pluralize } from '../../../../packages/domain/src/messages/text-templates.ts';

const catalogues: Partial<Record<StoreCode, MessageCatalogue>> = {};
const byEnglish = new Map<string, MessageKey>();

export function registerMessages(storeCode: StoreCode, catalogue: MessageCatalogue): void {
  catalogues[storeCode] = catalogue;
  const english = catalogue.english ?? catalogue.texts;
  for (const k of Object.keys(english) as MessageKey[]) byEnglish.set(english[k], k);
}

const LOADERS: Record<StoreCode, () => Promise<MessageCatalogue>> = {
  en: () => import('virtual:vitrina-messages/en').then((m) => m.default),
  lt: () => import('virtual:vitrina-messages/lt').then((m) => m.default),
  ru: () => import('virtual:vitrina-messages/ru').then((m) => m.default),
};

/** Loads a store view's messages (the server's module has them all and answers at once). */
export async function loadMessages(storeCode: StoreCode): Promise<void> {
  if (!catalogues[storeCode]) registerMessages(storeCode, await LOADERS[storeCode]());
}

/** Any loaded catalogue knows every key (each language has them all). */
export function isMessageKey(x: unknown): x is MessageKey {
  if (typeof x !== 'string') return false;
  const any = Object.values(catalogues)[0];
  return !!any && Object.prototype.hasOwnProperty.call(any.texts, x);
}

export function translateMessage(
  key: MessageKey | (string & {}),
  storeCode?: StoreCode | string,
  params?: MessageParams,
): string {
  const code: StoreCode = isStoreCode(storeCode) ? storeCode : DEFAULT_STORE_CODE;
  const catalogue = catalogues[code];
  if (!catalogue) throw new Error(`the ${code} messages are not loaded (loadMessages)`);
  const k = isMessageKey(key) ? key : byEnglish.get(key);
  return interpolate(k ? catalogue.texts[k] : key, params);
}
