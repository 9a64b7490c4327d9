/**
 * The shop's category menu (the header, the side menu, the category bar, a category's subcategory
 * tiles and the search screen's "browse instead"): built by the root and category loaders from the
 * API's category documents, rendered by components. Beside them in components/navigation/, with the
 * static pages' slugs the footer links.
 */
import type { Category } from '../../lib/types';

export interface MenuItem {
  id: number;
  name: string;
  slug: string;
  children: MenuItem[];
}

/**
 * The menu tree (two levels) from category documents, active ones only, by position; `menu`: only
 * those shown in the header menu (a category left out of it still has its tile under its parent).
 */
export function toMenu(categories: Category[], depth = 2, menu = false): MenuItem[] {
  return categories
    .filter((c) => c.is_active !== false && c.slug && !(menu && c.include_in_menu === false))
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
    .map((c) => ({
      id: c.id,
      name: c.name,
      slug: c.slug,
      children: depth > 1 ? toMenu(c.children_data ?? [], depth - 1, menu) : [],
    }));
}
