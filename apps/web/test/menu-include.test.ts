import { describe, expect, it } from 'vitest';
import { toMenu } from '../app/components/navigation/menu';
import type { Category } from '../app/lib/types';

const cat = (id: number, over: Partial<Category> = {}, children: Category[] = []): Category =>
  ({
    id,
    name: `C${id}`,
    slug: `c${id}`,
    position: id,
    is_active: true,
    include_in_menu: true,
    children_data: children,
    ...over,
  }) as Category;

describe('the menu and a category left out of it', () => {
  const tree = [
    cat(10, {}, [cat(11), cat(12, { include_in_menu: false })]),
    cat(20, { include_in_menu: false }),
    cat(30, { is_active: false }),
  ];

  it('the header menu leaves out what the back office took out of it, at every level', () => {
    expect(toMenu(tree, 2, true).map((m) => [m.id, m.children.map((c) => c.id)])).toEqual([[10, [11]]]);
  });

  it("a category's subcategory tiles still show it (only inactive ones go)", () => {
    expect(toMenu(tree, 1).map((m) => m.id)).toEqual([10, 20]);
    expect(toMenu(tree[0]!.children_data, 1).map((m) => m.id)).toEqual([11, 12]);
  });
});
