import { memo } from 'react';
import { Link } from '../../../lib/link';
import { useT } from '../../../i18n';
import type { MenuItem } from '../../../components/navigation/menu';
import { categoryPath } from '../../../lib/urls';

/**
 * The subcategories of a category as tiles at the top of its page:
 * "Kompiuteriai" leads to its seven subcategories instead of only 690 mixed products. A row that
 * scrolls sideways on a phone, wraps on a desktop; nothing when the category has no active children.
 * Memoised on what it shows: a filter's, sort's or page's answer is the same category with its
 * children as new objects, and the tiles and their links (15 components on "Kompiuteriai") rendered
 * again at every tick with equal names and addresses.
 */
export const SubcategoryTiles = memo(function SubcategoryTiles({ items }: { items: MenuItem[] }) {
  const t = useT();
  if (items.length === 0) return null;
  return (
    <nav aria-label={t('category.subcategories')}>
      <ul className="subcats">
        {items.map((c) => (
          <li key={c.id}>
            <Link to={categoryPath(t.storeCode, c)} prefetch="intent">
              {c.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}, sameTiles);

/** equal tiles: the same categories (id, name and slug: what a tile shows and links to), in order */
export function sameTiles(a: { items: MenuItem[] }, b: { items: MenuItem[] }): boolean {
  return (
    a.items.length === b.items.length &&
    a.items.every((c, i) => {
      const d = b.items[i];
      return !!d && c.id === d.id && c.name === d.name && c.slug === d.slug;
    })
  );
}
