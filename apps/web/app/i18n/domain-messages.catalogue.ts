/**
 * One language of the domain's message catalogue (packages/domain/src/messages/messages.ts), as the browser build
 * writes it into a chunk of its own (vite.config.ts, module `virtual:vitrina-messages/<code>`): the texts
 * of that language by key, and the English text of every key, because `translateMessage` also accepts
 * the English text of a message (product errors, server answers) and must find its key.
 */
// by path, not '@vitrina/domain': vite.config.ts loads this file in Node while it starts
import { MESSAGES, type MessageKey } from '../../../../packages/domain/src/messages/messages.ts';
import type { StoreCode } from '../../../../packages/domain/src/base/store-views.ts';

export interface MessageCatalogue {
  readonly texts: Readonly<Record<MessageKey, string>>;
  /** English texts by key; absent in the English catalogue, whose `texts` are the English texts */
  readonly english?: Readonly<Record<MessageKey, string>>;
}

export function messageCatalogue(storeCode: StoreCode): MessageCatalogue {
  const keys = Object.keys(MESSAGES) as MessageKey[];
  const of = (code: StoreCode) =>
    Object.fromEntries(keys.map((k) => [k, MESSAGES[k][code]])) as Record<MessageKey, string>;
  return storeCode === 'en' ? { texts: of('en') } : { texts: of(storeCode), english: of('en') };
}
