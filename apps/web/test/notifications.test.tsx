// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useNavigate } from 'react-router';
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

  it('dismisses a group’s notices only', () => {
    const n = createNotificationStore();
    n.add({ type: 'success', message: 'Added', group: 'cart-add', action2: { label: 'Go' } });
    n.add({ type: 'info', message: 'Other' });
    n.dismissGroup('cart-add');
    expect(n.store.get().map((x) => x.message)).toEqual(['Other']);
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

  it("an add's notice keeps the spec's message and names the item under it", () => {
    render(
      <MemoryRouter initialEntries={['/p/PX/x']}>
        <Notifications />
      </MemoryRouter>,
    );
    act(() => {
      notifications.add({
        type: 'success',
        message: 'Prekė įdėta į krepšelį!',
        item: 'Lenovo ThinkPad T14',
        details: ['Krepšelio suma: 1 249,99 €'],
        group: 'cart-add',
      });
    });
    const toast = screen.getByRole('status').querySelector('.toast');
    expect(toast?.querySelector('p')?.textContent).toBe('Prekė įdėta į krepšelį!');
    expect(toast?.querySelector('.toast-item')?.textContent).toBe('Lenovo ThinkPad T14');
    expect(toast?.querySelector('.toast-detail')?.textContent).toBe('Krepšelio suma: 1 249,99 €');
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

  it('a notice with an action stays until answered or the page changes; none follows into checkout', () => {
    let go: (to: string) => void = () => {};
    function Nav() {
      const navigate = useNavigate();
      go = (to) => void navigate(to);
      return null;
    }
    render(
      <MemoryRouter initialEntries={['/en/p/PX/x']}>
        <Nav />
        <Notifications />
      </MemoryRouter>,
    );
    act(() => {
      notifications.add({
        type: 'success',
        message: 'Added to the cart: Phone X',
        grade: 'c_plus',
        details: ['Cart total: 759.99 €'],
        group: 'cart-add',
        action2: { label: 'Proceed to checkout' },
      });
      notifications.add({ type: 'info', message: 'Plain' });
    });
    const region = screen.getByRole('status');
    expect(region.querySelector('[data-grade]')?.getAttribute('data-grade')).toBe('c_plus');
    expect(region.textContent).toContain('Fair');
    expect(region.textContent).toContain('Cart total: 759.99 €');
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    // the plain one timed out; the one with an action is still there to be used
    expect(screen.queryByText('Plain')).toBeNull();
    expect(screen.getByText('Added to the cart: Phone X')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getByText('Added to the cart: Phone X')).toBeTruthy();
    // a second add replaces the first notice (its total is the cart's now)
    act(() => {
      notifications.add({
        type: 'success',
        message: 'Added to the cart: Phone X',
        details: ['Cart total: 1,519.98 €'],
        group: 'cart-add',
        action2: { label: 'Proceed to checkout' },
      });
    });
    expect(region.querySelectorAll('.toast')).toHaveLength(1);
    expect(region.textContent).toContain('1,519.98 €');
    // another page: the held notice goes
    act(() => go('/en/c/phones'));
    expect(region.textContent).toBe('');

    // into checkout: every notice goes but one kept until answered
    act(() => {
      notifications.add({ type: 'success', message: 'Coupon applied' });
      notifications.add({ type: 'warning', message: 'Order waiting!', hasNoTimeout: true });
    });
    act(() => go('/en/checkout'));
    expect(screen.queryByText('Coupon applied')).toBeNull();
    expect(screen.getByText('Order waiting!')).toBeTruthy();
  });
});
