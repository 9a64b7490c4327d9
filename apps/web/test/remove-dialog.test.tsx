// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RemoveLine } from '../app/features/cart/components/RemoveLine';
import type { CartLineModel } from '../app/features/cart/hooks/use-cart-line';

afterEach(cleanup);

/** a cart line's model: only what RemoveLine reads */
function Line({ onRemove, onEscape }: { onRemove: () => void; onEscape?: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [gone, setGone] = useState(false);
  const model = {
    item: { name: 'Galaxy S23' },
    confirming,
    askRemove: () => setConfirming(true),
    cancelRemove: () => setConfirming(false),
    remove: () => {
      setConfirming(false);
      setGone(true);
      onRemove();
    },
  } as unknown as CartLineModel;
  return (
    // the drawer around the line: its own Escape must not fire while the dialog is open
    <div role="dialog" aria-label="Cart" onKeyDown={(e) => e.key === 'Escape' && onEscape?.()}>
      <h2>Cart</h2>
      {gone ? null : <RemoveLine model={model} />}
    </div>
  );
}

describe('the remove confirmation dialog', () => {
  const open = () => {
    const trigger = screen.getByRole('button', { name: 'Remove Galaxy S23' });
    trigger.focus();
    fireEvent.click(trigger);
    return { trigger, dialog: screen.getByRole('alertdialog', { name: 'Remove from the cart?' }) };
  };

  it('names the product, focuses "Keep it" and keeps Tab between its two buttons', () => {
    render(
      <MemoryRouter initialEntries={['/en/cart']}>
        <Line onRemove={() => {}} />
      </MemoryRouter>,
    );
    const { dialog } = open();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.textContent).toContain('Galaxy S23');
    const keep = screen.getByRole('button', { name: 'Keep it' });
    const remove = screen.getByRole('button', { name: 'Remove' });
    expect(document.activeElement).toBe(keep);
    fireEvent.keyDown(keep, { key: 'Tab' });
    expect(document.activeElement).toBe(remove);
    fireEvent.keyDown(remove, { key: 'Tab' });
    expect(document.activeElement).toBe(keep);
    fireEvent.keyDown(keep, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(remove);
  });

  it('Escape keeps the line, does not close the drawer, and returns the focus to "Remove"', () => {
    const onRemove = vi.fn();
    const onEscape = vi.fn();
    render(
      <MemoryRouter initialEntries={['/en/cart']}>
        <Line onRemove={onRemove} onEscape={onEscape} />
      </MemoryRouter>,
    );
    const { trigger } = open();
    fireEvent.keyDown(screen.getByRole('button', { name: 'Keep it' }), { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onRemove).not.toHaveBeenCalled();
    expect(onEscape).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(trigger);
  });

  it('"Keep it" returns the focus to "Remove"', () => {
    render(
      <MemoryRouter initialEntries={['/en/cart']}>
        <Line onRemove={() => {}} />
      </MemoryRouter>,
    );
    const { trigger } = open();
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(document.activeElement).toBe(trigger);
  });

  it('"Remove" removes the line and puts the focus on the heading of the cart it was in', () => {
    const onRemove = vi.fn();
    render(
      <MemoryRouter initialEntries={['/en/cart']}>
        <Line onRemove={onRemove} />
      </MemoryRouter>,
    );
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(onRemove).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement?.textContent).toBe('Cart');
  });
});
