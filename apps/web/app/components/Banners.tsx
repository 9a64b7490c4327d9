import { useRef } from 'react';
import { Link } from '../lib/link';
import { useT } from '../i18n';
import { retryImage } from '../lib/image-retry';
import type { Banner } from '../lib/types';
import { imageUrl } from '../lib/urls';

/** Banner images are 8:3; the image service fits them inside the asked square. */
function bannerSrcSet(image: string): string {
  return [400, 800, 1600].map((w) => `${imageUrl(image, w, w)} ${w}w`).join(', ');
}

/**
 * An internal banner link goes through the router; an absolute one is a plain link. A banner that is
 * not the page's largest image asks at low priority: Chromium raises an image it finds in the viewport
 * to high once it has laid the page out, and when it did so for the slider's other slides (it counts
 * a slide beside the track's visible one as in the viewport) or the main banner below the slider
 * before the first slide had painted, that request joined Lighthouse's simulated largest paint on a
 * connection of its own: 0.99-1.0 s against ~0.77 s.
 */
function BannerLink({
  banner,
  className,
  eager = false,
  sizes,
}: {
  banner: Banner;
  className: string;
  /** the page's largest image: loaded at once, at high priority; every other banner lazily, at low */
  eager?: boolean;
  sizes: string;
}) {
  const t = useT();
  const img = (
    <img
      src={imageUrl(banner.image, 800, 800) ?? ''}
      srcSet={bannerSrcSet(banner.image)}
      sizes={sizes}
      width={800}
      height={300}
      alt=""
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'low'}
      decoding="async"
      onError={retryImage}
    />
  );
  // every banner carries its words on the art (a scrim keeps them readable on any picture): the
  // title, and the call to action where staff gave one (the whole banner is the link: the button
  // text only says where it goes). The demo catalogue's banners (pictures in the demo media folder
  // the demo generator writes) are labelled as examples, like the demo news.
  const words = (
    <span className="banner-words">
      {isDemoBanner(banner) ? <span className="banner-demo">{t('banners.demo')}</span> : null}
      <span className="banner-title">{banner.title}</span>
      {banner.cta ? <span className="banner-cta">{banner.cta}</span> : null}
    </span>
  );
  const body = (
    <>
      {img}
      {words}
    </>
  );
  return /^https?:\/\//.test(banner.link) ? (
    <a className={className} href={banner.link}>
      {body}
    </a>
  ) : (
    <Link className={className} to={banner.link} prefetch="intent">
      {body}
    </Link>
  );
}

/** a banner of the seeded demo catalogue: its picture is in the demo media folder */
export function isDemoBanner(banner: Pick<Banner, 'image'>): boolean {
  return banner.image.startsWith('/demo/');
}

/** Banners sorted by their position (the shop data's order). */
export function byPosition(list: readonly Banner[]): Banner[] {
  return [...list].sort((a, b) => a.position - b.position || a.id - b.id);
}

/**
 * The home page's slider: slides side by side with scroll snapping, previous/next buttons that
 * scroll one slide (keyboard-usable), the first slide eager when it heads the page (`eagerFirst`:
 * it is then the page's largest image), lazy like the others when the slider sits lower.
 */
export function Slider({ slides, eagerFirst = true }: { slides: Banner[]; eagerFirst?: boolean }) {
  const t = useT();
  const track = useRef<HTMLUListElement>(null);
  if (!slides.length) return null;
  const scroll = (dir: 1 | -1) => {
    const el = track.current;
    if (el) el.scrollBy({ left: dir * el.clientWidth, behavior: 'smooth' });
  };
  return (
    <section className="slider" aria-roledescription="carousel" aria-label={t('banners.slider')}>
      <ul ref={track} className="slider-track">
        {byPosition(slides).map((s, i) => (
          <li key={s.id} aria-roledescription="slide" aria-label={`${i + 1} / ${slides.length}`}>
            <BannerLink banner={s} className="slide" eager={eagerFirst && i === 0} sizes="100vw" />
          </li>
        ))}
      </ul>
      {slides.length > 1 ? (
        <div className="slider-controls">
          <button type="button" className="btn" onClick={() => scroll(-1)}>
            <span aria-hidden="true">‹</span> <span className="sr-only">{t('banners.previous')}</span>
          </button>
          <button type="button" className="btn" onClick={() => scroll(1)}>
            <span aria-hidden="true">›</span> <span className="sr-only">{t('banners.next')}</span>
          </button>
        </div>
      ) : null}
    </section>
  );
}

/**
 * Main and small banners (the first of `banners` by position is the main one, the rest and the
 * `small` banners are small), or a multi-banner row.
 */
export function BannerGrid({
  banners,
  small = [],
  label,
  multi = false,
}: {
  banners: Banner[];
  small?: Banner[];
  label: string;
  multi?: boolean;
}) {
  if (!banners.length && !small.length) return null;
  const [main, ...rest] = byPosition(banners);
  const list = multi ? byPosition(banners) : [...(main ? [main] : []), ...rest, ...byPosition(small)];
  const isMain = (i: number) => !multi && i === 0 && main !== undefined;
  return (
    <section className={multi ? 'banners banners-multi' : 'banners'} aria-label={label}>
      <ul>
        {list.map((b, i) => (
          <li key={`${b.id}-${i}`} className={isMain(i) ? 'banner-main' : 'banner-small'}>
            <BannerLink
              banner={b}
              className="banner"
              sizes={isMain(i) ? '(min-width: 900px) 50vw, 100vw' : '(min-width: 900px) 25vw, 50vw'}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The home page's head image: decorative, the first by position, eager (it heads the page). */
export function HeadImage({ images }: { images: Banner[] }) {
  const [head] = byPosition(images);
  if (!head) return null;
  return (
    <img
      className="head-image"
      src={imageUrl(head.image, 1600, 1600) ?? ''}
      srcSet={bannerSrcSet(head.image)}
      sizes="100vw"
      width={1600}
      height={600}
      alt=""
      loading="eager"
      decoding="async"
      onError={retryImage}
    />
  );
}

/** A banner as a tile of the product grid (category banners at their position). */
export function BannerTile({ banner }: { banner: Banner }) {
  return (
    <li className="card card-banner">
      {/* the tile shows under half of the art's width (its right, where the drawing is): over twice
          the card's width is asked for, so the part shown is as sharp as a product's picture */}
      <BannerLink banner={banner} className="banner" sizes="(min-width: 900px) 35vw, 60vw" />
    </li>
  );
}
