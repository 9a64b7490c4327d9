import { memo, Suspense, lazy, useState } from 'react';
import { useT } from '../../../i18n';
import { imageUrl } from '../../../lib/urls';
import { withWholeSheet } from '../../../inline-styles';

/** The zoom view is code-split: only a shopper who opens it loads it. */
const ImageZoom = lazy(() => withWholeSheet(import('./ImageZoom')).then((m) => ({ default: m.ImageZoom })));

/**
 * The product's images (the chosen variant's only: domain variantImages): one large image in a fixed
 * square (no layout shift when it changes), thumbnails to switch, and a button around the large image
 * that opens the zoom view.
 */
export const Gallery = memo(function Gallery({
  name,
  images,
  alts = {},
}: {
  name: string;
  images: string[];
  /** the alt text staff gave an image (per store view), by image; the product's name otherwise */
  alts?: Record<string, string>;
}) {
  const t = useT();
  const [index, setIndex] = useState(0);
  const [zoom, setZoom] = useState(false);
  const at = Math.min(index, Math.max(images.length - 1, 0));
  const src = imageUrl(images[at], 452, 452);
  return (
    <div className="gallery">
      {src ? (
        <button
          type="button"
          className="gallery-main"
          onClick={() => setZoom(true)}
          aria-label={t('product.zoom')}
        >
          <img
            src={src}
            width={452}
            height={452}
            alt={alts[images[at] ?? ''] ?? name}
            fetchPriority="high"
            loading="eager"
            decoding="async"
          />
          <span className="gallery-zoom-hint" aria-hidden="true">
            ⤢
          </span>
        </button>
      ) : (
        <span className="img-placeholder img-large" />
      )}
      {images.length > 1 ? (
        <ul className="thumbs" aria-label={t('product.images')}>
          {images.map((img, i) => (
            <li key={img}>
              <button
                type="button"
                aria-pressed={i === at}
                aria-label={t('product.showImage', { n: i + 1 })}
                onClick={() => setIndex(i)}
              >
                <img
                  src={imageUrl(img, 150, 150) ?? ''}
                  width={75}
                  height={75}
                  alt=""
                  loading="lazy"
                  // low: Chromium raises an image in the viewport to high once it has laid the page
                  // out, and on Lighthouse's phone a thumbnail asked at high before the large image
                  // had painted joined the simulated largest paint (~0.92 s against ~0.77 s)
                  fetchPriority="low"
                  decoding="async"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {zoom ? (
        <Suspense fallback={null}>
          <ImageZoom
            name={name}
            images={images}
            index={at}
            onIndex={setIndex}
            onClose={() => setZoom(false)}
          />
        </Suspense>
      ) : null}
    </div>
  );
});
