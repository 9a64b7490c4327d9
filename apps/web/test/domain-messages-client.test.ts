import { MESSAGES, STORE_CODES, translateMessage, type MessageKey } from '@vitrina/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BAD_CONTENT_TYPE, WRONG_FORMAT } from '../app/api-client/request';
import { BROWSER_MADE_ENGLISH, messageCatalogue } from '../app/i18n/domain-messages.catalogue';

/** the English chunk the build writes (vite.config.ts), the index of the English texts */
vi.mock('virtual:vitrina-messages/en', async () => ({
  default: (await import('../app/i18n/domain-messages.catalogue')).messageCatalogue('en', 'first'),
}));
vi.mock('virtual:vitrina-messages/en/later', async () => ({
  default: (await import('../app/i18n/domain-messages.catalogue')).messageCatalogue('en', 'later'),
}));

/**
 * The browser build swaps the domain's message module for i18n/domain-messages.client.ts, which holds one
 * language at a time. It must answer as the domain's module does: by key, by English text (once
 * `englishMessageKey` has been awaited: the lt and ru chunks leave the English index out), with
 * placeholders, and pass anything else through.
 */
describe('domain messages in the browser: one language at a time, same answers', () => {
  beforeEach(() => vi.resetModules());
  const keys = Object.keys(MESSAGES) as MessageKey[];

  it.each(STORE_CODES)('%s: every key and every English text translates as the domain does', async (code) => {
    const client = await import('../app/i18n/domain-messages.client');
    client.registerMessages(code, messageCatalogue(code));
    for (const k of keys) {
      expect(client.translateMessage(k, code, { count: 3, name: 'X' })).toBe(
        translateMessage(k, code, { count: 3, name: 'X' }),
      );
      expect(client.isMessageKey(k)).toBe(true);
    }
    // the texts the browser's own code makes in English translate at once
    for (const text of [BAD_CONTENT_TYPE, WRONG_FORMAT])
      expect(client.translateMessage(text, code)).toBe(translateMessage(text, code));
    for (const k of keys) {
      expect(await client.englishMessageKey(MESSAGES[k].en)).toBe(
        // two keys may share an English text ("Refunded"): the domain's index keeps the last, as here
        (Object.keys(MESSAGES) as MessageKey[]).findLast((x) => MESSAGES[x].en === MESSAGES[k].en),
      );
      expect(client.translateMessage(MESSAGES[k].en, code)).toBe(translateMessage(MESSAGES[k].en, code));
    }
    expect(client.translateMessage('A message of the server {n}', code, { n: 1 })).toBe(
      'A message of the server 1',
    );
    expect(await client.englishMessageKey('A message of the server')).toBeUndefined();
    expect(client.isMessageKey('no.such.key')).toBe(false);
  });

  it('the English index is loaded only for a text that may be English', async () => {
    const client = await import('../app/i18n/domain-messages.client');
    client.registerMessages('lt', messageCatalogue('lt'));
    expect(await client.englishMessageKey(MESSAGES['cart.notFound'].lt)).toBeUndefined();
    expect(await client.englishMessageKey(MESSAGES['cart.notFound'].ru)).toBeUndefined();
    // the English catalogue is the index: not loaded yet
    expect(() => client.translateMessage('error.generic', 'en')).toThrow(/en messages are not loaded/);
    expect(await client.englishMessageKey(MESSAGES['cart.notFound'].en)).toBe('cart.notFound');
    expect(client.translateMessage('error.generic', 'en')).toBe(MESSAGES['error.generic'].en);
  });

  it('an English text met before the index is shown as it came, and loads the index for the next', async () => {
    const client = await import('../app/i18n/domain-messages.client');
    client.registerMessages('ru', messageCatalogue('ru'));
    const english = MESSAGES['cart.notFound'].en;
    expect(client.translateMessage(english, 'ru')).toBe(english);
    await vi.waitFor(() => expect(client.translateMessage(english, 'ru')).toBe(MESSAGES['cart.notFound'].ru));
  });

  it('a language not loaded is an error, not a key shown to the shopper', async () => {
    const client = await import('../app/i18n/domain-messages.client');
    client.registerMessages('lt', messageCatalogue('lt'));
    expect(() => client.translateMessage('error.generic', 'ru')).toThrow(/ru messages are not loaded/);
  });

  it('every English text is printable ASCII (what `englishMessageKey` relies on to skip the index)', () => {
    for (const k of keys) expect(MESSAGES[k].en).toMatch(/^[\x20-\x7e]+$/);
  });

  it.each(['lt', 'ru'] as const)(
    'the %s catalogue holds its own texts, no other language, and no English but what the browser makes',
    (code) => {
      const catalogue = messageCatalogue(code);
      const text = JSON.stringify(catalogue);
      const other = code === 'lt' ? 'ru' : 'lt';
      const made = new Set<string>(BROWSER_MADE_ENGLISH.map((k) => MESSAGES[k].en));
      expect(made).toEqual(new Set([BAD_CONTENT_TYPE, WRONG_FORMAT]));
      for (const k of keys) {
        expect(catalogue.texts[k]).toBe(MESSAGES[k][code]);
        const en: string = MESSAGES[k].en;
        // a text the same in both languages ("Omniva") is the language's own, not an English one
        if (en !== MESSAGES[k][code] && !made.has(en)) expect(text).not.toContain(JSON.stringify(en));
        if (MESSAGES[k][other] !== MESSAGES[k][code])
          expect(text).not.toContain(JSON.stringify(MESSAGES[k][other]));
      }
      expect(messageCatalogue('en').english).toBeUndefined();
    },
  );
});
