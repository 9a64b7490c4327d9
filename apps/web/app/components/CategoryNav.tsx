import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router';
import { Link } from '../lib/link';
import { useT } from '../i18n';
import type { MenuItem } from './navigation/menu';
import { useStoreCode } from '../lib/store';
import { categoryPath } from '../lib/urls';

const CHEVRON = (
  <svg aria-hidden="true" width="12" height="12" viewBox="0 0 12 12">
    <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
  </svg>
);

/**
 * The desktop category bar: a disclosure navigation menu. A top
 * category with children is a button (aria-expanded) that opens a panel with "All in …" and its
 * subcategories; one without children is a link. Escape closes the open panel and puts focus back
 * on its button; a click elsewhere or leaving the bar closes it too.
 *
 * The bar is one row: the list wraps, its height is one row and it is cut off, so a category that
 * does not fit (long names in lt and ru at 1366 px) lands on the hidden second row. After the first
 * paint those are measured (offsetTop), made inert and listed under "More" instead. The More button
 * is always rendered (hidden until needed) so its appearance moves nothing.
 *
 * A panel's links are rendered only while it is open: closed, it is an empty
 * hidden box. They were ~3.8 kB of every page's HTML, sent before the first paint for a menu that
 * opens only once the page has hydrated (its buttons do nothing before); the subcategories stay
 * linked from their category's page and the sitemap.
 */
export function CategoryNav({ menu }: { menu: MenuItem[] }) {
  const t = useT();
  const storeCode = useStoreCode();
  // the header has one category bar (a fixed id: eslint.config.js on useId)
  const baseId = 'category-nav';
  const listRef = useRef<HTMLUListElement>(null);
  const [overflow, setOverflow] = useState<number>(menu.length);
  const location = useLocation();
  // A new page closes the menu: a panel is open only on the page it was opened on. Derived, not reset
  // by an effect: an effect's setState after every navigation rendered the bar a second time.
  const here = location.pathname + location.search;
  const [opened, setOpened] = useState<{ key: string; at: string } | null>(null);
  const open = opened?.at === here ? opened.key : null;
  const setOpen = useCallback(
    (key: string | null) => setOpened(key === null ? null : { key, at: here }),
    [here],
  );

  const measure = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    const items = Array.from(list.children) as HTMLElement[];
    const top = items[0]?.offsetTop ?? 0;
    const first = items.findIndex((li) => li.offsetTop > top);
    setOverflow(first === -1 ? items.length : first);
  }, []);

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    // the observer calls back once at once and on every resize, after layout: reading offsetTop
    // there forces no extra layout (Lighthouse "forced reflow")
    if (typeof ResizeObserver === 'undefined') {
      measure();
      return;
    }
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    // each item too: the web font arriving changes the names' widths, not the list's size
    for (const item of Array.from(list.children)) observer.observe(item);
    return () => observer.disconnect();
  }, [measure, menu]);

  // a click outside the bar closes the open panel
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!(e.target as Element | null)?.closest('.category-nav')) setOpen(null);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open, setOpen]);

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key !== 'Escape' || !open) return;
    e.preventDefault();
    const button = document.getElementById(`${baseId}-btn-${open}`);
    setOpen(null);
    button?.focus();
  };

  const toggle = (key: string) => setOpen(open === key ? null : key);
  const close = () => setOpen(null);
  const hiddenItems = menu.slice(overflow);

  return (
    <nav className="category-nav" aria-label={t('header.categories')} onKeyDown={onKeyDown}>
      <div className="container category-nav-row">
        <ul className="category-nav-list" ref={listRef}>
          {menu.map((c, i) => {
            const key = String(c.id);
            const inert = i >= overflow;
            return (
              <li key={c.id} inert={inert}>
                {c.children.length ? (
                  <>
                    <button
                      type="button"
                      id={`${baseId}-btn-${key}`}
                      className="nav-top"
                      aria-expanded={open === key}
                      aria-controls={`${baseId}-panel-${key}`}
                      onClick={() => toggle(key)}
                    >
                      {c.name}
                      {CHEVRON}
                    </button>
                    <div className="nav-panel" id={`${baseId}-panel-${key}`} hidden={open !== key}>
                      {open === key ? (
                        <ul className="container">
                          <li className="nav-all">
                            <Link to={categoryPath(storeCode, c)} prefetch="intent" onClick={close}>
                              {t('header.allIn', { name: c.name })}
                            </Link>
                          </li>
                          <CategoryLinks items={c.children} onFollow={close} />
                        </ul>
                      ) : null}
                    </div>
                  </>
                ) : (
                  <Link className="nav-top" to={categoryPath(storeCode, c)} prefetch="intent">
                    {c.name}
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
        <div className="nav-more" hidden={hiddenItems.length === 0}>
          <button
            type="button"
            id={`${baseId}-btn-more`}
            className="nav-top"
            aria-expanded={open === 'more'}
            aria-controls={`${baseId}-panel-more`}
            aria-label={t('header.moreLabel')}
            onClick={() => toggle('more')}
          >
            {t('header.more')}
            {CHEVRON}
          </button>
          <div className="nav-panel" id={`${baseId}-panel-more`} hidden={open !== 'more'}>
            {open === 'more' ? (
              <ul className="container">
                {hiddenItems.map((c) => (
                  <li key={c.id}>
                    <Link to={categoryPath(storeCode, c)} prefetch="intent" onClick={close}>
                      {c.name}
                    </Link>
                    {c.children.length ? (
                      <ul>
                        <CategoryLinks items={c.children} onFollow={close} />
                      </ul>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        </div>
      </div>
    </nav>
  );
}

/** a panel's category links, each closing the panel when followed */
function CategoryLinks({ items, onFollow }: { items: MenuItem[]; onFollow: () => void }) {
  const storeCode = useStoreCode();
  return items.map((item) => (
    <li key={item.id}>
      <Link to={categoryPath(storeCode, item)} prefetch="intent" onClick={onFollow}>
        {item.name}
      </Link>
    </li>
  ));
}
