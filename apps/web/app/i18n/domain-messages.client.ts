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
 *
 * Another: a language comes in two parts. The messages a first screen shows are loaded before it
 * renders; the rest (`loadAllMessages`) after the page has hydrated, and awaited by whatever may name
 * them: an overlay's module and a page of another type (inline-styles.tsx `withWholeSheet`), the
 * engines loaded on demand, an add to the cart's refusal, an API answer's text (api-client/request.ts).
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

/** a language's texts as loaded so far: its first part, then the whole (loadAllMessages) */
const catalogues: Partial<Record<StoreCode, { texts: Partial<Record<MessageKey, string>> }>> = {};
const byEnglish = new Map<string, MessageKey>();
/** the languages whose later part is in too */
const whole = new Set<StoreCode>();

/** adds a catalogue, or a part of one, to the language's texts (`whole`: nothing of it is left to load) */
export function registerMessages(storeCode: StoreCode, catalogue: MessageCatalogue, complete = true): void {
  catalogues[storeCode] = { texts: { ...catalogues[storeCode]?.texts, ...catalogue.texts } };
  if (complete) whole.add(storeCode);
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

const LATER: Record<StoreCode, () => Promise<MessageCatalogue>> = {
  en: () => import('virtual:vitrina-messages/en/later').then((m) => m.default),
  lt: () => import('virtual:vitrina-messages/lt/later').then((m) => m.default),
  ru: () => import('virtual:vitrina-messages/ru/later').then((m) => m.default),
};

/**
 * Loads a store view's messages a first screen shows (the server's module has them all and answers at
 * once); the rest come with `loadAllMessages`.
 */
export async function loadMessages(storeCode: StoreCode): Promise<void> {
  if (!catalogues[storeCode]) registerMessages(storeCode, await LOADERS[storeCode](), false);
}

const loadingLater = new Map<StoreCode, Promise<void>>();

function loadLater(storeCode: StoreCode): Promise<void> {
  let pending = loadingLater.get(storeCode);
  if (!pending) {
    pending = LATER[storeCode]().then(
      (catalogue) => registerMessages(storeCode, catalogue),
      (e: unknown) => {
        // offline with the file not cached: a later call tries again
        loadingLater.delete(storeCode);
        throw e;
      },
    );
    loadingLater.set(storeCode, pending);
  }
  return pending;
}

/** is every message of every language loaded so far in (no `loadAllMessages` to wait for) */
export function allMessagesLoaded(): boolean {
  return (Object.keys(catalogues) as StoreCode[]).every((code) => whole.has(code));
}

let allLoaded: Promise<void> | undefined;

/**
 * Every message of the languages loaded so far: what code shown after an action awaits before it may
 * name any message (an overlay's module, a page of another type, the engines, an API answer's text).
 * The same promise until something is left to load again (a language loaded since, or a failure).
 */
export function loadAllMessages(): Promise<void> {
  if (allMessagesLoaded()) return Promise.resolve();
  if (!allLoaded) {
    const codes = (Object.keys(catalogues) as StoreCode[]).filter((code) => !whole.has(code));
    allLoaded = Promise.all(codes.map(loadLater)).then(
      () => {
        allLoaded = undefined;
      },
      (e: unknown) => {
        allLoaded = undefined;
        throw e;
      },
    );
  }
  return allLoaded;
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
  if (!whole.has('en') && !byEnglish.has(text)) {
    await loadMessages('en');
    await loadLater('en');
  }
  return byEnglish.get(text);
}

/** A key of a loaded catalogue (before `loadAllMessages`, a language knows only its first part's keys). */
export function isMessageKey(x: unknown): x is MessageKey {
  if (typeof x !== 'string') return false;
  return Object.values(catalogues).some((c) => Object.prototype.hasOwnProperty.call(c.texts, x));
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
  if (!k && !whole.has('en') && mayBeEnglish(key))
    void loadMessages('en')
      .then(() => loadLater('en'))
      .catch(() => undefined);
  const text = k ? catalogue.texts[k] : undefined;
  if (text === undefined && !whole.has(code))
    // maybe a key of the later part, asked for before it arrived (code shown after an action awaits
    // loadAllMessages first): shown as it came rather than failing the render, and in once it loads
    void loadAllMessages().catch(() => undefined);
  return interpolate(text ?? key, params);
}
