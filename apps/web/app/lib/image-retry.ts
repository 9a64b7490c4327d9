import type { SyntheticEvent } from 'react';

/** Lazy-load attempts per image (catalogue-and-cart.md §9 "Lazy-load attempts 2"). */
export const IMAGE_LOAD_ATTEMPTS = 2;

/**
 * `onError` of a lazily loaded image: tries again (a fresh request) until IMAGE_LOAD_ATTEMPTS
 * loads have failed, then leaves the image as it is. The preload margin is the browser's native
 * lazy loading (`loading="lazy"`), which starts loads well before the image enters the screen.
 */
export function retryImage(e: SyntheticEvent<HTMLImageElement>) {
  const img = e.currentTarget;
  const attempt = Number(img.dataset.attempt ?? '1');
  if (attempt >= IMAGE_LOAD_ATTEMPTS) return;
  img.dataset.attempt = String(attempt + 1);
  const url = new URL(img.currentSrc || img.src, window.location.href);
  url.searchParams.set('attempt', String(attempt + 1));
  img.removeAttribute('srcset');
  img.src = url.pathname + url.search;
}
