/**
 * The product form's images (roles catalog and admin): the product's images and, for a
 * configurable product, each variant's own photos (a condition grade's: shown first when a shopper
 * chooses it). Per image: a thumbnail through the resize route, alt text per store view, move up or
 * down, delete; and an upload (JPEG, PNG or WebP). Every button is a plain form post to the images
 * action (routes/admin/product-images.tsx), so it all works without JavaScript; the forms sit
 * outside the product's own form (forms do not nest) and name the version the page was opened at.
 */
import { Form, useSearchParams } from 'react-router';
import { adminPath, adminT, type AdminLang } from './i18n';
import { imageUrl } from '../lib/urls';

const VIEWS = ['lt', 'en', 'ru'] as const;

export type FormImage = { image: string; label: Partial<Record<(typeof VIEWS)[number], string>> };

type Localized = Record<string, string>;

export type ImagesProduct = {
  sku: string;
  version: number;
  images?: FormImage[];
  image_upload_max_bytes?: number;
  children: { sku: string; attributes: Record<string, number | string>; images?: FormImage[] }[];
};

type GradeOptions = { code: string; options: { value: number; label: Localized }[] }[];

/** one list of images (the product's, or one variant's: `target` its sku) */
function ImageList({
  lang,
  action,
  version,
  target,
  images,
  heading,
  headingId,
  help,
  open,
}: {
  lang: AdminLang;
  action: string;
  version: number;
  target: string;
  images: FormImage[];
  heading: string;
  headingId: string;
  help?: string;
  /** a variant's list is folded (a product may have a dozen variants) unless it is the one just changed */
  open?: boolean;
}) {
  const t = adminT(lang);
  return (
    <details className="admin-images" open={open === undefined ? true : open}>
      <summary>
        <h3 id={headingId}>
          {heading} <span className="admin-hint">({images.length})</span>
        </h3>
      </summary>
      {help ? <p className="admin-hint">{help}</p> : null}
      {images.length === 0 ? (
        <p>{t('images.none')}</p>
      ) : (
        <Form method="post" action={action} reloadDocument>
          <input type="hidden" name="version" value={version} />
          <input type="hidden" name="target" value={target} />
          <input type="hidden" name="count" value={images.length} />
          <ol className="admin-image-list">
            {images.map((img, i) => (
              <li key={img.image}>
                <img
                  src={imageUrl(img.image, 150, 150) ?? ''}
                  width={96}
                  height={96}
                  alt={img.label[lang] || t('images.number', { n: i + 1 })}
                  loading="lazy"
                />
                <input type="hidden" name={`image_${i}`} value={img.image} />
                <div className="admin-image-alts">
                  {VIEWS.map((v) => (
                    <label key={v}>
                      {t('images.alt', { view: v.toUpperCase() })}
                      <input
                        name={`alt_${i}_${v}`}
                        lang={v}
                        maxLength={200}
                        defaultValue={img.label[v] ?? ''}
                      />
                    </label>
                  ))}
                </div>
                <div className="admin-image-buttons">
                  <button
                    type="submit"
                    name="intent"
                    value={`up:${i}`}
                    className="secondary"
                    disabled={i === 0}
                    aria-label={`${t('images.up')}: ${t('images.number', { n: i + 1 })}`}
                  >
                    ↑ <span className="admin-image-button-text">{t('images.up')}</span>
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value={`down:${i}`}
                    className="secondary"
                    disabled={i === images.length - 1}
                    aria-label={`${t('images.down')}: ${t('images.number', { n: i + 1 })}`}
                  >
                    ↓ <span className="admin-image-button-text">{t('images.down')}</span>
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value={`delete:${i}`}
                    className="secondary admin-danger"
                    aria-label={`${t('images.delete')}: ${t('images.number', { n: i + 1 })}`}
                  >
                    {t('images.delete')}
                  </button>
                </div>
              </li>
            ))}
          </ol>
          <p>
            <button type="submit" name="intent" value="alts">
              {t('images.saveAlts')}
            </button>
          </p>
        </Form>
      )}
      <Form
        method="post"
        action={action}
        encType="multipart/form-data"
        reloadDocument
        className="admin-image-upload"
      >
        <input type="hidden" name="version" value={version} />
        <input type="hidden" name="target" value={target} />
        <input type="hidden" name="intent" value="upload" />
        <label>
          {t('images.file')}
          <input type="file" name="file" accept="image/jpeg,image/png,image/webp" required />
        </label>
        <div className="admin-image-alts">
          {VIEWS.map((v) => (
            <label key={v}>
              {t('images.alt', { view: v.toUpperCase() })}
              <input name={`alt_${v}`} lang={v} maxLength={200} />
            </label>
          ))}
        </div>
        <p>
          <button type="submit">{t('images.upload')}</button>
        </p>
      </Form>
    </details>
  );
}

/** the images section of a saved product (a new product has none until it is created) */
export function ProductImages({
  lang,
  product,
  attributes,
}: {
  lang: AdminLang;
  product: ImagesProduct;
  /** the attributes with options: a variant is named by its condition grade (else its other options) */
  attributes: GradeOptions;
}) {
  const t = adminT(lang);
  const [params] = useSearchParams();
  const action = adminPath(lang, `/products/${encodeURIComponent(product.sku)}/images`);
  const maxMb = Math.round((product.image_upload_max_bytes ?? 10 * 1024 * 1024) / (1024 * 1024));
  const gradeOf = (attrs: Record<string, number | string>) => {
    const names: string[] = [];
    for (const code of ['condition', ...attributes.map((a) => a.code).filter((c) => c !== 'condition')]) {
      const a = attributes.find((x) => x.code === code);
      const o = a?.options.find((x) => String(x.value) === String(attrs[code]));
      if (o) names.push(o.label[lang] ?? o.label.lt ?? String(o.value));
      if (names.length === 2) break;
    }
    return names.join(', ') || '—';
  };
  const error = params.get('image_error');
  return (
    <section id="images" className="admin-images-section" aria-labelledby="images-title">
      <h2 id="images-title">{t('images.title')}</h2>
      <p className="admin-hint">{t('images.help', { max: maxMb })}</p>
      {params.get('images') === 'saved' && !error ? (
        <p className="admin-note" role="status">
          {t('images.saved')}
        </p>
      ) : null}
      {error ? (
        <p className="admin-alert" role="alert">
          {error}
        </p>
      ) : null}
      <ImageList
        lang={lang}
        action={action}
        version={product.version}
        target=""
        images={product.images ?? []}
        heading={t('images.product')}
        headingId="images-product"
      />
      {product.children.map((c, i) => (
        <ImageList
          key={c.sku}
          lang={lang}
          action={action}
          version={product.version}
          target={c.sku}
          images={c.images ?? []}
          heading={t('images.child', { sku: c.sku, grade: gradeOf(c.attributes) })}
          headingId={`images-child-${i}`}
          help={t('images.childHelp')}
          open={params.get('target') === c.sku}
        />
      ))}
    </section>
  );
}
