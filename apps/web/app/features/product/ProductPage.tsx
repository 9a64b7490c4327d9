import { memo, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { BannerGrid } from '../../components/Banners';
import { BackToList } from '../../components/BackToList';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { JsonLd } from '../../components/JsonLd';
import { Price } from '../../components/Price';
import { ProductReviews } from '../../components/ProductReviews';
import { RelatedProducts } from '../../components/RelatedProducts';
import { SaveButtons } from '../../components/SaveButtons';
import { HydrateLater } from '../../components/ui/HydrateLater';
import { GradeBadge } from '../../components/ui/GradeBadge';
import { GradeTitle } from '../../components/ui/GradeTitle';
import { GradeFactsBox } from '../../components/GradeGuide';
import { StockLine } from '../../components/ui/StockLine';
import { useT } from '../../i18n';
import { addRecentlyViewed } from '../../state/recently-viewed';
import { BuyBox } from './components/BuyBox';
import { DecisionFacts } from './components/DecisionFacts';
import { Gallery } from './components/Gallery';
import { OptionPicker } from './components/OptionPicker';
import { Specifications } from './components/Specifications';
import { StockAlert } from './components/StockAlert';
import {
  useBuyModel,
  useGradeImages,
  useGradeJsonLd,
  useGradeView,
  useProductPage,
  type ProductBase,
  type ProductPageData,
} from './hooks/use-product-page';
import { useProductSidebar } from './hooks/use-product-sidebar';
import { ProductSidebar } from './components/ProductSidebar';
import { ProductName } from '../../components/ui/ProductName';

/**
 * The product page (catalogue-and-cart.md §4): the gallery, the buy box (price, options, stock,
 * quantity or the grouped and bundle pickers, the back-in-stock request, the decision facts), the
 * specifications and description, banners, related products and reviews, and the structured data.
 * The state, calls and rules are useProductPage's; this only renders them.
 *
 * A grade choice renders only the parts that show the grade (the Graded* components below, each
 * reading the choice's store through useGradeView): the page, its column's shell, the title, the
 * description and the lower parts do not render.
 */
export function ProductPage(data: ProductPageData) {
  const t = useT();
  const page = useProductPage(data);
  const sidebar = useProductSidebar();
  const { product, base } = page;
  const { trail } = data;
  // noted when the page opens, not when its reviews (hydrated later) come near the screen
  useEffect(() => {
    addRecentlyViewed(page.viewed);
    // Only when the product changes; its price or image may change with the variant.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page.viewed.sku]);
  // the same element across renders of the page: the deferred part's wrapper keeps its props too
  const bannersLabel = t('banners.multi');
  const categoryId = trail[trail.length - 1]?.id ?? null;
  const lower = useMemo(
    () => (
      <HydrateLater>
        <LowerParts
          banners={data.banners}
          bannersLabel={bannersLabel}
          product={data.product}
          categoryId={categoryId}
        />
      </HydrateLater>
    ),
    [data.banners, bannersLabel, data.product, categoryId],
  );
  const configured = page.opened.configured;
  return (
    <article className="product" data-route={data.routeName}>
      <BackToList />
      <Breadcrumbs trail={trail} current={{ name: product.name, path: page.path }} origin={data.origin} />
      <div className="product-main">
        <GradedGallery base={base} name={product.name} />
        <div
          className="product-info"
          data-configured={configured ? String(configured.is_configured) : undefined}
        >
          <h1>
            <ProductName name={product.name} />
          </h1>
          <GradedColumn base={base} brand={product.brand} />
          <p>
            <button
              type="button"
              className="btn btn-link product-sidebar-open"
              aria-haspopup="dialog"
              aria-controls="product-sidebar"
              aria-expanded={sidebar.open}
              onClick={sidebar.show}
            >
              {t('product.sidebarOpen')}
            </button>
          </p>
          <SaveButtons product={product} />
        </div>
        <div className="product-details">
          <GradedSpecifications base={base} />
          {page.description ? (
            <Description text={page.description} heading={t('product.description')} />
          ) : null}
        </div>
      </div>
      {lower}
      <GradedSidebarAndData base={base} description={page.description} />
    </article>
  );
}

/** The gallery of the grade shown: a new one (the first picture, no zoom) when the pictures change. */
const GradedGallery = memo(function GradedGallery({ base, name }: { base: ProductBase; name: string }) {
  const { images, imagesKey, imageAlts } = useGradeImages(base);
  return <Gallery key={imagesKey} name={name} images={images} alts={imageAlts} />;
});

/**
 * The column's run that shows the grade, between the title and the sidebar's button: the sku, the
 * grade's title, the price, the grade's facts, the pickers, the stock line, the buy box, the
 * back-in-stock request and the decision facts. Holds the quantity across grade choices.
 */
const GradedColumn = memo(function GradedColumn({
  base,
  brand,
}: {
  base: ProductBase;
  brand: string | null | undefined;
}) {
  const t = useT();
  const view = useGradeView(base);
  const model = useBuyModel(base, view);
  const { product, box, shown } = view;
  const { variant } = shown;
  const { data } = base;
  // the column's mark of a chosen variant (the server's is the grade the page opened on)
  const ids = useRef<HTMLParagraphElement>(null);
  const configured = box.configured ? String(box.configured.is_configured) : null;
  useLayoutEffect(() => {
    const column = ids.current?.closest('.product-info');
    if (!column) return;
    if (configured === null) column.removeAttribute('data-configured');
    else if (column.getAttribute('data-configured') !== configured)
      column.setAttribute('data-configured', configured);
  }, [configured]);
  return (
    <>
      <p className="muted product-ids" ref={ids}>
        {t('product.sku', { sku: box.sku })}
        {brand ? <> · {t('product.brand', { brand })}</> : null}
      </p>
      {/* the grade being bought, named by the title (the page opens on the cheapest child's) */}
      {box.grade ? (
        <p className="product-grade">
          <GradeTitle grade={box.grade} link />
        </p>
      ) : product.condition_label && !shown.configurable ? (
        <p className="product-grade">
          <GradeBadge label={product.condition_label} />
        </p>
      ) : null}
      <Price
        final={box.headerPrice.final}
        reference={box.headerPrice.reference}
        large
        sku={box.headerPrice.sku}
        querySku={product.sku}
        grade={model.priceGrade}
      />
      <p className="muted price-note">
        {t('product.inclTax')}
        {box.specialUntil ? ` · ${t('product.specialUntil', { date: box.specialUntil })}` : ''}
      </p>
      {box.grade ? <GradeFactsBox grade={box.grade} shop={base.shop} /> : null}
      {shown.configurable
        ? (product.configurable_options ?? []).map((option) => (
            <OptionPicker
              key={option.attribute_code}
              product={product}
              option={option}
              selected={shown.selected}
              current={variant}
              gradesInfo={data.gradesInfo}
              onChoose={base.choose}
            />
          ))
        : null}
      {box.noVariant ? <p className="field-error">{t.msg('variant.noneAvailable')}</p> : null}
      {/* one stock line; "Only 3 left" is a count of what is left, not a limit on what may be bought */}
      <StockLine level={box.stockLevel}>
        {box.stockLevel === 'out'
          ? t('product.outOfStock')
          : box.stockLevel === 'low'
            ? t('product.onlyLeft', { count: box.onlyLeft as number })
            : t('product.inStock')}
      </StockLine>
      <BuyBox model={model} linked={data.linked} />
      {/* with no variant available, the request is for the variant the price stands for (domain backInStockSku) */}
      {box.alertSku ? <StockAlert sku={box.alertSku} inStock={box.available} /> : null}
      <DecisionFacts facts={model.facts} />
    </>
  );
});

/** The specifications of the grade shown (its tables memoised on their rows: one row is the grade's). */
const GradedSpecifications = memo(function GradedSpecifications({ base }: { base: ProductBase }) {
  const { product, shown } = useGradeView(base);
  return <Specifications product={product} variant={shown.variant} attributes={base.data.attributes} />;
});

/**
 * The sidebar (rendered only while open) with the grade shown's specifications, and the structured
 * data: the product's part made once, the offer the grade shown's.
 */
const GradedSidebarAndData = memo(function GradedSidebarAndData({
  base,
  description,
}: {
  base: ProductBase;
  description: string;
}) {
  const view = useGradeView(base);
  const jsonLd = useGradeJsonLd(base, view);
  return (
    <>
      <ProductSidebar
        product={view.product}
        variant={view.shown.variant}
        attributes={base.data.attributes}
        description={description}
      />
      <JsonLd data={jsonLd} />
    </>
  );
});

/**
 * The description's paragraphs, memoised on its text (the same string across grade choices): a grade
 * does not give its elements new props. The heading comes from the page (no useT here: it reads the
 * location).
 */
const Description = memo(function Description({ text, heading }: { text: string; heading: string }) {
  return (
    <section aria-labelledby="description" className="description">
      <h2 id="description">{heading}</h2>
      {text.split('\n\n').map((para, i) => (
        <p key={i}>{para}</p>
      ))}
    </section>
  );
});

/**
 * The banners, related products and reviews, memoised on the route's own data, not the grade shown: a
 * grade choice or an add to the cart renders the page above them again, never them.
 * The related products read the product's links and sku, which a grade choice does not change.
 * No useT here: it reads the location, and would render the parts again at every navigation.
 * Hydrated later (HydrateLater): below the first screen, and the reviews' request waits for them.
 */
const LowerParts = memo(function LowerParts({
  banners,
  bannersLabel,
  product,
  categoryId,
}: {
  banners: ProductPageData['banners'];
  bannersLabel: string;
  product: ProductPageData['product'];
  categoryId: number | null;
}) {
  return (
    <>
      <BannerGrid banners={banners} label={bannersLabel} multi />
      <RelatedProducts product={product} categoryId={categoryId} />
      <ProductReviews productId={product.id} />
    </>
  );
});
