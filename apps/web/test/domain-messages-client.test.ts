import { MESSAGES, STORE_CODES, translateMessage, type MessageKey } from '@vitrina/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messageCatalogue } from '../app/i18n/domain-messages.catalogue';

/**
 * The browser build swaps the domain's message module for i18n/domain-messages.client.ts, which holds one
 * language at a time. It must answer as the domain's module does: by key, by English text,
 * with placeholders, and pass anything else through.
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
      expect(client.translateMessage(MESSAGES[k].en, code)).toBe(translateMessage(MESSAGES[k].en, code));
      expect(client.isMessageKey(k)).toBe(true);
    }
    expect(client.translateMessage('A message of the server {n}', code, { n: 1 })).toBe(
      'A message of the server 1',
    );
    expect(client.isMessageKey('no.such.key')).toBe(false);
  });

  it('a language not loaded is an error, not a key shown to the shopper', async () => {
    const client = await import('../app/i18n/domain-messages.client');
    client.registerMessages('lt', messageCatalogue('lt'));
    expect(() => client.translateMessage('error.generic', 'ru')).toThrow(/ru messages are not loaded/);
  });

  it('the catalogue of a language holds its texts and the English ones, not the third language', () => {
    const lt = messageCatalogue('lt');
    const text = JSON.stringify(lt);
    const k = keys[0]!;
    expect(text).toContain(MESSAGES[k].lt);
    expect(text).toContain(MESSAGES[k].en);
    expect(text).not.toContain(MESSAGES[k].ru);
    expect(messageCatalogue('en').english).toBeUndefined();
  });
});
