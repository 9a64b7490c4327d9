// @vitest-environment jsdom
/**
 * "Recently viewed" is open to guests (the list is kept by the browser), so a guest finds a link to
 * it: the footer, on every page with the full layout, links to it without a login.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Footer } from '../app/components/Footer';
import { TEST_STORE_INFO } from './support/shop-info';

afterEach(cleanup);

describe('recently viewed for guests', () => {
  it('the footer links to it without a login', async () => {
    const data = { storeCode: 'en', menu: [], blocks: {}, storeInfo: TEST_STORE_INFO };
    const Stub = createRoutesStub([
      { id: 'root', path: '/en', loader: () => data, Component: () => <Footer /> },
    ]);
    render(<Stub initialEntries={['/en']} hydrationData={{ loaderData: { root: data } }} />);
    await act(async () => {});
    expect(screen.getByRole('link', { name: 'Recently viewed' }).getAttribute('href')).toBe(
      '/en/my-account/recently-viewed',
    );
  });
});
