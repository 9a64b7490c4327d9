import {
  gradeFacts,
  gradeLadderFacts,
  gradeSettingsOf,
  gradeTitle,
  staticPagePath,
  GRADE_KEYS,
  type GradeFacts,
  type GradeKey,
} from '@vitrina/domain';
import { useT } from '../i18n';
import { Link } from '../lib/link';
import type { ShopInfo } from '../lib/shop-info';
import { GradeTitle } from './ui/GradeTitle';

/**
 * What the grades mean, from the domain's grade facts (one module: packages/domain/src/shop/grade-facts.ts)
 * with the warranty and the return period of the shop's settings (store-info `shop`): the "How we
 * grade" page, the home page's block and the product page's facts beside the price. Without the
 * settings (the read failed) no warranty or return period is stated.
 */

function ladder(store: Parameters<typeof gradeLadderFacts>[0], shop: ShopInfo | null | undefined) {
  const settings = gradeSettingsOf(shop);
  // without the settings the page still explains the grades; the promises are left out (null below)
  return settings
    ? gradeLadderFacts(store, settings).map((f) => ({ ...f, promised: true as const }))
    : GRADE_KEYS.map((key) => ({
        ...gradeFacts(key, store, { warrantyMonths: {} as Record<GradeKey, number>, moneyBackDays: 0 }),
        promised: false as const,
      }));
}

function Battery({ facts }: { facts: GradeFacts }) {
  const t = useT();
  return (
    <>
      {facts.batteryMinPercent === null
        ? t('gradeInfo.batteryNone')
        : t('gradeInfo.batteryMin', { percent: facts.batteryMinPercent })}
    </>
  );
}

/** The "How we grade" page's body: per grade what it looks like, what is checked, battery, box, terms. */
export function HowWeGrade({ shop }: { shop: ShopInfo | null | undefined }) {
  const t = useT();
  const grades = ladder(t.storeCode, shop);
  // what every refurbished grade shares (the checks, the box) is said once, above the grades
  const shared = grades.find((g) => g.key !== 'new');
  const same = (g: GradeFacts, field: 'tested' | 'inTheBox') =>
    shared && g.key !== 'new' && g[field] === shared[field];
  return (
    <div className="grade-guide">
      <p className="grade-guide-intro">{t('gradeInfo.intro')}</p>
      {shared ? (
        <section className="grade-guide-shared" id="refurbished" aria-labelledby="grade-guide-shared-title">
          <h2 id="grade-guide-shared-title">{t('gradeInfo.sharedTitle')}</h2>
          <dl className="grade-guide-facts">
            <dt>{t('gradeInfo.tested')}</dt>
            <dd>{shared.tested}</dd>
            <dt>{t('gradeInfo.box')}</dt>
            <dd>{shared.inTheBox}</dd>
          </dl>
        </section>
      ) : null}
      <ol className="grade-guide-list">
        {grades.map((g) => (
          <li key={g.key} id={`grade-${g.key}`} className="grade-guide-item">
            <h2 className="grade-guide-title">
              <GradeTitle grade={g.key} />
            </h2>
            <dl className="grade-guide-facts">
              <dt>{t('gradeInfo.looks')}</dt>
              <dd>{g.looks}</dd>
              <dt>{t('gradeInfo.tested')}</dt>
              <dd>{same(g, 'tested') ? <a href="#refurbished">{t('gradeInfo.sharedRef')}</a> : g.tested}</dd>
              <dt>{t('gradeInfo.battery')}</dt>
              <dd>
                <Battery facts={g} />
              </dd>
              <dt>{t('gradeInfo.box')}</dt>
              <dd>
                {same(g, 'inTheBox') ? <a href="#refurbished">{t('gradeInfo.sharedRef')}</a> : g.inTheBox}
              </dd>
              {g.promised ? (
                <>
                  <dt>{t('gradeInfo.warranty')}</dt>
                  <dd>{t('gradeInfo.months', { months: g.warrantyMonths })}</dd>
                  <dt>{t('gradeInfo.returns')}</dt>
                  <dd>{t('gradeInfo.days', { days: g.returnDays })}</dd>
                </>
              ) : null}
            </dl>
          </li>
        ))}
      </ol>
      <p className="muted grade-guide-note">{t('gradeInfo.note')}</p>
    </div>
  );
}

/** The home page's block: one tile per grade (badge, words, warranty, battery) and the page's link. */
export function GradeHomeBlock({ shop }: { shop: ShopInfo | null | undefined }) {
  const t = useT();
  const grades = ladder(t.storeCode, shop);
  const page = staticPagePath('how-we-grade', t.storeCode);
  return (
    <section className="grade-home" aria-labelledby="grade-home-title">
      <div className="grade-home-head">
        <h2 id="grade-home-title">{t('gradeInfo.homeTitle')}</h2>
        <p className="muted">{t('gradeInfo.homeText')}</p>
      </div>
      <ul className="grade-home-tiles">
        {grades.map((g) => (
          <li key={g.key}>
            <Link to={`${page}#grade-${g.key}`} className="grade-home-tile">
              <GradeTitle grade={g.key} />
              <span className="grade-home-looks">{g.looks}</span>
              <span className="grade-home-terms muted">
                {[
                  g.promised ? t('gradeInfo.homeWarranty', { months: g.warrantyMonths }) : null,
                  g.batteryMinPercent !== null
                    ? t('gradeInfo.batteryShort', { percent: g.batteryMinPercent })
                    : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="grade-home-more">
        <Link to={page}>{t('gradeInfo.link')} →</Link>
      </p>
    </section>
  );
}

/**
 * The product page's facts of the chosen grade, beside its price: the grade, how it looks, the
 * battery's least health, the warranty and returns (the settings'), and the page's link.
 */
export function GradeFactsBox({ grade, shop }: { grade: GradeKey; shop: ShopInfo | null | undefined }) {
  const t = useT();
  const settings = gradeSettingsOf(shop);
  const facts = gradeFacts(
    grade,
    t.storeCode,
    settings ?? { warrantyMonths: {} as Record<GradeKey, number>, moneyBackDays: 0 },
  );
  // compact: the grade itself is named just above, by the title and the price
  const terms = [
    facts.batteryMinPercent !== null
      ? t('gradeInfo.batteryShort', { percent: facts.batteryMinPercent })
      : null,
    settings ? t('product.warranty', { months: facts.warrantyMonths }) : null,
    settings ? t('product.returns', { days: facts.returnDays }) : null,
  ].filter((x): x is string => x !== null);
  return (
    <aside className="grade-facts" aria-label={gradeTitle(grade, t.storeCode)} data-grade={grade}>
      <p className="grade-facts-looks">{facts.looks}</p>
      <p className="grade-facts-terms">
        {terms.map((term, i) => (
          <span key={term} className="grade-facts-term">
            {i > 0 ? <span aria-hidden="true"> · </span> : null}
            {term}
          </span>
        ))}
      </p>
      <Link to={`${staticPagePath('how-we-grade', t.storeCode)}#grade-${grade}`} className="grade-facts-link">
        {t('gradeInfo.link')}
      </Link>
    </aside>
  );
}
