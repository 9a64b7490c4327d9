// @vitest-environment jsdom
/**
 * What a filter's tick renders in a listing's grid: the cards new to the list, each with as few
 * components as it needs, and none of the cards that stay (memoised on what they show), whichever
 * part of the grid they are in. The grid's cards after the first screen's are a part that hydrates
 * later; a new list made it a new part, and every card in it was rendered and its elements made
 * anew, the cards that stayed included. Counted with React's DevTools hook: the function components
 * a commit rendered (fibres that performed work and are not the previous commit's).
 */
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { productDoc, stockDoc } from './support/documents';

interface Fiber {
  tag: number;
  flags: number;
  type: unknown;
  child: Fiber | null;
  sibling: Fiber | null;
  memoizedProps: { className?: string } | null;
}

/** the components each commit rendered, by name (React DOM reports its commits to the hook) */
const commits = vi.hoisted(() => {
  const log: string[][] = [];
  let previous = new WeakSet<object>();
  const nameOf = (type: unknown): string => {
    const t = type as { displayName?: string; name?: string; render?: unknown; type?: unknown } | null;
    if (!t) return '?';
    return t.displayName || t.name || (t.render ? nameOf(t.render) : t.type ? nameOf(t.type) : '?');
  };
  // function, class, forwardRef, memo and simple memo components
  const COMPONENT = new Set([0, 1, 11, 14, 15]);
  (globalThis as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    inject: () => 1,
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id: number, root: { current: Fiber }) {
      const seen = new WeakSet<object>();
      const rendered: string[] = [];
      const stack: Fiber[] = [root.current];
      while (stack.length) {
        const f = stack.pop()!;
        seen.add(f);
        // PerformedWork: rendered in this commit, unless the fibre is the previous commit's own object
        if (COMPONENT.has(f.tag) && f.flags & 1 && !previous.has(f)) rendered.push(nameOf(f.type));
        if (f.sibling) stack.push(f.sibling);
        if (f.child) stack.push(f.child);
      }
      previous = seen;
      log.push(rendered);
    },
  };
  return log;
});

// (after the hook: React DOM finds it when it loads)
const { ProductGrid } = await import('../app/components/ProductCard');

afterEach(cleanup);

/** a simple product in stock, graded, as a listing's answer has it: a new object at every answer */
const product = (id: number) =>
  productDoc({
    id,
    sku: `S-${id}`,
    name: `Phone ${id}`,
    final_price_incl_tax: 10000 + id,
    condition_label: 'A (puiki būklė)',
    stock: stockDoc(),
  });

function grid(ids: number[], chosen: Record<string, string[]>) {
  return (
    <MemoryRouter initialEntries={['/en']}>
      <ProductGrid products={ids.map(product)} eagerCount={2} hydrateFirst={2} chosen={chosen} />
    </MemoryRouter>
  );
}

const cardOf = (id: number) => screen.getByText(`Phone ${id}`).closest('li');

describe('a filter’s tick in a listing’s grid', () => {
  it('renders the new cards only, with no component for the name, grade badge or stock line; the cards that stay keep their elements', () => {
    const { rerender } = render(grid([1, 2, 3, 4, 5, 6], {}));
    const kept = [1, 2, 4, 6].map(cardOf);
    expect(kept.every(Boolean)).toBe(true);
    commits.length = 0;
    // a brand filter: 3 and 5 leave, 7 and 8 come; 4 and 6 stay in the later part, 1 and 2 in the first
    rerender(grid([1, 2, 4, 6, 7, 8], { brand: ['7'] }));
    // the same elements, not equal ones
    [1, 2, 4, 6].forEach((id, i) => expect(cardOf(id)).toBe(kept[i]));
    // (the test's router rendered again with its new element)
    const rendered = commits.flat().filter((n) => n !== 'MemoryRouter' && n !== 'Router');
    expect(rendered.filter((n) => n === 'ProductCard')).toHaveLength(2);
    expect(rendered).not.toContain('ProductName');
    expect(rendered).not.toContain('StockLine');
    expect(rendered).not.toContain('GradeBadge');
    // the two new cards' (the card, its link, the price, the add and save buttons) and the
    // grid's own (the grid and its later part's two)
    expect(rendered).toHaveLength(2 * 5 + 3);
    // what the new cards show, as before
    expect(cardOf(7)?.querySelector('.grade-badge')?.textContent).toBe('A (puiki būklė)');
    expect(cardOf(7)?.querySelector('.stock-line')?.className).toBe('stock stock-line in');
  });
});
