import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useParams } from 'react-router';
import { whenIdle } from './idle';
import { pageOfPath } from './urls';
import cyrillic from '../fonts/inter-cyrillic.woff2?url';
import latinExt from '../fonts/inter-latin-ext-a.woff2?url';
import latin from '../fonts/inter-latin.woff2?url';

/**
 * The self-hosted Inter (app/fonts/, SIL OFL 1.1: OFL.txt there), subset into three files that
 * fonts.css declares with unicode-range: latin, Latin Extended-A (ą č ę ė į š ų ū ž, Latvian ā ē ģ ī ķ
 * ļ ņ), cyrillic. Imported here so that the client build emits them as fingerprinted assets (served
 * as immutable, like the scripts) under the same names the inlined stylesheet's url()s get in the
 * server build.
 *
 * Inter is drawn only on a device that already holds the files. A first visit paints in 'Inter
 * Fallback' (fonts.css: a local Arial or Liberation Sans given Inter's width and vertical metrics,
 * so its lines break where Inter's do and the next page looks the same size) and downloads nothing
 * for text before its first paint: the font files, preloaded, competed with the document and the
 * first images on a phone's network (Lighthouse's largest paint 0.4–0.6 s later), and turning the
 * same page to Inter once they were in moved its content (CLS 0.24 on the search page):
 * docs/decisions/0057-inter-from-the-second-page-its-size-from-the-first.md. Once the page
 * has hydrated, the files are fetched (not applied) and the device remembers it; from then on the
 * inline script below marks `<html data-fonts>` before the first paint and styles.css draws Inter,
 * from the browser's cache, with `font-display: optional` (a file the cache has lost is not swapped
 * in later: no layout shift, ever). The page the files were fetched on turns to Inter at the
 * shopper's next navigation, which the shopper started, rather than under their eyes.
 */
const FONT_FILES = { latin, latinExt, cyrillic };

/** localStorage: the font files this device holds (their fingerprinted names change with them) */
const HELD_KEY = 'vitrina:fonts';
const HELD = Object.values(FONT_FILES).join(' ');

/** Inline in `<head>`, before the stylesheet (a nonce'd script: the page's CSP). */
export const WEB_FONTS_SCRIPT = `try{if(localStorage.getItem(${JSON.stringify(HELD_KEY)})===${JSON.stringify(HELD)})document.documentElement.dataset.fonts=""}catch(e){}`;

const fontsShown = () => document.documentElement.dataset.fonts !== undefined;

function fontsHeld(): boolean {
  try {
    return localStorage.getItem(HELD_KEY) === HELD;
  } catch {
    return false; // storage refused (a private mode): the system font, every page
  }
}

/**
 * Downloads the files without applying them (a FontFace not added to the document), one file per
 * idle moment: each load costs the main thread a few milliseconds (its request, and the font's
 * parsing), and the three at once, in the effect that runs as hydration ends, were one ~11 ms task
 * on this machine's Chromium: ~45 ms under a phone's 4× CPU slowdown, near the 50 ms a long task
 * starts at. Answers a cancel.
 */
function holdFontsWhenIdle(files: readonly string[] = Object.values(FONT_FILES)): () => void {
  const loads: Promise<FontFace>[] = [];
  let cancel = () => {};
  const next = (i: number) => {
    if (i === files.length) {
      // offline or refused: not remembered, tried again on the next page load
      Promise.all(loads).then(rememberFontsHeld, () => undefined);
      return;
    }
    cancel = whenIdle(() => {
      loads.push(new FontFace('Inter', `url(${files[i]})`).load());
      next(i + 1);
    });
  };
  next(0);
  return () => cancel();
}

function rememberFontsHeld(): void {
  try {
    localStorage.setItem(HELD_KEY, HELD);
  } catch {
    // as fontsHeld
  }
}

/** The web font's life in the browser (root layout): fetched after hydration, shown from the next page. */
export function useWebFonts(): void {
  const { pathname } = useLocation();
  // a product's variant (its child sku, the path's last segment) is the same page: choosing a grade
  // turned the whole page to Inter under the shopper's eyes, and its relayout was most of the choice's
  // main-thread time (a 330 ms layout at 4× CPU slowdown, bench/interactions.ts)
  const { childSku } = useParams();
  const page = pageOfPath(pathname, childSku);
  useEffect(() => {
    if (typeof FontFace === 'undefined' || fontsHeld()) return;
    return holdFontsWhenIdle();
  }, []);
  // before the new page's first frame: it is never drawn in the system font and then again in Inter
  useLayoutEffect(() => {
    if (!fontsShown() && fontsHeld()) document.documentElement.dataset.fonts = '';
  }, [page]);
}
