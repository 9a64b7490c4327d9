import { localizedPath } from '@vitrina/domain';
import { Link } from '../lib/link';
import { useOtherPagesT } from '../i18n/other-pages';
import type { MenuItem } from './navigation/menu';
import { useStoreCode } from '../lib/store';
import { categoryPath } from '../lib/urls';
import { ui, useUi } from '../state/ui';
import { Drawer } from './Drawer';
import { LanguageSwitch } from './LanguageSwitch';

function find(menu: MenuItem[], id: string | undefined): MenuItem | undefined {
  if (!id) return undefined;
  for (const item of menu) {
    if (String(item.id) === id) return item;
    const inner = find(item.children, id);
    if (inner) return inner;
  }
  return undefined;
}

/** The side menu (sidebar overlay): the category tree, one level at a time (ui submenu path). */
export function SideMenu({ menu }: { menu: MenuItem[] }) {
  const open = useUi((s) => s.sidebar);
  const submenu = useUi((s) => s.submenu);
  const storeCode = useStoreCode();
  const t = useOtherPagesT();
  if (!open) return null;
  const current = submenu.depth > 0 ? find(menu, submenu.path[submenu.depth - 1]) : undefined;
  const items = current ? current.children : menu;
  const close = () => ui.close('sidebar');
  return (
    <Drawer labelledBy="side-menu-title" side="left" onClose={close}>
      <div className="drawer-head">
        {current ? (
          <button type="button" className="btn" onClick={ui.closeSubmenu}>
            ← {t('header.back')}
          </button>
        ) : null}
        <h2 id="side-menu-title">{current ? current.name : t('header.categories')}</h2>
        <button type="button" className="btn-icon" aria-label={t('header.closeMenu')} onClick={close}>
          ×
        </button>
      </div>
      <ul className="side-menu">
        {current ? (
          <li>
            <Link to={categoryPath(storeCode, current)} onClick={close}>
              {t('header.allIn', { name: current.name })}
            </Link>
          </li>
        ) : null}
        {items.map((item) => (
          <li key={item.id}>
            {item.children.length ? (
              <button type="button" aria-haspopup="true" onClick={() => ui.openSubmenu(String(item.id))}>
                {item.name} <span aria-hidden="true">›</span>
              </button>
            ) : (
              <Link to={categoryPath(storeCode, item)} onClick={close}>
                {item.name}
              </Link>
            )}
          </li>
        ))}
        {current ? null : (
          <li>
            <Link to={localizedPath(storeCode, '/my-account')} onClick={close}>
              {t('header.account')}
            </Link>
          </li>
        )}
        {current ? null : (
          <li>
            {/* open to guests: the list is kept by this browser */}
            <Link to={localizedPath(storeCode, '/my-account/recently-viewed')} onClick={close}>
              {t('nav.recentlyViewed')}
            </Link>
          </li>
        )}
      </ul>
      {/* the header shows the languages on a desktop only: on a phone they are here */}
      <div className="side-lang">
        <LanguageSwitch />
      </div>
    </Drawer>
  );
}
