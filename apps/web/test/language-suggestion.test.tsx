// @vitest-environment jsdom
/**
 * The store view a browser's languages suggest (components/LanguageSuggestion.tsx): a Latvian
 * browser on the Lithuanian home page is offered English, in English (LOCALE_MAP: lv-LV → en-US);
 * a Lithuanian browser is offered nothing; an answer is remembered and never asked again.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Link, createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_ANSWERED_KEY, LanguageSuggestion } from '../app/components/LanguageSuggestion';

function page(path: string) {
  const Stub = createRoutesStub([{ path: '/:lang?', Component: () => <LanguageSuggestion /> }]);
  return <Stub initialEntries={[path]} />;
}

function browserLanguages(languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('language suggestion', () => {
  it('offers a Latvian browser the English store view, in English, linked to the same page', async () => {
    browserLanguages(['lv-LV', 'lv']);
    render(page('/'));
    const card = await screen.findByRole('complementary', { name: 'Language suggestion' });
    expect(card.getAttribute('lang')).toBe('en');
    expect(card.textContent).toContain('This shop is also in English.');
    const link = screen.getByRole('link', { name: 'Continue in English' });
    expect(link.getAttribute('href')).toBe('/en');
    fireEvent.click(screen.getByRole('button', { name: 'No, thanks' }));
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(localStorage.getItem(LANGUAGE_ANSWERED_KEY)).toBe('lt');
  });

  it('offers an Estonian browser that lists Russian the Russian store view', async () => {
    browserLanguages(['et-EE', 'ru']);
    render(page('/'));
    expect((await screen.findByRole('complementary')).getAttribute('lang')).toBe('ru');
  });

  it('offers nothing to a browser in the page’s language, nor after an answer', async () => {
    browserLanguages(['lt-LT', 'en']);
    render(page('/'));
    await act(async () => undefined);
    expect(screen.queryByRole('complementary')).toBeNull();
    cleanup();
    localStorage.setItem(LANGUAGE_ANSWERED_KEY, 'lt');
    browserLanguages(['lv-LV']);
    render(page('/'));
    await act(async () => undefined);
    expect(screen.queryByRole('complementary')).toBeNull();
  });

  it('offers nothing on /en to a browser that reads Russian first and English too', async () => {
    browserLanguages(['ru-RU', 'en-US']);
    render(page('/en'));
    await act(async () => undefined);
    expect(screen.queryByRole('complementary')).toBeNull();
    cleanup();
    // the same browser on the Lithuanian page, which it does not read: Russian is offered
    render(page('/'));
    expect((await screen.findByRole('complementary')).getAttribute('lang')).toBe('ru');
  });

  it('takes a move to another language in the tab for an answer: no card there, nor later', async () => {
    browserLanguages(['lv-LV']);
    const Stub = createRoutesStub([
      {
        path: '/:lang?',
        Component: () => (
          <>
            <LanguageSuggestion />
            <Link to="/ru">RU</Link>
          </>
        ),
      },
    ]);
    render(<Stub initialEntries={['/']} />);
    await screen.findByRole('complementary');
    fireEvent.click(screen.getByRole('link', { name: 'RU' }));
    await act(async () => undefined);
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(localStorage.getItem(LANGUAGE_ANSWERED_KEY)).toBe('ru');
  });
});

describe('language suggestion at load', () => {
  it('waits for the browser’s idle moment: no other dictionary and no card in the hydration’s effects', async () => {
    browserLanguages(['lv-LV']);
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => idle.push(cb));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    try {
      render(page('/'));
      await act(async () => undefined);
      expect(screen.queryByRole('complementary')).toBeNull();
      expect(idle).toHaveLength(1);
      await act(async () => idle.shift()!());
      expect((await screen.findByRole('complementary')).getAttribute('lang')).toBe('en');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
