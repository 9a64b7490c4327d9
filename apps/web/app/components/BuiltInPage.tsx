import { localizedPath, staticPagePath } from '@vitrina/domain';
import { useOtherPagesT } from '../i18n/other-pages';
import { Link } from '../lib/link';
import type { StoreInfo } from '../lib/types';
import { HowWeGrade } from './GradeGuide';

/**
 * The static pages the shop's code writes (domain BUILT_IN_STATIC_PAGES): the accessibility
 * statement, with the shop's contact e-mail from its configured details (store-info), and how
 * reviews are checked. Their text says what the shop does, so it lives beside the code that does it.
 */
export function BuiltInPage({
  identifier,
  info,
}: {
  identifier: string;
  info: StoreInfo | null | undefined;
}) {
  const t = useOtherPagesT();
  if (identifier === 'accessibility') {
    const email = info?.company.email;
    return (
      <>
        <p>{t('a11y.intro', { shop: info?.company.name || t('site.name') })}</p>
        <h2>{t('a11y.standardHeading')}</h2>
        <p>{t('a11y.standard')}</p>
        <h2>{t('a11y.limitsHeading')}</h2>
        <p>{t('a11y.limits')}</p>
        <h2>{t('a11y.contactHeading')}</h2>
        {email ? (
          <p className="a11y-contact">
            {t('a11y.contact', { email: '\u0000' })
              .split('\u0000')
              .flatMap((part, i) =>
                i === 0
                  ? [part]
                  : [
                      <a key="email" href={`mailto:${email}`}>
                        {email}
                      </a>,
                      part,
                    ],
              )}
          </p>
        ) : (
          <p className="a11y-contact">
            <Link to={staticPagePath('contact-us', t.storeCode)}>{t('a11y.contactPage')}</Link>
          </p>
        )}
        <p>{t('a11y.authority')}</p>
        <p className="muted">{t('a11y.date')}</p>
      </>
    );
  }
  if (identifier === 'how-we-grade') return <HowWeGrade shop={info?.shop} />;
  if (identifier === 'how-reviews-are-checked') {
    return (
      <>
        <p>{t('reviewsInfo.who')}</p>
        <p>{t('reviewsInfo.verified')}</p>
        <p>{t('reviewsInfo.order')}</p>
        <p>{t('reviewsInfo.all')}</p>
        <p>
          <Link to={localizedPath(t.storeCode, '/')}>{t('common.backHome')}</Link>
        </p>
      </>
    );
  }
  return null;
}
