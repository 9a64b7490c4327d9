// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Backdrop } from '../app/components/Backdrop';
import { Drawer } from '../app/components/Drawer';
import { BACKDROP_OVERLAYS, createUiStore, ui } from '../app/state/ui';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  ui.closeAll();
  vi.useRealTimers();
});

describe('ui store: overlays and backdrop', () => {
  it.each(BACKDROP_OVERLAYS)('opening %s turns the backdrop on, closing turns it off', (name) => {
    const u = createUiStore();
    u.open(name);
    expect(u.store.get()[name]).toBe(true);
    expect(u.store.get().overlay).toBe(true);
    u.close(name);
    expect(u.store.get()[name]).toBe(false);
    expect(u.store.get().overlay).toBe(false);
  });

  it('opening one side overlay closes the others', () => {
    const u = createUiStore();
    u.open('microcart');
    u.open('sidebar');
    expect(u.store.get()).toMatchObject({ microcart: false, sidebar: true, overlay: true });
  });

  it('the newsletter popup does not touch the backdrop', () => {
    const u = createUiStore();
    u.open('newsletterPopup');
    expect(u.store.get()).toMatchObject({ newsletterPopup: true, overlay: false });
    u.open('wishlist');
    u.close('newsletterPopup');
    expect(u.store.get()).toMatchObject({ newsletterPopup: false, wishlist: true, overlay: true });
  });

  it('closeAll closes the five side overlays and the backdrop', () => {
    const u = createUiStore();
    u.open('searchpanel');
    u.closeAll();
    expect(u.store.get()).toMatchObject({ searchpanel: false, overlay: false });
  });
});

describe('ui store: side menu submenus', () => {
  it('closing a submenu lowers the depth at once and removes its path entry after 300 ms', () => {
    const u = createUiStore();
    u.openSubmenu('12');
    u.openSubmenu('15');
    expect(u.store.get().submenu).toEqual({ depth: 2, path: ['12', '15'] });
    u.closeSubmenu();
    expect(u.store.get().submenu).toEqual({ depth: 1, path: ['12', '15'] });
    vi.advanceTimersByTime(299);
    expect(u.store.get().submenu.path).toEqual(['12', '15']);
    vi.advanceTimersByTime(1);
    expect(u.store.get().submenu).toEqual({ depth: 1, path: ['12'] });
    u.closeSubmenu();
    vi.advanceTimersByTime(300);
    expect(u.store.get().submenu).toEqual({ depth: 0, path: [] });
  });

  it('closing with nothing open does nothing', () => {
    const u = createUiStore();
    u.closeSubmenu();
    expect(vi.getTimerCount()).toBe(0);
    expect(u.store.get().submenu).toEqual({ depth: 0, path: [] });
  });
});

describe('<Backdrop>', () => {
  it('shows while a side overlay is open; a click closes it', () => {
    const { container } = render(<Backdrop />);
    expect(container.querySelector('.backdrop')).toBeNull();
    act(() => ui.open('microcart'));
    const backdrop = container.querySelector('.backdrop');
    expect(backdrop).not.toBeNull();
    fireEvent.click(backdrop!);
    expect(ui.store.get()).toMatchObject({ microcart: false, overlay: false });
    expect(container.querySelector('.backdrop')).toBeNull();
  });
});

describe('<Drawer>', () => {
  function Harness({ onClose }: { onClose: () => void }) {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Open
        </button>
        {open ? (
          <Drawer
            labelledBy="t"
            side="right"
            onClose={() => {
              onClose();
              setOpen(false);
            }}
          >
            <h2 id="t">Cart</h2>
            <button type="button">First</button>
            <button type="button">Last</button>
          </Drawer>
        ) : null}
      </>
    );
  }

  it('is a labelled modal dialog that traps focus, closes on Escape and gives focus back', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Cart' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const first = screen.getByRole('button', { name: 'First' });
    const last = screen.getByRole('button', { name: 'Last' });
    expect(document.activeElement).toBe(first);
    last.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
