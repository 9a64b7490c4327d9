import { memo } from 'react';
import { useT } from '../../../i18n';

/**
 * The product's description as plain paragraphs. Memoised on its text, the same string across grade
 * choices and adds: a long description is many elements the page's render would walk again.
 */
export const Description = memo(function Description({ text }: { text: string }) {
  const t = useT();
  return (
    <section aria-labelledby="description" className="description">
      <h2 id="description">{t('product.description')}</h2>
      {text.split('\n\n').map((para, i) => (
        <p key={i}>{para}</p>
      ))}
    </section>
  );
});
