// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Notifications } from '../app/components/Notifications';
import { createNotificationStore, notifications } from '../app/state/notifications';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  notifications.clear();
  vi.useRealTimers();
});

describe('notification store', () => {
  it('removes a notification after 5000 ms by default', () => {
    const n = createNotificationStore();
    n.add({ type: 'success', message: 'Product has been added to the cart!' });
    vi.advanceTimersByTime(4999);
    expect(n.store.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(n.store.get()).toHaveLength(0);
  });

  it('honours timeToLive and hasNoTimeout', () => {
    const n = createNotificationStore();
    n.add({ type: 'info', message: 'short', timeToLive: 100 });
    n.add({ type: 'error', message: 'sticky', hasNoTimeout: true });
    vi.advanceTimersByTime(100);
    expect(n.store.get().map((x) => x.message)).toEqual(['sticky']);
    vi.advanceTimersByTime(60_000);
    expect(n.store.get().map((x) => x.message)).toEqual(['sticky']);
  });

  it('ignores a notification whose message equals the latest one', () => {
    const n = createNotificationStore();
    expect(n.add({ type: 'success', message: 'A' })).not.toBeNull();
    expect(n.add({ type: 'error', message: 'A' })).toBeNull();
    n.add({ type: 'success', message: 'B' });
    // Only the latest counts: "A" again after "B" is shown.
    expect(n.add({ type: 'success', message: 'A' })).not.toBeNull();
    expect(n.store.get().map((x) => x.message)).toEqual(['A', 'B', 'A']);
  });

  it('the same message can show again once the previous one is gone', () => {
    const n = createNotificationStore();
    n.add({ type: 'success', message: 'A' });
    vi.advanceTimersByTime(5000);
    expect(n.add({ type: 'success', message: 'A' })).not.toBeNull();
  });

  it('runs an action, then dismisses; removing cancels the timer', () => {
    const n = createNotificationStore();
    const action = vi.fn();
    const id = n.add({ type: 'success', message: 'A', action2: { label: 'Go', action } })!;
    n.run(id, 'action2');
    expect(action).toHaveBeenCalledOnce();
    expect(n.store.get()).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('<Notifications>', () => {
  it('renders toasts in a live region with OK and the optional action, in the store view language', () => {
    const action = vi.fn();
    render(
      <MemoryRouter initialEntries={['/ru/p/PX/x']}>
        <Notifications />
      </MemoryRouter>,
    );
    act(() => {
      notifications.add({
        type: 'success',
        message: 'Товар добавлен в корзину!',
        action2: { label: 'Перейти к оформлению заказа', action },
      });
    });
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toContain('Товар добавлен в корзину!');
    fireEvent.click(screen.getByRole('button', { name: 'Перейти к оформлению заказа' }));
    expect(action).toHaveBeenCalledOnce();
    expect(region.textContent).toBe('');
    act(() => {
      notifications.add({ type: 'error', message: 'Oops' });
    });
    fireEvent.click(screen.getByRole('button', { name: 'ОК' }));
    expect(region.textContent).toBe('');
  });

  it('a toast disappears by itself after 5 s', () => {
    render(
      <MemoryRouter initialEntries={['/en']}>
        <Notifications />
      </MemoryRouter>,
    );
    act(() => {
      notifications.add({ type: 'info', message: 'Hello' });
    });
    expect(screen.getByText('Hello')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(screen.queryByText('Hello')).toBeNull();
  });
});
