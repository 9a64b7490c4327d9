import { memo } from 'react';

/**
 * A JSON-LD script, escaped for HTML: no "</script>" inside can close the element early. Memoised on
 * its data: a page's render with the same data does not serialise it again.
 */
export const JsonLd = memo(function JsonLd({ data }: { data: unknown }) {
  return (
    <script
      type="application/ld+json"
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }}
    />
  );
});
