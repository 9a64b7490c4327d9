import { memo, useEffect, useMemo } from 'react';
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
import { useProductPage, type ProductPageData } from './hooks/use-product-page';
import { useProductSidebar } from './hooks/use-product-sidebar';
import { ProductSidebar } from './components/ProductSidebar';
import { ProductName } from '../../components/ui/ProductName';

/**
 * The product page (catalogue-and-cart.md §4): the gallery, the buy box (price, options, stock,
 * quantity or the grouped and bundle pickers, the back-in-stock request, the decision facts), the
 * specifications and description, banners, related products and reviews, and the structured data.
 * The state, calls and rules are useProductPage's; this only renders them.
 */
export function ProductPage(data: ProductPageData) {
  const t = useT();
  const model = useProductPage(data);
  const sidebar = useProductSidebar();
  const { product, box, shown } = model;
  const { variant } = shown;
  const { trail } = data;
  // noted when the page opens, not when its reviews (hydrated later) come near the screen
  useEffect(() => {
    addRecentlyViewed(model.viewed);
    // Only when the product changes; its price or image may change with the variant.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [model.viewed.sku]);
  // the same element across grade choices: the deferred part's wrapper keeps its props too
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
  return (
    <article className="product" data-route={data.routeName}>
      <BackToList />
      <Breadcrumbs trail={trail} current={{ name: product.name, path: model.path }} origin={data.origin} />
      <div className="product-main">
        {/* a new gallery (the first picture, no zoom) when the pictures change, not at every grade */}
        <Gallery key={model.imagesKey} name={product.name} images={model.images} alts={model.imageAlts} />
        <div
          className="product-info"
          data-configured={box.configured ? String(box.configured.is_configured) : undefined}
        >
          <h1>
            <ProductName name={product.name} />
          </h1>
          <p className="muted product-ids">
            {t('product.sku', { sku: box.sku })}
            {product.brand ? <> · {t('product.brand', { brand: product.brand })}</> : null}
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
          {box.grade ? <GradeFactsBox grade={box.grade} shop={model.shop} /> : null}
          {shown.configurable
            ? (product.configurable_options ?? []).map((option) => (
                <OptionPicker
                  key={option.attribute_code}
                  product={product}
                  option={option}
                  selected={shown.selected}
                  current={variant}
                  gradesInfo={data.gradesInfo}
                  onChoose={model.choose}
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
          <Specifications product={product} variant={variant} attributes={data.attributes} />
          {model.description ? (
            <Description text={model.description} heading={t('product.description')} />
          ) : null}
        </div>
      </div>
      {lower}
      <ProductSidebar
        product={product}
        variant={variant}
        attributes={data.attributes}
        description={model.description}
      />
      <JsonLd data={model.jsonLd} />
    </article>
  );
}

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
