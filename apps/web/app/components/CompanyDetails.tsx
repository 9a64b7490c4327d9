import { useT } from '../i18n';
import type { StoreInfo } from '../lib/types';
import { Badge } from './ui/Badge';

/**
 * The seller's details from configuration (SHOP_COMPANY_* settings, store-info); a line whose setting
 * is empty is left out; demo details say so. Shown in the footer and on the contact page.
 */
export function CompanyDetails({
  company,
  headingId,
  headingLevel = 2,
}: {
  company: StoreInfo['company'];
  /** the heading's id (the section is labelled by it): unique on the page */
  headingId: string;
  headingLevel?: 2 | 3;
}) {
  const t = useT();
  const lines = [
    company.name ? <strong key="name">{company.name}</strong> : null,
    company.companyCode ? (
      <span key="code">{t('footer.companyCode', { code: company.companyCode })}</span>
    ) : null,
    company.vatCode ? <span key="vat">{t('footer.vatCode', { code: company.vatCode })}</span> : null,
    company.address ? <span key="address">{company.address}</span> : null,
    company.phone ? (
      <span key="phone">
        {t('footer.phone')} <a href={`tel:${company.phone.replace(/[^+\d]/g, '')}`}>{company.phone}</a>
      </span>
    ) : null,
    company.email ? (
      <span key="email">
        {t('footer.email')} <a href={`mailto:${company.email}`}>{company.email}</a>
      </span>
    ) : null,
  ].filter(Boolean);
  if (lines.length === 0) return null;
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <section aria-labelledby={headingId} className="company-details">
      <Heading id={headingId}>{t('footer.company')}</Heading>
      {company.demo ? <Badge tone="demo">{t('footer.demoCompany')}</Badge> : null}
      <address className="company">
        {lines.map((line, i) => (
          <p key={i}>{line}</p>
        ))}
      </address>
    </section>
  );
}
