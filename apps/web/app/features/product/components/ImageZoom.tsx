import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useOtherPagesT } from '../../../i18n/other-pages';
import { imageUrl } from '../../../lib/urls';

/** The large image's size: sharp enough for a 2× zoom on a desktop screen. */
const ZOOM_SIZE = 1200;

/**
 * The zoom view: a modal dialog (the browser's own: focus stays inside, Escape closes) with the image
 * at 1200 px. The image is a toggle button: pressed, it is shown at twice the width in a scrolling
 * frame, so a finger or the scroll wheel pans it; the arrow keys go to the previous or next image.
 */
export function ImageZoom({
  name,
  images,
  index,
  onIndex,
  onClose,
}: {
  name: string;
  images: string[];
  index: number;
  onIndex: (i: number) => void;
  onClose: () => void;
}) {
  const t = useOtherPagesT();
  const dialog = useRef<HTMLDialogElement>(null);
  const [zoomed, setZoomed] = useState(false);
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal?.();
    return () => d?.close?.();
  }, []);
  const go = (step: number) => {
    setZoomed(false);
    onIndex((index + step + images.length) % images.length);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (images.length < 2) return;
    if (e.key === 'ArrowLeft') go(-1);
    else if (e.key === 'ArrowRight') go(1);
  };
  const title = t('product.zoomTitle', { name, n: index + 1, total: images.length });
  return (
    <dialog ref={dialog} className="zoom-dialog" aria-label={title} onClose={onClose} onKeyDown={onKeyDown}>
      <div className="zoom-head">
        <p className="zoom-title">{title}</p>
        <button type="button" className="btn" onClick={() => dialog.current?.close()}>
          {t('product.zoomClose')}
        </button>
      </div>
      <div className={zoomed ? 'zoom-frame zoomed' : 'zoom-frame'}>
        <button
          type="button"
          className="zoom-toggle"
          aria-pressed={zoomed}
          aria-label={t('product.zoomToggle')}
          onClick={() => setZoomed(!zoomed)}
        >
          <img
            src={imageUrl(images[index], ZOOM_SIZE, ZOOM_SIZE) ?? ''}
            width={ZOOM_SIZE}
            height={ZOOM_SIZE}
            alt={name}
          />
        </button>
      </div>
      {images.length > 1 ? (
        <div className="zoom-nav">
          <button type="button" className="btn" onClick={() => go(-1)}>
            ‹ {t('product.prevImage')}
          </button>
          <button type="button" className="btn" onClick={() => go(1)}>
            {t('product.nextImage')} ›
          </button>
        </div>
      ) : null}
    </dialog>
  );
}
