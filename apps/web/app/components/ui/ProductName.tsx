import { memo } from 'react';
import { nameParts } from '../../lib/text';

/**
 * A product's name whose model numbers do not break at their hyphen (lib/text.ts `nameParts`).
 * Memoised on the name: a grade choice does not split the product page's title again.
 */
export const ProductName = memo(function ProductName({ name }: { name: string }) {
  return (
    <>
      {nameParts(name).map((part, i) =>
        part.whole ? (
          <span key={i} className="nobr">
            {part.text}
          </span>
        ) : (
          part.text
        ),
      )}
    </>
  );
});
