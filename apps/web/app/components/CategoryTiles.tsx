import { Link } from 'react-router';
import { useRootData } from '../lib/router';
import { useT } from '../i18n';
import { categoryPath } from '../lib/urls';
import type { MenuItem } from './navigation/menu';

/**
 * The shop's top categories as a row of tiles near the top of the home page, so that the phone's
 * first screen leads somewhere to buy (a desktop has its category bar: hidden there by the styles);
 * in the category bar's own order (the menu from the root loader).
 */
export function CategoryTiles() {
  const t = useT();
  const root = useRootData<{ menu?: MenuItem[] }>();
  const menu = root?.menu ?? [];
  if (!menu.length) return null;
  return (
    <nav className="home-categories" aria-label={t('tiles.label')}>
      <ul>
        {menu.map((c) => (
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
