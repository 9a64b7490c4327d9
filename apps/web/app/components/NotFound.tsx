import { localizedPath } from '@vitrina/domain';
import { Link } from '../lib/link';
import { useT } from '../i18n';
import { WayOn } from './WayOn';

/** The 404 page body. */
export function NotFound() {
  const t = useT();
  return (
    <section className="not-found">
      <h1>{t('error.notFoundTitle')}</h1>
      <p>{t.msg('error.notFound')}</p>
      <p className="muted">{t('wayOn.notFoundHelp')}</p>
      <WayOn search />
      <p>
        <Link to={localizedPath(t.storeCode, '/')} className="btn">
          {t('common.backHome')}
        </Link>
      </p>
    </section>
  );
}
