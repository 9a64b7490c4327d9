// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useNavigate } from 'react-router';
import { afterEach, expect, it } from 'vitest';
import { WEB_FONTS_SCRIPT, useWebFonts } from '../app/lib/fonts';

/** the key and value the head's script looks for: the device holds the font's files */
function holdFonts() {
  const [, key, value] = /getItem\(("[^"]*")\)===("[^"]*")/.exec(WEB_FONTS_SCRIPT) ?? [];
  localStorage.setItem(JSON.parse(key!) as string, JSON.parse(value!) as string);
}

afterEach(() => {
  cleanup();
  delete document.documentElement.dataset.fonts;
  localStorage.clear();
});

let go: (to: string) => void = () => {};
function Page() {
  useWebFonts();
  const navigate = useNavigate();
  go = (to) => void navigate(to, { replace: true });
  return null;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/p/:parentSku/:slug/:childSku?', element: <Page /> },
      { path: '/c/*', element: <Page /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

it('a variant of the same product is the same page: the web font is not switched on under the shopper', async () => {
  renderAt('/p/PHN-1/phone');
  holdFonts();
  await act(async () => go('/p/PHN-1/phone/PHN-1-B'));
  expect(document.documentElement.dataset.fonts).toBeUndefined();
  await act(async () => go('/p/PHN-1/phone/PHN-1-C'));
  expect(document.documentElement.dataset.fonts).toBeUndefined();
});

it('another page turns to the web font once the device holds it', async () => {
  renderAt('/p/PHN-1/phone/PHN-1-B');
  holdFonts();
  await act(async () => go('/c/phones'));
  expect(document.documentElement.dataset.fonts).toBe('');
});
