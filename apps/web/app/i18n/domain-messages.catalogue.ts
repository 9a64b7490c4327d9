/**
 * One language of the domain's message catalogue (packages/domain/src/messages/messages.ts), as the browser build
 * writes it into a chunk of its own (vite.config.ts, module `virtual:vitrina-messages/<code>`): the texts
 * of that language by key. `translateMessage` also accepts the English text of a message, but the English
 * texts of every key (~4 KiB gzip) are not in the lt and ru chunks: the English chunk is that index,
 * loaded on demand (i18n/domain-messages.client.ts `englishMessageKey`, called by the API client when
 * an answer's text arrives: api-client/request.ts). Only the English texts the browser's own code makes
 * are in every language's chunk, so they translate at once.
 */
// by path, not '@vitrina/domain': vite.config.ts loads this file in Node while it starts
import { MESSAGES, type MessageKey } from '../../../../packages/domain/src/messages/messages.ts';
import type { StoreCode } from '../../../../packages/domain/src/base/store-views.ts';

export interface MessageCatalogue {
  readonly texts: Readonly<Partial<Record<MessageKey, string>>>;
  /**
   * English texts by key of the messages the browser's code itself makes in English; absent in the
   * English catalogue, whose `texts` are the English texts
   */
  readonly english?: Readonly<Partial<Record<MessageKey, string>>>;
}

/**
 * The messages whose English text the storefront's browser code makes, not the server: the fetch
 * layer's answers to an unusable response (api-client/request.ts BAD_CONTENT_TYPE, WRONG_FORMAT), which
 * reach the shopper through `t.msg` synchronously, with no chance to load the English index first.
 */
export const BROWSER_MADE_ENGLISH: readonly MessageKey[] = [
  'error.badContentType',
  'error.wrongResponseFormat',
];

/**
 * The messages a first screen (home, a listing, a product page, search: the page types that inline a
 * part of the stylesheet, style-page-types.ts) can show before the shopper does anything: the sort
 * names, the catalogue's and the error pages' texts, a grade without a variant, the search term's and the
 * price bounds' checks (rendered from the URL), the footer's e-mail check, and the English texts the
 * browser makes. The others (the cart's, the account's, the orders', the forms'; ~4.4 of the lt
 * catalogue's 5.3 KiB gzip) are only shown after an action, and load after the page has hydrated
 * (i18n/domain-messages.client.ts `loadAllMessages`).
 */
const FIRST_SCREEN = /^(sort|catalog|variant|product|error)\./;
const FIRST_SCREEN_KEYS: readonly string[] = [
  'validation.searchTermMinLength',
  'validation.priceBound',
  'validation.priceBoundsOrder',
  'validation.email',
  // a guest's first screen of the special offers (a listing page type) is the login requirement
  'user.loginRequired',
];

export function isFirstScreenMessage(key: MessageKey): boolean {
  return FIRST_SCREEN.test(key) || FIRST_SCREEN_KEYS.includes(key);
}

/**
 * A language's catalogue: whole (the tests'), or the part a first screen needs (`first`, loaded with
 * the page's dictionary before it hydrates) or the rest (`later`).
 */
export function messageCatalogue(storeCode: StoreCode, part?: 'first' | 'later'): MessageCatalogue {
  const keys = (Object.keys(MESSAGES) as MessageKey[]).filter(
    (k) => !part || isFirstScreenMessage(k) === (part === 'first'),
  );
  const texts = Object.fromEntries(keys.map((k) => [k, MESSAGES[k][storeCode]])) as Record<
    MessageKey,
    string
  >;
  if (storeCode === 'en' || part === 'later') return { texts };
  return { texts, english: Object.fromEntries(BROWSER_MADE_ENGLISH.map((k) => [k, MESSAGES[k].en])) };
}
