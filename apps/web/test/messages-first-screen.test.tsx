// @vitest-environment node
/**
 * A first screen (home, a listing, a product page, search) loads only the domain's messages it can show
 * before the shopper acts (i18n/domain-messages.catalogue.ts `isFirstScreenMessage`: ~1.1 of the lt
 * catalogue's 5.3 KiB gzip); the rest load after hydration (`loadAllMessages`). What names a message of
 * the rest waits for it: a listing card's refused add, tapped before the rest arrived, still tells the
 * shopper why, in the page's language; an overlay asked for then opens with them in.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { MESSAGES, STORE_CODES, type MessageKey } from '@vitrina/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Domain from '@vitrina/domain';
import type * as BrowserMessages from '../app/i18n/domain-messages.client';
import { isFirstScreenMessage, messageCatalogue } from '../app/i18n/domain-messages.catalogue';
import type { Product } from '../app/lib/types';
import { installBrowserGlobals } from './support/browser-globals';
import { APP } from './support/imports';

const keys = Object.keys(MESSAGES) as MessageKey[];

describe('the two parts of a language’s messages', () => {
  it.each(STORE_CODES)('%s: the first part and the later one are the whole catalogue, once each', (code) => {
    const first = messageCatalogue(code, 'first').texts;
    const later = messageCatalogue(code, 'later').texts;
    expect(Object.keys(first).filter((k) => k in later)).toEqual([]);
    expect({ ...first, ...later }).toEqual(messageCatalogue(code).texts);
    // the English texts the browser makes are with the first part, none with the later one
    expect(messageCatalogue(code, 'later').english).toBeUndefined();
    if (code !== 'en')
      expect(messageCatalogue(code, 'first').english).toEqual(messageCatalogue(code).english);
  });

  it('a first screen’s module names only messages of the first part', () => {
    // the modules that render the first screens' messages (a sort's names, the error pages, a grade with
    // no variant, the search term's check, the footer's e-mail check)
    const modules = [
      'features/listing/components/SortForm.tsx',
      'components/NotFound.tsx',
      'components/ServerError.tsx',
      'components/OfflineFallback.tsx',
      'pwa/offline.ts',
      'features/product/ProductPage.tsx',
      'routes/category.tsx',
      'routes/product.tsx',
      // the special offers are a listing page type (style-page-types.ts) whose guest sees the account's
      // login requirement on the first screen
      'routes/special-offers.tsx',
      'features/account/components/AccountLayout.tsx',
    ];
    const named = modules.flatMap((m) =>
      [...readFileSync(resolve(APP, m), 'utf8').matchAll(/(?:\.msg|translateMessage)\(\s*'([\w.]+)'/g)].map(
        (x) => x[1] as MessageKey,
      ),
    );
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter((k) => !isFirstScreenMessage(k))).toEqual([]);
    for (const k of [
      'sort.priceLowHigh',
      'validation.searchTermMinLength',
      'validation.priceBound',
      'validation.email',
    ] as const)
      expect(isFirstScreenMessage(k)).toBe(true);
    // most of the catalogue waits
    expect(keys.filter(isFirstScreenMessage).length).toBeLessThan(keys.length / 5);
  });
});

vi.mock('virtual:vitrina-messages/en', async () => ({
  default: (await import('../app/i18n/domain-messages.catalogue')).messageCatalogue('en', 'first'),
}));
vi.mock('virtual:vitrina-messages/lt/later', async () => ({
  default: (await import('../app/i18n/domain-messages.catalogue')).messageCatalogue('lt', 'later'),
}));

describe('an action on a first screen before the later messages arrived', () => {
  beforeEach(() => {
    // the browser build's swap (vite.config.ts): a page that has loaded only its first part
    vi.resetModules();
    vi.doMock('@vitrina/domain', async (importOriginal) => ({
      ...(await importOriginal<typeof Domain>()),
      ...(await import('../app/i18n/domain-messages.client')),
    }));
  });
  afterEach(async () => {
    vi.unstubAllEnvs();
    (await import('@testing-library/react')).cleanup();
  });

  it('a listing card’s refused add tells why, in the page’s language', async () => {
    // a window over Node's globals (the browser's module swap resolves its chunks only outside jsdom's)
    await installBrowserGlobals(() => new Promise<Response>(() => {}), 'http://localhost/');
    const client = (await import('@vitrina/domain')) as unknown as typeof BrowserMessages;
    client.registerMessages('lt', messageCatalogue('lt', 'first'), false);
    const i18n = await import('../app/i18n');
    i18n.registerDictionary('lt', (await import('../app/i18n/lt')).lt);
    const { render, fireEvent, waitFor } = await import('@testing-library/react');
    const { MemoryRouter } = await import('react-router');
    const { CardAddToCart } = await import('../app/components/CardAddToCart');
    const { notifications } = await import('../app/state/notifications');
    expect(client.allMessagesLoaded()).toBe(false);
    // sold out (a card rendered before a stock refresh): the domain refuses the add with `cart.outOfStock`,
    // a message of the later part
    const product = {
      id: 1,
      sku: 'A',
      type_id: 'simple',
      name: 'Laptop A',
      slug: 'laptop-a',
      price: 100,
      price_incl_tax: 100,
      final_price: 100,
      final_price_incl_tax: 100,
      stock: { is_in_stock: false, qty: 0 },
    } as unknown as Product;
    const view = render(
      <MemoryRouter initialEntries={['/']}>
        <CardAddToCart product={product} />
      </MemoryRouter>,
    );
    fireEvent.click(view.getByRole('button'));
    await waitFor(() =>
      expect(notifications.store.get().map((n) => n.message)).toEqual([MESSAGES['cart.outOfStock'].lt]),
    );
    expect(client.allMessagesLoaded()).toBe(true);
  });
  it('an overlay asked for before the later messages arrived opens with them in', async () => {
    await installBrowserGlobals(() => new Promise<Response>(() => {}), 'http://localhost/');
    // a listing's document: its page type's part of the sheet inline
    document.head.innerHTML = '<style id="vitrina-styles" data-part="listing">.a{}</style>';
    const client = (await import('@vitrina/domain')) as unknown as typeof BrowserMessages;
    client.registerMessages('lt', messageCatalogue('lt', 'first'), false);
    // the browser's build (vitest's node environment sets SSR)
    vi.stubEnv('SSR', false);
    const { withWholeSheet } = await import('../app/inline-styles');
    let opened = false;
    const overlay = withWholeSheet(Promise.resolve('the mini cart')).then((m) => {
      opened = true;
      // what its first render names can be shown
      expect(client.translateMessage('cart.outOfStock', 'lt')).toBe(MESSAGES['cart.outOfStock'].lt);
      return m;
    });
    // the whole sheet's file arrives
    document.head.querySelector('link[rel="stylesheet"]')?.dispatchEvent(new window.Event('load'));
    expect(await overlay).toBe('the mini cart');
    expect(opened).toBe(true);
    expect(client.allMessagesLoaded()).toBe(true);
  });
});
