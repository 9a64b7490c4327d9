// @vitest-environment node
/**
 * The shop's `newsletter-offer` CMS block is shown beside the subscribe forms,
 * in the newsletter popup (components/NewsletterPopup.tsx) and on the newsletter page
 * (routes/newsletter.tsx), in place of the built-in offer text; without the block (none, or
 * inactive) the built-in text shows. The block comes from the real API (PGlite) through the app's
 * own `cmsBlocks` read of the layout blocks, as the root route loads it. PGlite does not start in
 * the jsdom environment, so the API starts first and the jsdom window is installed after it.
 */
import { importCatalog } from '@vitrina/db';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type * as TL from '@testing-library/react';
import type * as Router from 'react-router';
import type * as PopupModule from '../app/components/NewsletterPopup';
import type * as NewsletterRoute from '../app/routes/newsletter';
import type * as BlocksModule from '../app/components/cms-blocks';
import { installBrowserGlobals } from './support/browser-globals';
import { startRealShop, type RealShop } from './support/real-shop';

let shop: RealShop;
let tl: typeof TL;
let createRoutesStub: typeof Router.createRoutesStub;
let NewsletterPopup: typeof PopupModule.NewsletterPopup;
let Newsletter: typeof NewsletterRoute.default;
let LAYOUT_BLOCKS: typeof BlocksModule.LAYOUT_BLOCKS;

const OFFER = {
  lt: '<p>Bloko pasiūlymas: 10 % pirmajam pirkiniui</p>',
  en: '<p>Block offer: 10% off your first order</p>',
  ru: '<p>Предложение блока: 10 % на первую покупку</p>',
};

async function setOffer(isActive: boolean) {
  await importCatalog(shop.api.database, {
    cms_blocks: [
      { id: 902, identifier: 'newsletter-offer', title: 'Newsletter', content: OFFER, is_active: isActive },
    ],
  } as Parameters<typeof importCatalog>[1]);
}

beforeAll(async () => {
  shop = await startRealShop({ MAIL_OUTBOX_INTERVAL_MS: '0' });
  await installBrowserGlobals(shop.fetch);
  tl = await import('@testing-library/react');
  ({ createRoutesStub } = await import('react-router'));
  ({ NewsletterPopup } = await import('../app/components/NewsletterPopup'));
  ({ default: Newsletter } = await import('../app/routes/newsletter'));
  ({ LAYOUT_BLOCKS } = await import('../app/components/cms-blocks'));
});
afterAll(async () => {
  await shop?.close();
});
afterEach(() => tl.cleanup());

/** the page at `path` under a root route whose data carries the layout blocks the real API answers */
async function renderWithShopBlocks(path: '/en' | '/en/newsletter') {
  const blocks = await shop.guestApi().cmsBlocks([...LAYOUT_BLOCKS]);
  // the shop's settings (the coupon's percent) as the root loader reads them
  const storeInfo = await shop.guestApi().storeInfo();
  const data = { storeCode: 'en', menu: [], blocks, storeInfo };
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/en',
      loader: () => data,
      children: [
        { index: true, Component: () => <NewsletterPopup /> },
        { path: 'newsletter', Component: Newsletter as never },
      ],
    },
  ]);
  tl.render(<Stub initialEntries={[path]} hydrationData={{ loaderData: { root: data } }} />);
  await tl.act(async () => {});
  return blocks;
}

describe('the newsletter-offer CMS block', () => {
  it("the popup shows the shop's block in place of its built-in text", async () => {
    await setOffer(true);
    const blocks = await renderWithShopBlocks('/en');
    expect(blocks['newsletter-offer']).toBe(OFFER.en);
    const popup = tl.screen.getByRole('dialog');
    expect(tl.within(popup).getByText('Block offer: 10% off your first order')).toBeTruthy();
    expect(tl.within(popup).queryByText(/we will send you a personal 10% coupon/)).toBeNull();
    // the subscribe form is still there
    expect(tl.within(popup).getByRole('textbox')).toBeTruthy();
  });

  it("the newsletter page shows the shop's block in place of its built-in text", async () => {
    await setOffer(true);
    await renderWithShopBlocks('/en/newsletter');
    expect(tl.screen.getByRole('heading', { level: 1 })).toBeTruthy();
    expect(tl.screen.getByText('Block offer: 10% off your first order')).toBeTruthy();
    expect(tl.screen.queryByText(/Subscribe to the Vitrina newsletter and get a 10% coupon/)).toBeNull();
  });

  it('an inactive block is not shown: the popup and the page fall back to the built-in text', async () => {
    await setOffer(false);
    const blocks = await renderWithShopBlocks('/en');
    expect(blocks['newsletter-offer']).toBeUndefined();
    expect(tl.screen.getByText(/we will send you a personal 10% coupon/)).toBeTruthy();
    expect(tl.screen.queryByText('Block offer: 10% off your first order')).toBeNull();
    tl.cleanup();
    await renderWithShopBlocks('/en/newsletter');
    expect(tl.screen.getByText(/Subscribe to the Vitrina newsletter and get a 10% coupon/)).toBeTruthy();
    expect(tl.screen.queryByText('Block offer: 10% off your first order')).toBeNull();
  });
});
