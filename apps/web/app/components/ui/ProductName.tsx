import { nameParts } from '../../lib/text';

/** A product's name whose model numbers do not break at their hyphen (lib/text.ts `nameParts`). */
export function ProductName({ name }: { name: string }) {
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
}
