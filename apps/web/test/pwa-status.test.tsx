// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PwaStatus } from '../app/components/PwaStatus';
import { getT } from '../app/i18n';
import { setWaitingWorker } from '../app/pwa/update';

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <PwaStatus /> }], { initialEntries: [path] });
  return render(<RouterProvider router={router} />);
}

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => {
  cleanup();
  act(() => setWaitingWorker(null));
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('PwaStatus: connection state', () => {
  it.each(['lt', 'en', 'ru'] as const)(
    '%s: offline and back online are announced in a live region',
    (code) => {
      vi.useFakeTimers();
      const t = getT(code);
      renderAt(code === 'lt' ? '/' : `/${code}`);
      const region = screen.getByRole('status', { name: t('pwa.status') });
      expect(region.getAttribute('aria-live')).toBe('polite');
      expect(region.textContent).toBe('');
      setOnline(false);
      expect(region.textContent).toContain(t('pwa.offline'));
      setOnline(true);
      expect(region.textContent).toContain(t('pwa.backOnline'));
      act(() => {
        vi.advanceTimersByTime(5000);
      });
      expect(region.textContent).toBe('');
    },
  );
});

describe('PwaStatus: new version prompt', () => {
  it('shows the prompt for a waiting worker; Reload asks it to take over', () => {
    const t = getT('en');
    renderAt('/en');
    const postMessage = vi.fn();
    act(() => setWaitingWorker({ postMessage } as unknown as ServiceWorker));
    expect(screen.getByText(t('pwa.updateAvailable'))).toBeTruthy();
    const reload = screen.getByRole('button', { name: t('pwa.reload') });
    reload.focus();
    expect(document.activeElement).toBe(reload);
    fireEvent.click(reload);
    expect(postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
  });

  it('Later hides the prompt without activating the new version', () => {
    const t = getT('ru');
    renderAt('/ru');
    const postMessage = vi.fn();
    act(() => setWaitingWorker({ postMessage } as unknown as ServiceWorker));
    fireEvent.click(screen.getByRole('button', { name: t('pwa.later') }));
    expect(screen.queryByText(t('pwa.updateAvailable'))).toBeNull();
    expect(postMessage).not.toHaveBeenCalled();
  });
});
