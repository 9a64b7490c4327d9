import { localizedPath } from '@vitrina/domain';
import { Link } from '../lib/link';
import { useOtherPagesT } from '../i18n/other-pages';
import { ui } from '../state/ui';
import { useWishlist, wishlist } from '../state/wishlist';
import { Drawer } from './Drawer';
import { SavedProductList } from './SavedProductList';

/** The wish list overlay opened from the header (code-split: loads the first time it opens). */
export function WishlistDrawer() {
  const t = useOtherPagesT();
  const items = useWishlist();
  const close = () => ui.close('wishlist');
  return (
    <Drawer id="wishlist-drawer" labelledBy="wishlist-drawer-title" side="right" onClose={close}>
      <div className="drawer-head">
        <h2 id="wishlist-drawer-title">{t('wishlist.title')}</h2>
        <button type="button" className="btn btn-link" onClick={close}>
          {t('common.close')}
        </button>
      </div>
      {items.length === 0 ? (
        <p>{t('wishlist.empty')}</p>
      ) : (
        <SavedProductList
          items={items}
          onRemove={wishlist.remove}
          removeLabel={(name) => t('wishlist.remove', { name })}
          onNavigate={close}
        />
      )}
      <p>
        <Link to={localizedPath(t.storeCode, '/wishlist')} className="btn" onClick={close}>
          {t('wishlist.viewAll')}
        </Link>
      </p>
    </Drawer>
  );
}
