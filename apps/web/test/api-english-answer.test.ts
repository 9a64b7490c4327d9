/**
 * An API answer whose text is the English text of a catalogue message reaches the lt and ru shopper in
 * their language, as the browser runs it: the domain's messages are the browser's module
 * (i18n/domain-messages.client.ts, one language, no English index until asked), and the API client
 * (api-client/request.ts) finds the text's key where the answer arrives, loading the English index then.
 */
import { MESSAGES } from '@vitrina/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Domain from '@vitrina/domain';
import type * as BrowserMessages from '../app/i18n/domain-messages.client';
import { messageCatalogue } from '../app/i18n/domain-messages.catalogue';

/** the browser build's swap (vite.config.ts), made anew for each test: a page that has loaded nothing yet */
function asInTheBrowser() {
  vi.resetModules();
  vi.doMock('@vitrina/domain', async (importOriginal) => ({
    ...(await importOriginal<typeof Domain>()),
    ...(await import('../app/i18n/domain-messages.client')),
  }));
}
vi.mock('virtual:vitrina-messages/en', async () => ({
  default: (await import('../app/i18n/domain-messages.catalogue')).messageCatalogue('en', 'first'),
}));
vi.mock('virtual:vitrina-messages/en/later', async () => ({
  default: (await import('../app/i18n/domain-messages.catalogue')).messageCatalogue('en', 'later'),
}));

const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** an API that refuses every call with `result` */
function refusing(result: string, status = 404) {
  return async () => json({ code: status, result }, status);
}

async function setUp(storeCode: 'lt' | 'ru' | 'en', result: string) {
  // the module the API client imports as '@vitrina/domain'
  const client = (await import('@vitrina/domain')) as unknown as typeof BrowserMessages;
  expect(() => client.translateMessage('error.generic', 'en')).toThrow(/not loaded/);
  client.registerMessages(storeCode, messageCatalogue(storeCode));
  const { createApi, ApiError } = await import('../app/api-client/api');
  const api = createApi({ fetch: refusing(result), baseUrl: '', storeCode });
  const error = await api.checkoutOptions().then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  const message = (error as InstanceType<typeof ApiError>).message;
  // what the components do with it: `t.msg(err.message)` (i18n/index.ts translator → translateMessage)
  return { client, api, message, shown: client.translateMessage(message, storeCode) };
}

describe('an API answer in English, on a page in another language', () => {
  beforeEach(asInTheBrowser);
  const english = MESSAGES['cart.notFound'].en;

  it.each(['lt', 'ru'] as const)('%s: the shopper reads it in the page language', async (code) => {
    const { message, shown, client } = await setUp(code, english);
    expect(shown).toBe(MESSAGES['cart.notFound'][code]);
    // the error itself says it so: a part that shows `err.message` as it is reads the same
    expect(message).toBe(MESSAGES['cart.notFound'][code]);
    // the lt/ru catalogue alone did not know the English text: the index came with the answer
    expect(client.translateMessage('error.generic', 'en')).toBe(MESSAGES['error.generic'].en);
  });

  it.each(['lt', 'ru'] as const)(
    '%s: a sync task answered in English is told in the page language',
    async (code) => {
      const { api } = await setUp(code, english);
      const { classifyAnswer } = await import('../app/sync/task');
      const answer = await api.taskRequest(() => '/vsbridge/order/create', { method: 'POST', payload: {} });
      expect(classifyAnswer({ kind: 'answer', ...answer })).toEqual({
        kind: 'failed',
        code: 404,
        message: MESSAGES['cart.notFound'][code],
      });
    },
  );

  it("the server's own text, an answer already in the page language and a key pass as they are", async () => {
    for (const result of ['The warehouse is closed today.', MESSAGES['cart.notFound'].lt, 'cart.notFound']) {
      asInTheBrowser();
      const { message } = await setUp('lt', result);
      expect(message).toBe(result);
    }
  });

  it('en: the answer is left as it came, and reads as before', async () => {
    const { message, shown } = await setUp('en', english);
    expect(message).toBe(english);
    expect(shown).toBe(english);
  });
});
