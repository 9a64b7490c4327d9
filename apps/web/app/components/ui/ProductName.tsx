import { memo, type ReactNode } from 'react';
import { nameParts } from '../../lib/text';

/**
 * A product's name whose model numbers do not break at their hyphen (lib/text.ts `nameParts`).
 * Memoised on the name: a grade choice does not split the product page's title again.
 */
export const ProductName = memo(function ProductName({ name }: { name: string }) {
  return <>{productNameNodes(name)}</>;
});

/**
 * The name's nodes, for a listing's card to put in its own element: a card is rendered anew at a
 * filter's tick, and a component of its own was one more to render in each of a listing's cards.
 */
export function productNameNodes(name: string): ReactNode[] {
  return nameParts(name).map((part, i) =>
    part.whole ? (
      <span key={i} className="nobr">
        {part.text}
      </span>
    ) : (
      part.text
    ),
  );
}
