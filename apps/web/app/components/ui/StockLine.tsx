import { memo, type ReactNode } from 'react';

/**
 * The stock line: a coloured dot and a short text ("In stock", "Only 3 left", "Out of stock"); the
 * words are the caller's (its dictionary), the look is the design system's (`.stock-line`). Memoised: a
 * grade with the same stock and words (a string) does not render it again.
 */
export const StockLine = memo(function StockLine({
  level,
  children,
}: {
  level: 'in' | 'low' | 'out';
  children: ReactNode;
}) {
  return <p className={stockLineClass(level)}>{children}</p>;
});

/** the stock line's classes, for a listing's card that renders the line in its own render */
export function stockLineClass(level: 'in' | 'low' | 'out'): string {
  return `stock stock-line ${level}`;
}
