// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { memo } from 'react';
import { Link, MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useT } from '../app/i18n';
import { StoreCodeContext, storeCodeOf } from '../app/lib/store';

afterEach(cleanup);

let renders = 0;
/** a memoised text, as the header, the product cards and the page's parts are */
const Text = memo(function Text() {
  renders += 1;
  return <p data-testid="text">{useT()('header.search')}</p>;
});

/** as root.tsx's layout: the store view given once, from the location */
function Frame() {
  const { pathname } = useLocation();
  return (
    <StoreCodeContext.Provider value={storeCodeOf(pathname)}>
      <Text />
      <Link to="/en/c/phones">phones</Link>
      <Link to="/ru/c/phones">ru</Link>
    </StoreCodeContext.Provider>
  );
}

describe('the store view given by the layout (StoreCodeContext)', () => {
  it('a memoised text renders again when the language changes, not at every navigation', async () => {
    renders = 0;
    render(
      <MemoryRouter initialEntries={['/en/c/laptops']}>
        <Frame />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('text').textContent).toBe('Search');
    expect(renders).toBe(1);
    await act(async () => screen.getByText('phones').click());
    expect(renders).toBe(1);
    await act(async () => screen.getByText('ru').click());
    expect(renders).toBe(2);
    expect(screen.getByTestId('text').textContent).not.toBe('Search');
  });

  it('without the layout above, a component reads the store view from the location', () => {
    render(
      <MemoryRouter initialEntries={['/ru/c/laptops']}>
        <Text />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('text').textContent).not.toBe('Search');
  });
});
