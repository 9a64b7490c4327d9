/**
 * The browser's copy of the domain's message catalogue module (packages/domain/src/messages/messages.ts): the
 * client build resolves that module to this one (vite.config.ts), so a page carries its own language's
 * messages instead of all three. Same functions, same answers (test/domain-messages-
 * client.test.ts compares them on every key and language); the catalogue of a language is loaded with its
 * dictionary (i18n/index.ts loadDictionary → loadMessages) before anything renders in that language.
 *
 * One difference of timing: the English text of a message finds its key once the English catalogue
 * is loaded (it is the English index; the lt and ru chunks leave it out, ~4 KiB gzip of every page).
 * Where such a text can arrive, an answer of the API, the API client awaits `englishMessageKey`
 * (api-client/request.ts) and hands on the text in the page's language; the few English texts the
 * browser's code makes itself are in every chunk (i18n/domain-messages.catalogue.ts).
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
  const english: Partial<Record<MessageKey, string>> =
    storeCode === 'en' ? catalogue.texts : (catalogue.english ?? {});
  for (const [k, text] of Object.entries(english))
    if (text !== undefined) byEnglish.set(text, k as MessageKey);
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

/**
 * Every English text of the catalogue is printable ASCII (test/domain-messages-client.test.ts): a text
 * with any other character (the Lithuanian and Russian answers the API gives these pages) is no English
 * message, and needs no English index to say so.
 */
const mayBeEnglish = (text: string) => /^[\x20-\x7e]+$/.test(text);

/**
 * The key whose English text `text` is, or undefined; loads the English catalogue the first time a
 * text that may be English is asked about (on an English page it is already there).
 */
export async function englishMessageKey(text: string): Promise<MessageKey | undefined> {
  if (!mayBeEnglish(text)) return undefined;
  if (!catalogues.en && !byEnglish.has(text)) await loadMessages('en');
  return byEnglish.get(text);
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
  // an English text that reached the page by a way the API client does not see (a sync task's result
  // kept on the device by an older build): shown as it came this time, translated once the index is here
  if (!k && !catalogues.en && mayBeEnglish(key)) void loadMessages('en').catch(() => undefined);
  return interpolate(k ? catalogue.texts[k] : key, params);
}
