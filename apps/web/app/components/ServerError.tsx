import { localizedPath } from '@vitrina/domain';
import { useT } from '../i18n';

/**
 * The 500 page body (accounts-checkout-routes.md §2 "A 404 page and a 500 page exist"; §8 "Internal
 * Server Error 500", "Something went wrong. Try again in a few seconds."). A plain link home: the
 * page also renders when the router itself failed.
 */
export function ServerError({ message = null }: { message?: string | null } = {}) {
  const t = useT();
  return (
    <section className="not-found server-error">
      <h1>{t.msg('error.internal500')}</h1>
      {/* a route data error's own message, else the generic description */}
      <p>{message ?? t('error.pageDescription')}</p>
      <p>
        <a href={localizedPath(t.storeCode, '/')} className="btn btn-primary">
          {t('common.backHome')}
        </a>
      </p>
    </section>
  );
}
