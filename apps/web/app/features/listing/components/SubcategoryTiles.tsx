import { Link } from '../../../lib/link';
import { useT } from '../../../i18n';
import type { MenuItem } from '../../../components/navigation/menu';
import { categoryPath } from '../../../lib/urls';

/**
 * The subcategories of a category as tiles at the top of its page:
 * "Kompiuteriai" leads to its seven subcategories instead of only 690 mixed products. A row that
 * scrolls sideways on a phone, wraps on a desktop; nothing when the category has no active children.
 */
export function SubcategoryTiles({ items }: { items: MenuItem[] }) {
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
}
