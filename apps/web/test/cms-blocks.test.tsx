// @vitest-environment jsdom
/**
 * The CMS blocks the demo seeds are shown where their identifiers belong. The
 * root route's data carries `footer-terms` and `newsletter-offer` (components/cms-blocks.ts): the footer shows
 * the shop's terms block in place of its built-in list, and falls back to that list without it.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Footer } from '../app/components/Footer';
import { TEST_STORE_INFO } from './support/shop-info';

afterEach(cleanup);

function withRootData(blocks: Record<string, string>) {
  const data = { storeCode: 'en', menu: [], blocks, storeInfo: TEST_STORE_INFO };
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/en',
      loader: () => data,
      Component: () => <Footer />,
    },
  ]);
  return <Stub initialEntries={['/en']} hydrationData={{ loaderData: { root: data } }} />;
}

describe('layout CMS blocks', () => {
  it("the footer shows the shop's footer-terms block", async () => {
    render(withRootData({ 'footer-terms': '<ul><li>Block: 30-day money back</li></ul>' }));
    await act(async () => {});
    expect(screen.getByText('Block: 30-day money back')).toBeTruthy();
    // the built-in list is replaced, not repeated
    expect(screen.queryByText(/Support .* on working days/)).toBeNull();
  });

  it('without the block, the built-in terms', async () => {
    render(withRootData({}));
    await act(async () => {});
    expect(screen.getByText(/Support .* on working days/)).toBeTruthy();
  });
});
